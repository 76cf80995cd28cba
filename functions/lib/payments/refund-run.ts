/**
 * Refunding an amount across a move's card payments, newest first: the rows stored in the batch of the change that
 * owes the money (a cancellation, a booked date moved to a lower price, a claim's offer), then Stripe asked for each.
 * A refund Stripe refuses is asked again by the cron (refund-retry.ts); one that cannot be asked at all is the office's
 * to make by hand at once.
 */
import { formatPence } from '~/lib/money';
import { PURPOSE_LABELS } from '~/lib/payments';
import type { Env } from '../../env';
import { taskStatement } from '../office/tasks';
import { paymentsFor, type PaymentRow } from './checkout';
import { isPaid } from './due';
import { askStripe, refundablePence, refundInsert, type RefundOutcome } from './refund';
import type { RefundMade } from './refund-email';

export interface RefundRun {
  made: Array<RefundMade & { refundId: number }>;
  /** `retryAt`: when the cron asks Stripe again; null when it cannot (the office makes it by hand). */
  refused: Array<{ payment: PaymentRow; amountPence: number; error: string; retryAt: string | null; refundId: number | null }>;
  /** What was asked for and did not go back (yet). */
  leftPence: number;
  /** Of `leftPence`, what the cron is asking Stripe for again. */
  onItsWayPence: number;
  /** One phrase per refund tried, for the office's audit line. */
  said: string[];
}

/**
 * The same sum's refund rows, newest payment first, for the caller's own batch right after the change they belong to
 * (each stored only if the statement before it changed a row): a Worker stopped before Stripe is asked (a customer
 * who closed the tab) leaves rows the cron asks for (refund-retry.ts), never a change that says money goes back while
 * nothing will send it.
 */
export async function refundRows(
  db: D1Database,
  reference: string,
  amountPence: number,
  reason: string,
  now: Date,
): Promise<D1PreparedStatement[]> {
  return refundRowsOf(db, await paymentsFor(db, reference), amountPence, reason, now);
}

/** `refundRows` from the move's payments (`paymentsFor`) the caller has already read. */
export function refundRowsOf(
  db: D1Database,
  payments: readonly PaymentRow[],
  amountPence: number,
  reason: string,
  now: Date,
): D1PreparedStatement[] {
  let left = amountPence;
  const rows: D1PreparedStatement[] = [];
  for (const payment of payments.filter(isPaid).reverse()) {
    const amount = Math.min(left, refundablePence(payment));
    if (amount <= 0) continue;
    rows.push(refundInsert(db, { paymentId: payment.id, amountPence: amount, reason }, now, { afterChange: true }));
    left -= amount;
  }
  return rows;
}

/**
 * Asks Stripe for the refunds `refundRows` stored for `reason` at `now` (found again by both: the batch's own rows),
 * with the run's account of what went back.
 */
export async function askStoredRefunds(env: Env, reference: string, reason: string, amountPence: number, now: Date): Promise<RefundRun> {
  const run: RefundRun = { made: [], refused: [], leftPence: amountPence, onItsWayPence: 0, said: [] };
  const payments = await paymentsFor(env.DB, reference);
  const { results: stored } = await env.DB.prepare(
    `SELECT r.id, r.payment_id, r.amount_pence FROM refunds r JOIN payments p ON p.id = r.payment_id
     WHERE p.reference = ? AND r.reason = ? AND r.created_at = ? ORDER BY r.id`,
  )
    .bind(reference, reason, now.toISOString())
    .all<{ id: number; payment_id: number; amount_pence: number }>();
  for (const refund of stored) {
    const payment = payments.find((each) => each.id === refund.payment_id);
    if (payment) tell(run, payment, refund.amount_pence, await askStripe(env, refund.id, now));
  }
  return run;
}

/** One refund's outcome in the run's account. */
function tell(run: RefundRun, payment: PaymentRow, amount: number, outcome: RefundOutcome): void {
  if (outcome.ok) {
    run.leftPence -= amount;
    run.made.push({
      refundId: outcome.refundId,
      purpose: payment.purpose,
      amountPence: amount,
      paidPence: payment.amount_pence,
      stripeRefundId: outcome.stripeRefundId,
    });
    run.said.push(`${formatPence(amount)} refunded`);
  } else {
    run.refused.push({ payment, amountPence: amount, error: outcome.error, retryAt: outcome.retryAt, refundId: outcome.refundId });
    if (outcome.retryAt) run.onItsWayPence += amount;
    run.said.push(`${formatPence(amount)} NOT refunded yet (${outcome.error})${outcome.retryAt ? ': Stripe is asked again' : ''}`);
  }
}

/** One office task for each refund that cannot be asked for again: the office makes it by hand. */
export const refusedRefundTasks = (db: D1Database, reference: string, run: RefundRun, now: Date): D1PreparedStatement[] =>
  run.refused
    .filter((refused) => refused.retryAt === null)
    .map(({ payment, amountPence, error }) =>
      taskStatement(
        db,
        {
          reference,
          kind: 'refund_failed',
          detail: `${PURPOSE_LABELS[payment.purpose]}: ${formatPence(amountPence)} to refund on card payment ${payment.payment_intent ?? `#${payment.id}`}. Stripe said: ${error}`,
        },
        now,
      ),
    );
