/**
 * Cancelling a booked move that was paid for by card (issue 34 item 3): the fee from the one table of terms
 * (src/lib/cancellation-fee.ts, the same function the page quotes), and what was paid beyond it back through Stripe's
 * refunds API, newest payment first. Every refund is stored before Stripe is asked (refund.ts); the customer is e-mailed
 * what came back, and the office is given each refund Stripe refused.
 */
import { cancellationTier, type CancellationTier } from '~/data/promises';
import { londonToday } from '~/lib/dates';
import { cancellationFeePence, noticeHours, refundAfterFeePence } from '~/lib/cancellation-fee';
import { formatPence } from '~/lib/money';
import type { Env } from '../../env';
import { auditStatement } from '../office/audit';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import type { StoredQuote } from '../quote/stored-quote';
import { cardAccount } from './due';
import { refundEmail } from './refund-email';
import { refundNewestFirst, refusedRefundTasks } from './refund-run';
import { mailContext } from '../mail-context';

export interface CancelCost {
  feePence: number;
  /** The terms' tier the fee comes from; null when the move is not booked, so cancelling costs nothing. */
  tier: CancellationTier | null;
  /** Paid by card and not yet refunded. */
  paidPence: number;
  refundPence: number;
}

/** Null when nothing was paid by card: the terms page's words are all there is to say. */
export async function cancelCost(db: D1Database, quote: StoredQuote, today: string): Promise<CancelCost | null> {
  const { written, paidPence } = await cardAccount(db, quote.reference);
  if (!written || paidPence === 0) return null;
  const hours = noticeHours(today, quote.moveDate);
  const tier = quote.status === 'booked' ? cancellationTier(hours) : null;
  const feePence = tier ? cancellationFeePence(written.totalPence, hours) : 0;
  return { feePence, tier, paidPence, refundPence: refundAfterFeePence(paidPence, feePence) };
}

export const cancelCostLine = (cost: CancelCost): string =>
  cost.refundPence > 0
    ? `Cancelling now costs ${formatPence(cost.feePence)}: we refund ${formatPence(cost.refundPence)} of the ${formatPence(cost.paidPence)} you paid to your card.`
    : `Cancelling now costs ${formatPence(cost.feePence)}, so the ${formatPence(cost.paidPence)} you paid is kept and nothing more is taken.`;

/**
 * After the cancellation is stored: `before` is the quote as it was (its status says whether it was booked). Once
 * Stripe has answered every refund, one batch stores the office's audit line, a task for each refund Stripe refused
 * (to make by hand) and the customer's refund e-mail, keyed by the first refund's row so it is sent once.
 */
export async function refundOnCancel(env: Env, before: StoredQuote, now: Date): Promise<CancelCost | null> {
  const db = env.DB;
  const cost = await cancelCost(db, before, londonToday(now));
  if (!cost) return null;
  const run = await refundNewestFirst(env, before.reference, cost.refundPence, 'cancelled by the customer', now);
  const { made, said } = run;
  const detail = `Cancelled with ${formatPence(cost.feePence)} to pay from ${formatPence(cost.paidPence)} paid by card${said.length ? `: ${said.join(', ')}` : ''}`;
  const emails: OutboxEmail[] = made.length
    ? [
        {
          recordType: 'move',
          recordReference: before.reference,
          kind: 'customer',
          draft: refundEmail(await mailContext(env), before, {
            refunds: made,
            feePence: cost.feePence,
            tier: cost.tier,
            leftPence: run.leftPence,
            refundedAt: now,
          }),
          idempotencyKey: `move:${before.reference}:refund:${made[0]!.refundId}`,
        },
      ]
    : [];
  await db.batch([
    auditStatement(db, { actor: 'customer', action: 'payment_refunded', reference: before.reference, detail }, now),
    ...refusedRefundTasks(db, before.reference, run, now),
    ...outboxInserts(db, emails, now),
  ]);
  await queueEmails(
    env,
    emails.map((email) => email.idempotencyKey),
  );
  return cost;
}
