/**
 * Cancelling a booked move that was paid for by card (issue 34 item 3): the fee from the one table of terms
 * (src/lib/cancellation-fee.ts, the same function the page quotes), and what was paid beyond it back through Stripe's
 * refunds API, newest payment first. Every refund is stored before Stripe is asked (refund.ts).
 */
import { londonToday } from '~/lib/dates';
import { cancellationFeePence, noticeHours, refundAfterFeePence } from '~/lib/cancellation-fee';
import { formatPence } from '~/lib/money';
import type { Env } from '../../env';
import { auditStatement } from '../office/audit';
import type { StoredQuote } from '../quote/stored-quote';
import { paymentsFor } from './checkout';
import { acceptedWrittenQuote, isPaid } from './due';
import { refundPayment } from './refund';

export interface CancelCost {
  feePence: number;
  /** Paid by card and not yet refunded. */
  paidPence: number;
  refundPence: number;
}

/** Null when nothing was paid by card: the terms page's words are all there is to say. */
export async function cancelCost(db: D1Database, quote: StoredQuote, today: string): Promise<CancelCost | null> {
  const [payments, written] = await Promise.all([paymentsFor(db, quote.reference), acceptedWrittenQuote(db, quote.reference)]);
  const paidPence = payments.filter(isPaid).reduce((sum, row) => sum + row.amount_pence - row.refunded_pence, 0);
  if (!written || paidPence === 0) return null;
  const feePence = quote.status === 'booked' ? cancellationFeePence(written.totalPence, noticeHours(today, quote.moveDate)) : 0;
  return { feePence, paidPence, refundPence: refundAfterFeePence(paidPence, feePence) };
}

export const cancelCostLine = (cost: CancelCost): string =>
  cost.refundPence > 0
    ? `Cancelling now costs ${formatPence(cost.feePence)}: we refund ${formatPence(cost.refundPence)} of the ${formatPence(cost.paidPence)} you paid to your card.`
    : `Cancelling now costs ${formatPence(cost.feePence)}, so the ${formatPence(cost.paidPence)} you paid is kept and nothing more is taken.`;

/** After the cancellation is stored: `before` is the quote as it was (its status says whether it was booked). */
export async function refundOnCancel(env: Env, before: StoredQuote, now: Date): Promise<CancelCost | null> {
  const cost = await cancelCost(env.DB, before, londonToday(now));
  if (!cost) return null;
  let left = cost.refundPence;
  const refunded: string[] = [];
  const paid = (await paymentsFor(env.DB, before.reference)).filter(isPaid).reverse();
  for (const payment of paid) {
    const amount = Math.min(left, payment.amount_pence - payment.refunded_pence);
    if (amount <= 0) continue;
    const outcome = await refundPayment(env, { paymentId: payment.id, amountPence: amount, reason: 'cancelled by the customer' }, now);
    if (outcome.ok) left -= amount;
    refunded.push(`${formatPence(amount)} ${outcome.ok ? 'refunded' : `NOT refunded (${outcome.error})`}`);
  }
  // The office sees the fee and every refund (or a refund Stripe refused, to make by hand) on the lead.
  const detail = `Cancelled with ${formatPence(cost.feePence)} to pay from ${formatPence(cost.paidPence)} paid by card${refunded.length ? `: ${refunded.join(', ')}` : ''}`;
  await auditStatement(env.DB, { actor: 'customer', action: 'payment_refunded', reference: before.reference, detail }, now).run();
  return cost;
}
