/**
 * Moving a booked date (issue 34 item 3): what it costs on the accepted written quote's terms (src/lib/date-change.ts),
 * asked by the page that quotes it and by the change that records it; and, once the change is stored, anything paid
 * beyond the new price back to the card through Stripe's refunds API (refund.ts stores each refund before asking).
 */
import { dateChangeCost, dateChangeLines, type DateChangeCost } from '~/lib/date-change';
import { formatLongDate } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import type { WrittenLine, WrittenQuote } from '~/lib/office/written-quote';
import type { Env } from '../../env';
import { auditStatement } from '../office/audit';
import { priceFor } from '../quote/price';
import type { StoredQuote } from '../quote/stored-quote';
import { noticeGiven } from './cancel-refund';
import { cardAccount } from './due';
import type { PaymentRow } from './checkout';
import { askStoredRefunds, refundRowsOf, refusedRefundTasks } from './refund-run';

export interface Rebooking {
  accepted: WrittenQuote;
  /** The move's payments the cost was worked from (what dateRefundRows refunds from). */
  payments: PaymentRow[];
  cost: DateChangeCost;
  /** What the written quote's next version adds. */
  lines: WrittenLine[];
}

/**
 * Null when the move's price is not an accepted written quote: it was booked some other way, so moving it is a call.
 * Notice counts by the clock, from `now` to the current date's arrival window.
 */
export async function rebookingFor(db: D1Database, quote: StoredQuote, to: string, now: Date): Promise<Rebooking | null> {
  const { written: accepted, paidPence, payments } = await cardAccount(db, quote.reference);
  if (!accepted) return null;
  const hours = await noticeGiven(db, quote, now);
  const cost = dateChangeCost({
    written: accepted,
    engine: { from: priceFor(quote, quote.moveDate)?.total ?? null, to: priceFor(quote, to)?.total ?? null },
    paidPence,
    hours,
  });
  return { accepted, payments, cost, lines: dateChangeLines(cost, quote.moveDate, to, hours) };
}

const DATE_REFUND_REASON = 'booked date moved: new price lower';

/** The refund rows of what was paid beyond the new price, for the date change's own batch. */
export const dateRefundRows = (db: D1Database, rebooking: Rebooking, now: Date): D1PreparedStatement[] =>
  refundRowsOf(db, rebooking.payments, rebooking.cost.refundPence, DATE_REFUND_REASON, now);

/**
 * Once they are stored (dateRefundRows), asks Stripe for each refund of `amountPence`; the office's audit trail says
 * what went back, and each refund Stripe refused becomes a task to make it by hand.
 */
export async function refundBeyondPrice(env: Env, before: StoredQuote, to: string, amountPence: number, now: Date): Promise<void> {
  const run = await askStoredRefunds(env, before.reference, DATE_REFUND_REASON, amountPence, now);
  const detail = `Move date changed to ${formatLongDate(to)}: ${formatPence(amountPence)} paid beyond the new price: ${run.said.join(', ')}`;
  await env.DB.batch([
    auditStatement(env.DB, { actor: 'customer', action: 'payment_refunded', reference: before.reference, detail }, now),
    ...refusedRefundTasks(env.DB, before.reference, run, now),
  ]);
}
