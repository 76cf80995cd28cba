/**
 * Refunding an amount across a move's card payments, newest first, each through refundPayment (stored before Stripe is
 * asked). A cancellation and a booked date moved to a lower price both refund this way. A refund Stripe refuses is
 * asked again by the cron (refund-retry.ts); one that cannot be asked at all is the office's to make by hand at once.
 */
import { formatPence } from '~/lib/money';
import { PURPOSE_LABELS } from '~/lib/payments';
import type { Env } from '../../env';
import { taskStatement } from '../office/tasks';
import { paymentsFor, type PaymentRow } from './checkout';
import { isPaid } from './due';
import { refundablePence, refundPayment } from './refund';
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

export async function refundNewestFirst(env: Env, reference: string, amountPence: number, reason: string, now: Date): Promise<RefundRun> {
  const run: RefundRun = { made: [], refused: [], leftPence: amountPence, onItsWayPence: 0, said: [] };
  const paid = (await paymentsFor(env.DB, reference)).filter(isPaid).reverse();
  for (const payment of paid) {
    const amount = Math.min(run.leftPence - run.onItsWayPence, refundablePence(payment));
    if (amount <= 0) continue;
    const outcome = await refundPayment(env, { paymentId: payment.id, amountPence: amount, reason }, now);
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
  return run;
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
