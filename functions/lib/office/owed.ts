/**
 * What a move owes, read from D1 (issue 40 item 5): a lead's sums for its page, and the booked moves whose balance's day
 * has passed with some of it unpaid, for "To do today". The sums are src/lib/office/owed.ts's.
 */
import { addDays } from '~/lib/dates';
import { owedOf, type Owed, type PaidRow } from '~/lib/office/owed';
import { discountedPrice, priceToPay } from '~/lib/price-to-pay';
import { paymentsFor } from '../payments/checkout';
import type { StoredQuote } from '../quote/stored-quote';
import { balanceDueDays } from './settings';
import type { OverdueBalance } from '~/lib/views/office';

/** The balance's day: the owner's number of days before the move (settings), as the Pay button's sums read it. */
export async function leadOwed(db: D1Database, quote: StoredQuote, today: string): Promise<Owed> {
  const [payments, dueDays] = await Promise.all([paymentsFor(db, quote.reference), balanceDueDays(db)]);
  return owedOf(
    {
      status: quote.status,
      moveDate: quote.moveDate,
      writtenPence: quote.accepted?.totalPence ?? null,
      estimatePence: priceToPay(quote)?.pricePence ?? null,
      payments: payments.map((row): PaidRow => ({ status: row.status, amountPence: row.amount_pence, refundedPence: row.refunded_pence })),
    },
    today,
    dueDays,
  );
}

interface OverdueRow {
  reference: string;
  name: string;
  move_date: string;
  total: number | null;
  promo_code: string | null;
  written_pence: number | null;
  kept_pence: number;
}

/**
 * Booked moves whose balance's day has passed (the move within the settings' balance days, or gone by) and are owed money, oldest
 * first. Narrowed in SQL by what is certainly owed (a code only lowers an estimate), then worked exactly here.
 */
export async function overdueBalances(db: D1Database, today: string): Promise<OverdueBalance[]> {
  const dueDays = await balanceDueDays(db);
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT q.reference, q.name, q.move_date, q.total, q.promo_code,
           (SELECT w.total_pence FROM written_quotes w WHERE w.reference = q.reference AND w.accepted_at IS NOT NULL
             ORDER BY w.version DESC LIMIT 1) AS written_pence,
           (SELECT COALESCE(SUM(p.amount_pence - p.refunded_pence), 0) FROM payments p
             WHERE p.reference = q.reference AND p.status IN ('paid', 'partially_refunded', 'refunded')) AS kept_pence
         FROM quote_requests q WHERE q.status = 'booked' AND q.move_date < ?)
       WHERE COALESCE(written_pence, total * 100) > kept_pence
       ORDER BY move_date, reference`,
    )
    .bind(addDays(today, dueDays))
    .all<OverdueRow>();
  return results.flatMap((row) => {
    const totalPence = row.written_pence ?? (row.total === null ? null : discountedPrice(row.total, row.promo_code).pricePence);
    const balancePence = totalPence === null ? 0 : totalPence - row.kept_pence;
    return balancePence > 0
      ? [
          {
            reference: row.reference,
            name: row.name,
            moveDate: row.move_date,
            dueOn: addDays(row.move_date, -dueDays),
            balancePence,
          },
        ]
      : [];
  });
}
