/**
 * Refunding an amount across a move's card payments, newest first, each through refundPayment (stored before Stripe is
 * asked). A cancellation and a booked date moved to a lower price both refund this way; a refund Stripe refuses becomes
 * an office task to make by hand.
 */
import { formatPence } from '~/lib/money';
import { PURPOSE_LABELS } from '~/lib/payments';
import type { Env } from '../../env';
import { taskStatement } from '../office/tasks';
import { paymentsFor, type PaymentRow } from './checkout';
import { isPaid } from './due';
import { refundPayment } from './refund';
import type { RefundMade } from './refund-email';

export interface RefundRun {
  made: Array<RefundMade & { refundId: number }>;
  refused: Array<{ payment: PaymentRow; amountPence: number; error: string }>;
  /** What was asked for and did not go back. */
  leftPence: number;
  /** One phrase per refund tried, for the office's audit line. */
  said: string[];
}

export async function refundNewestFirst(env: Env, reference: string, amountPence: number, reason: string, now: Date): Promise<RefundRun> {
  const run: RefundRun = { made: [], refused: [], leftPence: amountPence, said: [] };
  const paid = (await paymentsFor(env.DB, reference)).filter(isPaid).reverse();
  for (const payment of paid) {
    const amount = Math.min(run.leftPence, payment.amount_pence - payment.refunded_pence);
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
    } else {
      run.refused.push({ payment, amountPence: amount, error: outcome.error });
    }
    run.said.push(`${formatPence(amount)} ${outcome.ok ? 'refunded' : `NOT refunded (${outcome.error})`}`);
  }
  return run;
}

/** One office task for each refund Stripe refused. */
export const refusedRefundTasks = (db: D1Database, reference: string, run: RefundRun, now: Date): D1PreparedStatement[] =>
  run.refused.map(({ payment, amountPence, error }) =>
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
