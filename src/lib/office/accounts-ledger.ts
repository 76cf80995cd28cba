/**
 * The ledger the accountant can trust (issue 45 item 3): every card payment and refund of a period as a line with its
 * Stripe id, London day, amount, the VAT within it (from the receipt or credit note issued for it) and its move; the
 * totals by month; and the reconciliation's differences with Stripe, in words. Pure: the lines are read by
 * functions/lib/office/accounts-ledger.ts, Stripe's side by functions/lib/office/reconcile.ts.
 */
import { PURPOSE_LABELS, type PaymentPurpose } from '../payments';
import { csvLine, pounds, ukDate } from './accounts-export';
import type { ReportPeriod } from './reports';

export const LEDGER_PATH = '/office/ledger';
export const LEDGER_CSV_PATH = '/office/ledger.csv';
/** `?check=stripe`: the page asks Stripe too and lists every difference. */
export const LEDGER_CHECK = 'stripe';

/** More lines than this and the page shows the first ones; the CSV always has every line. */
export const LEDGER_PAGE_LINES = 500;

export interface LedgerLine {
  /** When it happened (ISO): a payment's paid_at, a refund's done_at. */
  at: string;
  /** `YYYY-MM-DD`, London. */
  day: string;
  reference: string;
  purpose: PaymentPurpose;
  refund: boolean;
  /** Signed: money in positive, money back negative. */
  pence: number;
  /** The VAT within it as its document shows it, signed like `pence`; null when the document shows none (or none yet). */
  vatPence: number | null;
  stripeId: string | null;
}

export const lineKind = (line: Pick<LedgerLine, 'refund' | 'purpose'>) =>
  line.refund ? `Refund of the ${PURPOSE_LABELS[line.purpose].toLowerCase()}` : PURPOSE_LABELS[line.purpose];

export interface LedgerTotals {
  /** `YYYY-MM`, or 'all' for the period's. */
  month: string;
  taken: number;
  refunded: number;
  net: number;
  vat: number;
  lines: number;
}

const blank = (month: string): LedgerTotals => ({ month, taken: 0, refunded: 0, net: 0, vat: 0, lines: 0 });

function add(total: LedgerTotals, line: LedgerLine): void {
  if (line.pence >= 0) total.taken += line.pence;
  else total.refunded -= line.pence;
  total.net += line.pence;
  total.vat += line.vatPence ?? 0;
  total.lines += 1;
}

/** Each month's totals in order (every month the period touches, none left out), then the period's. */
export function ledgerTotals(lines: readonly LedgerLine[], months: readonly string[]): { months: LedgerTotals[]; all: LedgerTotals } {
  const byMonth = new Map(months.map((month) => [month, blank(month)]));
  const all = blank('all');
  for (const line of lines) {
    const key = line.day.slice(0, 7);
    if (!byMonth.has(key)) byMonth.set(key, blank(key));
    add(byMonth.get(key)!, line);
    add(all, line);
  }
  return { months: [...byMonth.values()], all };
}

export const LEDGER_COLUMNS = ['Date', 'Reference', 'Kind', 'Stripe id', 'Amount', 'VAT', 'Amount less VAT'] as const;

export const ledgerRow = (line: LedgerLine) =>
  csvLine([
    ukDate(line.day),
    line.reference,
    lineKind(line),
    line.stripeId ?? '',
    { raw: pounds(line.pence) },
    { raw: pounds(line.vatPence ?? 0) },
    { raw: pounds(line.pence - (line.vatPence ?? 0)) },
  ]);

export const ledgerFilename = ({ from, to }: ReportPeriod) => `ledger-${from}-to-${to}.csv`;

/** One movement as the reconciliation compares it: keyed by Stripe's payment (pi_…) or refund (re_…) id. */
export interface Movement {
  stripeId: string;
  refund: boolean;
  /** Unsigned pence. */
  pence: number;
  /** ISO. */
  at: string;
  /** The move, on our side only. */
  reference?: string;
  currency?: string;
}

export type DifferenceKind = 'missing_in_d1' | 'missing_at_stripe' | 'amount_differs' | 'not_a_payment';

export interface Difference {
  kind: DifferenceKind;
  stripeId: string;
  refund: boolean;
  reference: string | null;
  /** Ours and Stripe's, unsigned pence (null: that side has none). */
  ours: number | null;
  stripes: number | null;
  /** Stripe's balance transaction's type when it is neither a charge nor a refund (a fee, a transfer). */
  stripeType?: string;
}

export const DIFFERENCE_WORDS: Record<DifferenceKind, string> = {
  missing_in_d1: 'At Stripe, not in our records',
  missing_at_stripe: 'In our records, not at Stripe',
  amount_differs: 'The amounts differ',
  not_a_payment: 'At Stripe, neither a payment nor a refund',
};

const inPeriod = (at: string, [start, until]: readonly [string, string]) => at >= start && at < until;

/**
 * Every difference between our movements and Stripe's, by id. Stripe's are read a day either side of the period, so a
 * payment taken at 23:59:59 and recorded a moment later, past midnight, is one line on both sides, not two differences:
 * a pair counts when either side of it falls in the period, a line alone when it does.
 */
export function reconcile(
  ours: readonly Movement[],
  stripes: readonly Movement[],
  others: ReadonlyArray<{ id: string; type: string; pence: number; at: string }>,
  period: readonly [start: string, until: string],
): Difference[] {
  const theirs = new Map(stripes.map((movement) => [movement.stripeId, movement]));
  const differences: Difference[] = [];
  const seen = new Set<string>();
  for (const our of ours) {
    const their = theirs.get(our.stripeId);
    seen.add(our.stripeId);
    const base = { stripeId: our.stripeId, refund: our.refund, reference: our.reference ?? null, ours: our.pence };
    if (!their) {
      if (inPeriod(our.at, period)) differences.push({ ...base, kind: 'missing_at_stripe', stripes: null });
    } else if (their.pence !== our.pence || (their.currency ?? 'gbp') !== 'gbp' || their.refund !== our.refund) {
      if (inPeriod(our.at, period) || inPeriod(their.at, period))
        differences.push({ ...base, kind: 'amount_differs', stripes: their.pence });
    }
  }
  for (const their of stripes) {
    if (seen.has(their.stripeId) || !inPeriod(their.at, period)) continue;
    differences.push({
      kind: 'missing_in_d1',
      stripeId: their.stripeId,
      refund: their.refund,
      reference: null,
      ours: null,
      stripes: their.pence,
    });
  }
  for (const other of others) {
    if (!inPeriod(other.at, period)) continue;
    differences.push({
      kind: 'not_a_payment',
      stripeId: other.id,
      refund: false,
      reference: null,
      ours: null,
      stripes: other.pence,
      stripeType: other.type,
    });
  }
  return differences;
}
