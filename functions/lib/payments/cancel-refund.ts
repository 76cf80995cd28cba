/**
 * Cancelling a booked move that was paid for by card (issue 34 item 3): the fee from the one table of terms
 * (src/lib/cancellation-fee.ts, the same function the page quotes), notice counted by the clock to the start of the
 * arrival window (issue 39 item 7), and what was paid beyond the fee back through Stripe's refunds API, newest payment
 * first. Every refund is stored before Stripe is asked (refund.ts); the customer is e-mailed what came back and what is
 * on its way; a refund Stripe refused is asked again by the cron.
 */
import { cancellationTier, FREE_CANCELLATION_HOURS, type CancellationTier } from '~/data/promises';
import { cancellationFeePence, noticeHours, refundAfterFeePence } from '~/lib/cancellation-fee';
import type { CancelledFee } from '~/lib/move-status';
import { formatPence } from '~/lib/money';
import type { Env } from '../../env';
import { auditStatement } from '../office/audit';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { moveStart } from '../quote/notice';
import type { StoredQuote } from '../quote/stored-quote';
import { cardAccount } from './due';
import { refundEmail } from './refund-email';
import { askStoredRefunds, refundRowsOf, refusedRefundTasks } from './refund-run';
import type { PaymentRow } from './checkout';
import { mailContext } from '../mail-context';

export interface CancelCost {
  feePence: number;
  /** The terms' tier the fee comes from; null when the move is not booked, so cancelling costs nothing. */
  tier: CancellationTier | null;
  /** Paid by card and not refunded. */
  paidPence: number;
  refundPence: number;
}

/** Hours from `now` to the start of the move's arrival window (8 am while the office has set none). */
export const noticeGiven = async (db: D1Database, quote: StoredQuote, now: Date): Promise<number> =>
  noticeHours(now, await moveStart(db, quote));

/** The cost and the payments it was worked from; null when nothing was paid by card. */
async function cancelAccount(db: D1Database, quote: StoredQuote, now: Date): Promise<{ cost: CancelCost; payments: PaymentRow[] } | null> {
  const { written, paidPence, payments } = await cardAccount(db, quote.reference);
  if (!written || paidPence === 0) return null;
  const hours = await noticeGiven(db, quote, now);
  const tier = quote.status === 'booked' ? cancellationTier(hours) : null;
  const feePence = tier ? cancellationFeePence(written.totalPence, hours) : 0;
  return { cost: { feePence, tier, paidPence, refundPence: refundAfterFeePence(paidPence, feePence) }, payments };
}

/** Null when nothing was paid by card: the terms page's words are all there is to say. */
export const cancelCost = async (db: D1Database, quote: StoredQuote, now: Date): Promise<CancelCost | null> =>
  (await cancelAccount(db, quote, now))?.cost ?? null;

/**
 * What the cancellation's event records (the page's and the history's words): under FREE_CANCELLATION_HOURS' notice of
 * a booked move, the fee under the terms and what of the card payments it keeps.
 */
export async function lateCancellation(
  db: D1Database,
  quote: StoredQuote,
  now: Date,
): Promise<{ shortNotice: boolean; fee?: CancelledFee }> {
  if (quote.status !== 'booked') return { shortNotice: false };
  const hours = await noticeGiven(db, quote, now);
  if (hours >= FREE_CANCELLATION_HOURS) return { shortNotice: false };
  const { written, paidPence } = await cardAccount(db, quote.reference);
  if (!written) return { shortNotice: true };
  const feePence = cancellationFeePence(written.totalPence, hours);
  return { shortNotice: true, fee: { feePence, paidPence, refundPence: refundAfterFeePence(paidPence, feePence) } };
}

export const cancelCostLine = (cost: CancelCost): string =>
  cost.refundPence > 0
    ? `Cancelling now costs ${formatPence(cost.feePence)}: we refund ${formatPence(cost.refundPence)} of the ${formatPence(cost.paidPence)} you paid to your card.`
    : `Cancelling now costs ${formatPence(cost.feePence)}, so the ${formatPence(cost.paidPence)} you paid is kept and nothing more is taken.`;

const CANCEL_REFUND_REASON = 'cancelled by the customer';

/** What cancelling costs and its refund rows, for the cancellation's own batch; null when nothing was paid by card. */
export async function cancelRefund(
  db: D1Database,
  before: StoredQuote,
  now: Date,
): Promise<{ cost: CancelCost; rows: D1PreparedStatement[] } | null> {
  const account = await cancelAccount(db, before, now);
  return account && { cost: account.cost, rows: refundRowsOf(db, account.payments, account.cost.refundPence, CANCEL_REFUND_REASON, now) };
}

/**
 * After the cancellation is stored with its refund rows (cancelRefund): `before` is the quote as it was. Once Stripe
 * has answered every refund, one batch stores the office's audit line, a task for a refund that cannot be asked again
 * and the customer's refund e-mail, keyed by the first refund's row so it is sent once.
 */
export async function refundOnCancel(env: Env, before: StoredQuote, cost: CancelCost, now: Date): Promise<void> {
  const db = env.DB;
  const run = await askStoredRefunds(env, before.reference, CANCEL_REFUND_REASON, cost.refundPence, now);
  const { made, said } = run;
  const detail = `Cancelled with ${formatPence(cost.feePence)} to pay from ${formatPence(cost.paidPence)} paid by card${said.length ? `: ${said.join(', ')}` : ''}`;
  const first = made[0]?.refundId ?? run.refused[0]?.refundId;
  const emails: OutboxEmail[] =
    first !== undefined && first !== null
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
              onItsWayPence: run.onItsWayPence,
              refundedAt: now,
            }),
            idempotencyKey: `move:${before.reference}:refund:${first}`,
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
}
