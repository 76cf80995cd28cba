/**
 * One open payment per purpose (issue 39 item 1). Paying a purpose reuses its open Checkout Session while it asks the
 * amount owed now; one asking another amount is expired at Stripe first; one that turns out paid is fulfilled instead of
 * starting another. Once a purpose is paid, or the move is cancelled, every session no longer wanted is expired.
 */
import { MIN_CARD_PENCE, PAYMENT_WORDS } from '~/lib/payments';
import type { Env } from '../../env';
import { isUniqueViolation } from '../d1';
import { findQuote } from '../quote/store';
import { createCheckoutSession, openKey, paymentsFor, paymentWhere, type CheckoutRequest, type PaymentRow } from './checkout';
import { moneyOwed } from './due';
import { fulfilSession, retrieveSession } from './fulfil';
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

/**
 * Closes `row`'s session at Stripe: 'closed'; 'paid' when Stripe would not because it had been paid meanwhile (it is
 * fulfilled instead, so the money is counted, kept or sent back); 'open' when Stripe could not be asked. The row says
 * 'expired' before Stripe is asked, so the expired event Stripe sends at once finds nothing left to tell the customer.
 */
export async function expireSession(env: Env, row: PaymentRow, now: Date): Promise<'closed' | 'paid' | 'open'> {
  const stripe = stripeClient(env);
  if (!stripe || !row.checkout_session_id) return 'open';
  const db = env.DB;
  await db
    .prepare("UPDATE payments SET status = 'expired', open_key = NULL, next_check_at = NULL WHERE id = ? AND status = 'created'")
    .bind(row.id)
    .run();
  try {
    await stripe.checkout.sessions.expire(row.checkout_session_id);
    return 'closed';
  } catch {
    const session = await retrieveSession(env, row.checkout_session_id).catch(() => null);
    if (session && session.status !== 'open') {
      await fulfilSession(env, session, now);
      return session.status === 'complete' ? 'paid' : 'closed';
    }
    // Still open: open again as it was, for the cron to ask about (it cannot be reused: another may be opened).
    await db
      .prepare("UPDATE payments SET status = 'created', next_check_at = ? WHERE id = ? AND status = 'expired'")
      .bind(now.toISOString(), row.id)
      .run();
    return 'open';
  }
}

/**
 * After a payment or a cancellation: every session of the move still open that is not its purpose's open payment for
 * the amount owed now is expired at Stripe (a later payment of it would be refunded, but better never taken).
 */
export async function closeUnwanted(env: Env, reference: string, now: Date): Promise<void> {
  const quote = await findQuote(env.DB, { reference });
  const open = (await paymentsFor(env.DB, reference)).filter((row) => row.status === 'created' && row.checkout_session_id);
  if (open.length === 0) return;
  const due = quote ? (await moneyOwed(env.DB, quote)).due : {};
  for (const row of open) {
    if (row.open_key && due[row.purpose] === row.amount_pence) continue;
    await expireSession(env, row, now).catch((error: unknown) =>
      console.error(`payment ${row.id}: could not close its session: ${String(error)}`),
    );
  }
}
