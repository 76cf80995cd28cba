/**
 * One open payment per purpose (issue 39 item 1). Paying a purpose reuses its open Checkout Session while it asks the
 * amount owed now; one asking another amount is expired at Stripe first; one that turns out paid is fulfilled instead of
 * starting another. Once a purpose is paid, or the move is cancelled, every session no longer wanted is expired
 * (closeUnwanted, in fulfil.ts beside fulfilSession: a session paid as it closes is fulfilled).
 */
import { MIN_CARD_PENCE, PAYMENT_WORDS } from '~/lib/payments';
import type { Env } from '../../env';
import { isUniqueViolation } from '../d1';
import { createCheckoutSession, openKey, paymentWhere, type CheckoutRequest, type PaymentRow } from './checkout';
import { expireSession, fulfilSession, retrieveSession } from './fulfil';
import { stripeClient } from './stripe';

export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  /** A bank payment for the purpose is waiting for the bank: nothing more to pay meanwhile. */
  | { kind: 'pending'; message: string }
  /** The open session had been paid (its news had not reached us): back to the page, which says so. */
  | { kind: 'settled'; sessionId: string }
  | { kind: 'unavailable'; message: string };

const unavailable: CheckoutOutcome = { kind: 'unavailable', message: PAYMENT_WORDS.unavailable };

export async function openCheckout(env: Env, request: CheckoutRequest, now: Date): Promise<CheckoutOutcome> {
  if (!stripeClient(env) || !Number.isInteger(request.amountPence) || request.amountPence < MIN_CARD_PENCE) return unavailable;
  const key = openKey(request.reference, request.purpose);
  try {
    // A few rounds at most: each either ends, or closes the open payment in its way.
    for (let round = 0; round < 3; round += 1) {
      const open = await paymentWhere(env.DB, 'p.open_key = ?', key);
      if (open?.status === 'processing') return { kind: 'pending', message: PAYMENT_WORDS.pending(open.purpose, open.amount_pence) };
      if (open?.checkout_session_id) {
        const session = await retrieveSession(env, open.checkout_session_id);
        if (session.status === 'open' && open.amount_pence === request.amountPence && session.url)
          return { kind: 'redirect', url: session.url };
        if (session.status === 'open') {
          const closed = await expireSession(env, open, now);
          if (closed === 'paid') return { kind: 'settled', sessionId: open.checkout_session_id };
          if (closed === 'open') return unavailable;
          continue;
        }
        await fulfilSession(env, session, now);
        if (session.status === 'complete') return { kind: 'settled', sessionId: session.id };
        continue;
      }
      if (open && open.amount_pence !== request.amountPence) {
        // Started for another amount and never given its session: let it go.
        await env.DB.prepare(
          "UPDATE payments SET status = 'failed', open_key = NULL, last_error = 'replaced before Stripe answered' WHERE id = ? AND checkout_session_id IS NULL",
        )
          .bind(open.id)
          .run();
        continue;
      }
      const row = open ?? (await storeOpen(env.DB, request, now));
      if (!row) continue;
      const started = await createCheckoutSession(env, row, request, now);
      return started.ok ? { kind: 'redirect', url: started.url } : unavailable;
    }
  } catch (error) {
    console.error(`${request.reference} ${request.purpose}: could not open a checkout: ${String(error)}`);
  }
  return unavailable;
}

/** The purpose's open payment, stored before Stripe is asked; null when another request stored one first. */
async function storeOpen(db: D1Database, request: CheckoutRequest, now: Date): Promise<PaymentRow | null> {
  try {
    const stored = await db
      .prepare(
        "INSERT INTO payments (reference, purpose, amount_pence, status, created_at, open_key) VALUES (?, ?, ?, 'created', ?, ?) RETURNING id",
      )
      .bind(request.reference, request.purpose, request.amountPence, now.toISOString(), openKey(request.reference, request.purpose))
      .first<{ id: number }>();
    return stored ? paymentWhere(db, 'p.id = ?', stored.id) : null;
  } catch (error) {
    if (isUniqueViolation(error, 'payments.open_key')) return null;
    throw error;
  }
}
