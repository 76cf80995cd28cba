/**
 * The one refund path (issue 34, issue 39 item 6): a refund's row is stored before Stripe is asked (its idempotency key
 * is the row's id, `refund-<id>`), and the payment's refunded total moves only once Stripe has said it is done, never
 * past what was paid. A refund Stripe refuses is asked again by the cron with the same key (retryRefunds, with the waits
 * of REFUND_RETRY_MINUTES, up to a day); the last refusal is the office's to make by hand.
 */
import { REFUND_RETRY_MINUTES } from '~/lib/payments';
import type { Env } from '../../env';
import { issueDocumentsSafely } from '../documents';
import type { PaymentRow } from './checkout';
import { stripeClient } from './stripe';

export type RefundOutcome =
  | { ok: true; refundId: number; stripeRefundId: string }
  /** `retryAt`: when the cron asks again; null when it will not (the office makes it by hand). */
  | { ok: false; refundId: number | null; error: string; retryAt: string | null };

export interface RefundRow {
  id: number;
  payment_id: number;
  amount_pence: number;
  reason: string | null;
  stripe_refund_id: string | null;
  status: 'created' | 'failed' | 'succeeded';
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
}

/** Paid and not yet refunded, nor on its way back: what a new refund of this payment may take. */
export const refundablePence = (payment: PaymentRow): number =>
  payment.amount_pence - payment.refunded_pence - payment.pending_refund_pence;

/** The refund's row as the next batch statement, for a caller whose own change and the refund must be one (fulfil.ts, refund-run.ts). */
export const refundInsert = (
  db: D1Database,
  { paymentId, amountPence, reason }: { paymentId: number; amountPence: number; reason: string },
  now: Date,
  { afterChange = false } = {},
): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO refunds (payment_id, amount_pence, reason, status, created_at)
       ${afterChange ? "SELECT ?, ?, ?, 'created', ? WHERE changes() = 1" : "VALUES (?, ?, ?, 'created', ?)"} RETURNING id`,
    )
    .bind(paymentId, amountPence, reason, now.toISOString());

const paymentRow = (db: D1Database, id: number) =>
  db
    .prepare(
      `SELECT p.*, coalesce((SELECT sum(r.amount_pence) FROM refunds r WHERE r.payment_id = p.id
         AND (r.status = 'created' OR (r.status = 'failed' AND r.next_attempt_at IS NOT NULL))), 0) AS pending_refund_pence
       FROM payments p WHERE p.id = ?`,
    )
    .bind(id)
    .first<PaymentRow>();

/**
 * Asks Stripe for stored refund `refundId` under its own key: a first try, or the cron's again. Stripe keeps the first
 * answer to a key for 24 hours and gives it again, so asking twice never refunds twice.
 */
export async function askStripe(env: Env, refundId: number, now: Date): Promise<RefundOutcome> {
  const db = env.DB;
  const stripe = stripeClient(env);
  const refund = await db.prepare('SELECT * FROM refunds WHERE id = ?').bind(refundId).first<RefundRow>();
  const payment = refund ? await paymentRow(db, refund.payment_id) : null;
  if (!refund || refund.status === 'succeeded') return { ok: false, refundId, error: 'This refund cannot be asked for.', retryAt: null };
  if (!stripe || !payment?.payment_intent) {
    // Nothing Stripe could refund: never asked again, so it is the office's to make (the caller's task).
    const error = 'Stripe holds no card payment to refund this from.';
    await db
      .prepare(
        "UPDATE refunds SET status = 'failed', done_at = ?, next_attempt_at = NULL, last_error = ? WHERE id = ? AND status != 'succeeded'",
      )
      .bind(now.toISOString(), error, refundId)
      .run();
    return { ok: false, refundId, error, retryAt: null };
  }
  try {
    const made = await stripe.refunds.create(
      {
        payment_intent: payment.payment_intent,
        amount: refund.amount_pence,
        metadata: { refund_id: String(refund.id), reference: payment.reference },
      },
      { idempotencyKey: `refund-${refund.id}` },
    );
    await recordRefundDone(db, refund.id, made.id, new Date());
    // Its credit note (issue 45 item 2).
    await issueDocumentsSafely(env, payment.reference, new Date());
    return { ok: true, refundId: refund.id, stripeRefundId: made.id };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    console.error(`refund ${refund.id} of payment ${payment.id} (try ${refund.attempts}): Stripe refused it: ${said}`);
    // `attempts` counts the tries made, this one included (the cron adds each of its own before it asks).
    const wait = REFUND_RETRY_MINUTES[refund.attempts - 1];
    const retryAt = wait === undefined ? null : new Date(now.getTime() + wait * 60_000).toISOString();
    await db
      .prepare(
        "UPDATE refunds SET status = 'failed', done_at = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND status != 'succeeded'",
      )
      .bind(new Date().toISOString(), retryAt, said.slice(0, 500), refund.id)
      .run();
    return { ok: false, refundId: refund.id, error: said, retryAt };
  }
}

/**
 * Stripe has made refund `refundId` (its answer, or its charge.refunded event when the answer was lost): the row says
 * so once, and only then does the payment's refunded total move, in SQL, so two refunds at once each add their own.
 */
export async function recordRefundDone(db: D1Database, refundId: number, stripeRefundId: string, at: Date): Promise<boolean> {
  const refund = await db.prepare('SELECT payment_id, amount_pence FROM refunds WHERE id = ?').bind(refundId).first<RefundRow>();
  if (!refund) return false;
  const [done] = await db.batch([
    db
      .prepare(
        "UPDATE refunds SET stripe_refund_id = ?, status = 'succeeded', done_at = ?, next_attempt_at = NULL WHERE id = ? AND status != 'succeeded'",
      )
      .bind(stripeRefundId, at.toISOString(), refundId),
    db
      .prepare(
        `UPDATE payments SET refunded_pence = refunded_pence + ?1,
           status = CASE WHEN refunded_pence + ?1 >= amount_pence THEN 'refunded' ELSE 'partially_refunded' END
         WHERE id = ?2 AND refunded_pence + ?1 <= amount_pence AND changes() = 1`,
      )
      .bind(refund.amount_pence, refund.payment_id),
  ]);
  return done?.meta.changes === 1;
}
