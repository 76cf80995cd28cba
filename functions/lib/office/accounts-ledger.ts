/**
 * The ledger's lines (issue 45 item 3): every card payment taken and refund made in a window, in the order they
 * happened, each with the VAT its receipt or credit note shows. One query for the page and the reconciliation, and the
 * same one a page at a time (keyset, as the other exports) for the streamed CSV.
 */
import { londonToday } from '~/lib/dates';
import { LEDGER_COLUMNS, ledgerRow, type LedgerLine } from '~/lib/office/accounts-ledger';
import { csvLine } from '~/lib/office/accounts-export';
import type { ReportPeriod } from '~/lib/office/reports';
import type { PaymentPurpose } from '~/lib/payments';
import { bounds, csvStream } from './accounts-export';

interface LineRow {
  at: string;
  refund: 0 | 1;
  id: number;
  reference: string;
  purpose: PaymentPurpose;
  pence: number;
  vat: number | null;
  stripe_id: string | null;
}

// Paid means paid_at is set (paid, refunded, partly refunded); a refund counts once Stripe made it ('succeeded').
const LINES = `SELECT * FROM (
    SELECT p.paid_at AS at, 0 AS refund, p.id, p.reference, p.purpose, p.amount_pence AS pence, d.vat_pence AS vat,
      p.payment_intent AS stripe_id
    FROM payments p LEFT JOIN documents d ON d.source = 'payment:' || p.id
    WHERE p.paid_at >= ?1 AND p.paid_at < ?2
    UNION ALL
    SELECT r.done_at, 1, r.id, p.reference, p.purpose, r.amount_pence, d.vat_pence, r.stripe_refund_id
    FROM refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN documents d ON d.source = 'refund:' || r.id
    WHERE r.status = 'succeeded' AND r.done_at >= ?1 AND r.done_at < ?2
  ) WHERE (at, refund, id) > (?3, ?4, ?5) ORDER BY at, refund, id`;

const lineOf = (row: LineRow): LedgerLine => ({
  at: row.at,
  day: londonToday(new Date(row.at)),
  reference: row.reference,
  purpose: row.purpose,
  refund: row.refund === 1,
  pence: row.refund === 1 ? -row.pence : row.pence,
  vatPence: row.vat === null ? null : row.refund === 1 ? -Math.abs(row.vat) : Math.abs(row.vat),
  stripeId: row.stripe_id,
});

/** Every line from `start` (ISO, included) to `until` (excluded). */
export async function ledgerLines(db: D1Database, start: string, until: string): Promise<LedgerLine[]> {
  const { results } = await db.prepare(LINES).bind(start, until, '', 0, 0).all<LineRow>();
  return results.map(lineOf);
}

const PAGE_ROWS = 200;

/** The period's lines as CSV, read a page at a time as the download is taken. */
export function ledgerCsv(db: D1Database, period: ReportPeriod): ReadableStream<Uint8Array> {
  const [start, until] = bounds(period);
  return csvStream(csvLine([...LEDGER_COLUMNS]), ['', 0, 0] as [string, number, number], async ([at, refund, id]) => {
    const { results } = await db.prepare(`${LINES} LIMIT ${PAGE_ROWS}`).bind(start, until, at, refund, id).all<LineRow>();
    if (results.length === 0) return null;
    const last = results.at(-1)!;
    return { lines: results.map((row) => ledgerRow(lineOf(row))), next: [last.at, last.refund, last.id] as [string, number, number] };
  });
}
