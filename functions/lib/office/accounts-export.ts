/**
 * The accountant's export (issue 45 item 4): a period's documents, payments and refunds as CSV, read from D1 a page at
 * a time as the download is taken, so a year's rows are never held whole. Each page starts after the last row sent
 * (keyset), so rows issued meanwhile neither repeat nor shift a page.
 */
import { addDays, londonDayStart, londonToday } from '~/lib/dates';
import type { IssuedDocument } from '~/lib/documents';
import { csvLine, paymentRow, PAYMENT_COLUMNS, XERO_COLUMNS, xeroRows, type MoneyMovement } from '~/lib/office/accounts-export';
import type { ReportPeriod } from '~/lib/office/reports';
import type { PaymentPurpose } from '~/lib/payments';

const PAGE_ROWS = 200;

export const bounds = ({ from, to }: ReportPeriod) => [londonDayStart(from).toISOString(), londonDayStart(addDays(to, 1)).toISOString()];

/** A stream of the header and then each page's lines, asking for the next page only when the last is taken. */
export function csvStream<C>(
  header: string,
  first: C,
  page: (after: C) => Promise<{ lines: string[]; next: C } | null>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = first;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      const read = await page(cursor);
      if (!read) return controller.close();
      cursor = read.next;
      controller.enqueue(encoder.encode(read.lines.join('')));
    },
  });
}

/**
 * Every receipt and credit note issued in the period, by number: the money taken and given back at each tax point. The
 * final invoice is left out, as its total repeats the receipts (a £300.00 deposit's receipt and a £495.00 move's invoice
 * would be £795.00 of sales in Xero).
 */
export function xeroCsv(db: D1Database, period: ReportPeriod): ReadableStream<Uint8Array> {
  const [start, until] = bounds(period);
  return csvStream(csvLine([...XERO_COLUMNS]), 0, async (after) => {
    const { results } = await db
      .prepare(
        `SELECT number, body FROM documents WHERE issued_at >= ?1 AND issued_at < ?2 AND number > ?3 AND kind != 'invoice' ORDER BY number LIMIT ${PAGE_ROWS}`,
      )
      .bind(start, until, after)
      .all<{ number: number; body: string }>();
    if (results.length === 0) return null;
    return {
      lines: results.flatMap((row) => xeroRows(row.number, JSON.parse(row.body) as IssuedDocument)),
      next: results.at(-1)!.number,
    };
  });
}

interface MovementRow {
  at: string;
  refund: 0 | 1;
  id: number;
  reference: string;
  purpose: PaymentPurpose;
  pence: number;
  /** Stripe's fee on a payment (null: not read yet); 0 on a refund, as the ledger has it. */
  fee: number | null;
  stripe_id: string | null;
}

/** Every payment taken and refund made in the period, in the order they happened, each with Stripe's fee and the net. */
export function paymentsCsv(db: D1Database, period: ReportPeriod): ReadableStream<Uint8Array> {
  const [start, until] = bounds(period);
  return csvStream(csvLine([...PAYMENT_COLUMNS]), ['', 0, 0] as [string, number, number], async ([at, refund, id]) => {
    const { results } = await db
      .prepare(
        `SELECT * FROM (
           SELECT paid_at AS at, 0 AS refund, id, reference, purpose, amount_pence AS pence, stripe_fee_pence AS fee,
             payment_intent AS stripe_id
           FROM payments WHERE paid_at >= ?1 AND paid_at < ?2
           UNION ALL
           SELECT r.done_at, 1, r.id, p.reference, p.purpose, r.amount_pence, 0, r.stripe_refund_id
           FROM refunds r JOIN payments p ON p.id = r.payment_id
           WHERE r.status = 'succeeded' AND r.done_at >= ?1 AND r.done_at < ?2
         ) WHERE (at, refund, id) > (?3, ?4, ?5) ORDER BY at, refund, id LIMIT ${PAGE_ROWS}`,
      )
      .bind(start, until, at, refund, id)
      .all<MovementRow>();
    if (results.length === 0) return null;
    const last = results.at(-1)!;
    return {
      lines: results.map((row) =>
        paymentRow({
          day: londonToday(new Date(row.at)),
          reference: row.reference,
          purpose: row.purpose,
          refund: row.refund === 1,
          pence: row.pence,
          stripeId: row.stripe_id,
          feePence: row.fee,
        } satisfies MoneyMovement),
      ),
      next: [last.at, last.refund, last.id] as [string, number, number],
    };
  });
}
