/**
 * A card payment through Stripe Checkout (issue 34): the payment's row is stored first; then Stripe is asked for a
 * Checkout Session under the row's idempotency key (`payment-<id>`), so the SDK's retries, a second tab and a request
 * that died half-way all get the same session; the row keeps the session's id. A row is the purpose's one open payment
 * while it holds `open_key` (open.ts decides whether to reuse, replace or start one). The payment counts as paid only
 * once Stripe says so (fulfil.ts).
 */
import { CHECK_SESSION_AFTER_MINUTES, PAYMENT_WORDS, type PaymentPurpose, type PaymentStatus } from '~/lib/payments';
import type { Env } from '../../env';
import { stripeClient } from './stripe';

export interface CheckoutRequest {
  reference: string;
  purpose: PaymentPurpose;
  amountPence: number;
  /** Stripe shows it on its page and sends its own receipt there. */
  email: string;
  /** Absolute; `{CHECKOUT_SESSION_ID}` is replaced by Stripe with the session's id. */
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentRow {
  id: number;
  reference: string;
  purpose: PaymentPurpose;
  amount_pence: number;
  checkout_session_id: string | null;
  payment_intent: string | null;
  status: PaymentStatus;
  refunded_pence: number;
  /** Refunds asked for and not yet made (waiting for Stripe, or to be tried again): on their way back, so not kept. */
  pending_refund_pence: number;
  paid_event_id: string | null;
  last_error: string | null;
  created_at: string;
  paid_at: string | null;
  open_key: string | null;
  expires_at: string | null;
  next_check_at: string | null;
  fulfilled_at: string | null;
  received_pence: number | null;
  received_currency: string | null;
  disputed_at: string | null;
}

/** Every payment of a move with what of it is on its way back (refund.ts counts a refund pending the same way). */
const PAYMENT_COLUMNS = `p.*, coalesce((SELECT sum(r.amount_pence) FROM refunds r WHERE r.payment_id = p.id
  AND (r.status = 'created' OR (r.status = 'failed' AND r.next_attempt_at IS NOT NULL))), 0) AS pending_refund_pence`;

export const paymentsFor = async (db: D1Database, reference: string): Promise<PaymentRow[]> =>
  (await db.prepare(`SELECT ${PAYMENT_COLUMNS} FROM payments p WHERE p.reference = ? ORDER BY p.id`).bind(reference).all<PaymentRow>())
    .results;

export const paymentWhere = (db: D1Database, where: string, ...binds: unknown[]): Promise<PaymentRow | null> =>
  db
    .prepare(`SELECT ${PAYMENT_COLUMNS} FROM payments p WHERE ${where}`)
    .bind(...binds)
    .first<PaymentRow>();

export const paymentsWhere = async (db: D1Database, where: string, ...binds: unknown[]): Promise<PaymentRow[]> =>
  (
    await db
      .prepare(`SELECT ${PAYMENT_COLUMNS} FROM payments p WHERE ${where}`)
      .bind(...binds)
      .all<PaymentRow>()
  ).results;

/** The value of `open_key` for a purpose's one open payment. */
export const openKey = (reference: string, purpose: PaymentPurpose) => `${reference}:${purpose}`;

export const secondsToIso = (seconds: number) => new Date(seconds * 1000).toISOString();
export const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

export type CheckoutStarted = { ok: true; paymentId: number; url: string } | { ok: false; paymentId: number | null; message: string };

/**
 * Asks Stripe for the session of stored payment `row` (the same parameters every time for the same row: the key makes
 * a retry the same session). Refused, the row says why and lets its purpose go.
 */
export async function createCheckoutSession(env: Env, row: PaymentRow, request: CheckoutRequest, now: Date): Promise<CheckoutStarted> {
  const stripe = stripeClient(env);
  if (!stripe) return { ok: false, paymentId: row.id, message: PAYMENT_WORDS.unavailable };
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: row.amount_pence,
              product_data: { name: PAYMENT_WORDS.lineItem(row.purpose, row.reference) },
            },
          },
        ],
        client_reference_id: row.reference,
        customer_email: request.email,
        // The webhook finds its payment by this, even if the event arrives before the session's id is stored.
        metadata: { payment_id: String(row.id), reference: row.reference, purpose: row.purpose },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `payment-${row.id}` },
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} came without a URL`);
    await env.DB.prepare('UPDATE payments SET checkout_session_id = ?, expires_at = ?, next_check_at = ? WHERE id = ?')
      .bind(session.id, secondsToIso(session.expires_at), minutesAfter(now, CHECK_SESSION_AFTER_MINUTES), row.id)
      .run();
    return { ok: true, paymentId: row.id, url: session.url };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    console.error(`payment ${row.id}: Stripe did not start a Checkout Session: ${said}`);
    // Another request is starting this very payment (its own page's addresses): that one goes on, so this row stays.
    if (error instanceof Error && 'type' in error && error.type === 'StripeIdempotencyError') {
      return { ok: false, paymentId: row.id, message: PAYMENT_WORDS.unavailable };
    }
    await env.DB.prepare(
      "UPDATE payments SET status = 'failed', last_error = ?, open_key = NULL WHERE id = ? AND status = 'created' AND checkout_session_id IS NULL",
    )
      .bind(said.slice(0, 500), row.id)
      .run();
    return { ok: false, paymentId: row.id, message: PAYMENT_WORDS.unavailable };
  }
}
