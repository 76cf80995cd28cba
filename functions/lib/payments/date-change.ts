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
import { paymentsFor } from './checkout';
import { acceptedWrittenQuote, isPaid, keptPence } from './due';
import { refundPayment } from './refund';

export interface Rebooking {
  accepted: WrittenQuote;
  cost: DateChangeCost;
  /** What the written quote's next version adds. */
  lines: WrittenLine[];
}

/** Null when the move's price is not an accepted written quote: it was booked some other way, so moving it is a call. */
export async function rebookingFor(db: D1Database, quote: StoredQuote, to: string, today: string): Promise<Rebooking | null> {
  const [payments, accepted] = await Promise.all([paymentsFor(db, quote.reference), acceptedWrittenQuote(db, quote.reference)]);
  if (!accepted) return null;
  const cost = dateChangeCost({
    written: accepted,
    engine: { from: priceFor(quote, quote.moveDate)?.total ?? null, to: priceFor(quote, to)?.total ?? null },
    paidPence: keptPence(payments),
    today,
    from: quote.moveDate,
  });
  return { accepted, cost, lines: dateChangeLines(cost, quote.moveDate, to, today) };
}

/**
 * Refunds `amountPence` across the move's card payments, newest first, each through refundPayment; the office's audit
 * trail says what went back (or what Stripe refused, to be refunded by hand).
 */
export async function refundBeyondPrice(env: Env, before: StoredQuote, to: string, amountPence: number, now: Date): Promise<void> {
  let left = amountPence;
  const said: string[] = [];
  const paid = (await paymentsFor(env.DB, before.reference)).filter(isPaid).reverse();
  for (const payment of paid) {
    const amount = Math.min(left, payment.amount_pence - payment.refunded_pence);
    if (amount <= 0) continue;
    const outcome = await refundPayment(
      env,
      { paymentId: payment.id, amountPence: amount, reason: 'booked date moved: new price lower' },
      now,
    );
    if (outcome.ok) left -= amount;
    said.push(`${formatPence(amount)} ${outcome.ok ? 'refunded' : `NOT refunded (${outcome.error})`}`);
  }
  const detail = `Move date changed to ${formatLongDate(to)}: ${formatPence(amountPence)} paid beyond the new price: ${said.join(', ')}`;
  await auditStatement(env.DB, { actor: 'customer', action: 'payment_refunded', reference: before.reference, detail }, now).run();
}
