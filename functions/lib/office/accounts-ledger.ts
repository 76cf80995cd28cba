/**
 * The ledger's lines (issue 45 item 3): every card payment taken and refund made in a window, each with the VAT its
 * receipt or credit note shows (a payment with Stripe's fee, migrations/0200), and every transfer of a partner's share
 * and reversal of one (migrations/0075), in the order they happened. One query for the page and the reconciliation,
 * and the same one a page at a time (keyset, as the other exports) for the streamed CSV.
 */
import { londonToday } from '~/lib/dates';
import { LEDGER_COLUMNS, ledgerRow, type LedgerLine, type LineKind } from '~/lib/office/accounts-ledger';
import { csvLine } from '~/lib/office/accounts-export';
import type { ReportPeriod } from '~/lib/office/reports';
import type { PaymentPurpose } from '~/lib/payments';
import { bounds, csvStream } from './accounts-export';

/** Each source table's place in the order: a payment, a refund, a transfer, a reversal at the same instant. */
const KINDS: readonly LineKind[] = ['payment', 'refund', 'transfer', 'reversal'];

interface LineRow {
  at: string;
  kind: 0 | 1 | 2 | 3;
  id: number;
  reference: string;
  purpose: PaymentPurpose | null;
  pence: number;
  vat: number | null;
  /** Stripe's fee on a payment (null: not read yet); 0 on the rest. */
  fee: number | null;
  stripe_id: string | null;
  partner: string | null;
}

// Paid means paid_at is set (paid, refunded, partly refunded); a refund counts once Stripe made it ('succeeded'), as do
// a transfer and a reversal (done_at is when Stripe made it: see askTransfer in functions/lib/partners/payouts.ts).
// Payments and refunds keep the order (at, 0|1, id) they always had; transfers and reversals fall in by time.
const LINES = `SELECT * FROM (
    SELECT p.paid_at AS at, 0 AS kind, p.id, p.reference, p.purpose, p.amount_pence AS pence, d.vat_pence AS vat,
      p.stripe_fee_pence AS fee, p.payment_intent AS stripe_id, NULL AS partner
    FROM payments p LEFT JOIN documents d ON d.source = 'payment:' || p.id
    WHERE p.paid_at >= ?1 AND p.paid_at < ?2
    UNION ALL
    SELECT r.done_at, 1, r.id, p.reference, p.purpose, r.amount_pence, d.vat_pence, 0, r.stripe_refund_id, NULL
    FROM refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN documents d ON d.source = 'refund:' || r.id
    WHERE r.status = 'succeeded' AND r.done_at >= ?1 AND r.done_at < ?2
    UNION ALL
    SELECT t.done_at, 2, t.id, t.reference, NULL, t.amount_pence, NULL, 0, t.stripe_transfer_id, a.name
    FROM partner_transfers t LEFT JOIN partner_applications a ON a.reference = t.partner_reference
    WHERE t.status = 'succeeded' AND t.done_at >= ?1 AND t.done_at < ?2
    UNION ALL
    SELECT v.done_at, 3, v.id, t.reference, NULL, v.amount_pence, NULL, 0, v.stripe_reversal_id, a.name
    FROM partner_reversals v JOIN partner_transfers t ON t.id = v.transfer_id
      LEFT JOIN partner_applications a ON a.reference = t.partner_reference
    WHERE v.status = 'succeeded' AND v.done_at >= ?1 AND v.done_at < ?2
  ) WHERE (at, kind, id) > (?3, ?4, ?5) ORDER BY at, kind, id`;

function lineOf(row: LineRow): LedgerLine {
  const kind = KINDS[row.kind]!;
  // Money out of the firm's balance (a refund, a transfer) is negative.
  const out = kind === 'refund' || kind === 'transfer';
  return {
    at: row.at,
    day: londonToday(new Date(row.at)),
    reference: row.reference,
    kind,
    purpose: row.purpose,
    partner: row.partner,
    pence: out ? -row.pence : row.pence,
    vatPence: row.vat === null ? null : out ? -Math.abs(row.vat) : Math.abs(row.vat),
    feePence: row.fee,
    stripeId: row.stripe_id,
  };
}

/** Every line from `start` (ISO, included) to `until` (excluded). */
export async function ledgerLines(db: D1Database, start: string, until: string): Promise<LedgerLine[]> {
  const { results } = await db.prepare(LINES).bind(start, until, '', 0, 0).all<LineRow>();
  return results.map(lineOf);
}

const PAGE_ROWS = 200;

/** The period's lines as CSV, read a page at a time as the download is taken. */
export function ledgerCsv(db: D1Database, period: ReportPeriod): ReadableStream<Uint8Array> {
  const [start, until] = bounds(period);
  return csvStream(csvLine([...LEDGER_COLUMNS]), ['', 0, 0] as [string, number, number], async ([at, kind, id]) => {
    const { results } = await db.prepare(`${LINES} LIMIT ${PAGE_ROWS}`).bind(start, until, at, kind, id).all<LineRow>();
    if (results.length === 0) return null;
    const last = results.at(-1)!;
    return { lines: results.map((row) => ledgerRow(lineOf(row))), next: [last.at, last.kind, last.id] as [string, number, number] };
  });
}
