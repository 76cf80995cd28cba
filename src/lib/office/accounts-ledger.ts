/**
 * The ledger the accountant can trust (issue 45 item 3): every card payment and refund of a period, and every transfer
 * of a partner's share (Stripe Connect) and its reversals, as a line with its Stripe id, London day, amount, the VAT
 * within it (from the receipt or credit note issued for it; a transfer carries none), its move and partner; the totals
 * by day, week or month; Stripe's fee on each payment (read from its balance transaction: migrations/0200), totalled
 * apart so the net is what reached the firm's Stripe balance; and the reconciliation's differences with Stripe, in words. Pure: the lines are read by
 * functions/lib/office/accounts-ledger.ts, Stripe's side by functions/lib/office/reconcile.ts.
 */
import { addDays, dayOfWeek, formatLongDate } from '../dates';
import { PURPOSE_LABELS, type PaymentPurpose } from '../payments';
import { csvLine, pounds, ukDate } from './accounts-export';
import { monthLabel, monthsOf, type ReportPeriod } from './reports';

export const LEDGER_PATH = '/office/ledger';
export const LEDGER_CSV_PATH = '/office/ledger.csv';
/** `?check=stripe`: the page asks Stripe too and lists every difference. */
export const LEDGER_CHECK = 'stripe';

/** More lines than this and the page shows the first ones; the CSV always has every line. */
export const LEDGER_PAGE_LINES = 500;

/**
 * What moved: a customer's payment or refund, a transfer of a partner's share to their connected account, or a
 * reversal taking part of one back (after a refund to the customer).
 */
export type LineKind = 'payment' | 'refund' | 'transfer' | 'reversal';

/** `?group=`: the totals' groups. Month unless chosen, as the page always was. */
export const LEDGER_GROUPS = { day: 'Day', week: 'Week (from Monday)', month: 'Month' } as const;
export type LedgerGroup = keyof typeof LEDGER_GROUPS;
export const readGroup = (value: string | null): LedgerGroup => (value === 'day' || value === 'week' ? value : 'month');

export interface LedgerLine {
  /** When it happened (ISO): a payment's paid_at, a refund's, transfer's or reversal's done_at. */
  at: string;
  /** `YYYY-MM-DD`, London. */
  day: string;
  reference: string;
  kind: LineKind;
  /** A payment's or refund's; null for a transfer or reversal. */
  purpose: PaymentPurpose | null;
  /** The partner's name, on a transfer or reversal. */
  partner: string | null;
  /** Signed: money in (a payment, a reversal) positive, money out (a refund, a transfer) negative. */
  pence: number;
  /** The VAT within it as its document shows it, signed like `pence`; null when the document shows none (or none yet). */
  vatPence: number | null;
  /**
   * Stripe's fee (pence, unsigned) on a payment; null: not read from Stripe yet ("not yet known", never £0). A refund,
   * transfer or reversal carries none: 0, as its balance transaction's fee is.
   */
  feePence: number | null;
  stripeId: string | null;
}

/** What a fee not read from Stripe yet is called on the page; the CSV leaves its cells blank (ledgerRow). */
export const FEE_NOT_KNOWN = 'Not yet known';

export function lineKind(line: Pick<LedgerLine, 'kind' | 'purpose'>): string {
  const purpose = PURPOSE_LABELS[line.purpose ?? 'deposit'];
  if (line.kind === 'transfer') return 'Transfer to the partner';
  if (line.kind === 'reversal') return 'Taken back from the partner';
  return line.kind === 'refund' ? `Refund of the ${purpose.toLowerCase()}` : purpose;
}

export interface LedgerTotals {
  /** The group's key (`YYYY-MM-DD` for a day or the Monday of a week, `YYYY-MM`), or 'all' for the period's. */
  month: string;
  taken: number;
  refunded: number;
  /** To partners: their transfers less what reversals took back. */
  transferred: number;
  /** Stripe's fees known so far, and how many payments' fees are not yet known. */
  fees: number;
  feesUnknown: number;
  /** What reached the firm's Stripe balance: taken less fees (those known), refunds and what partners kept. */
  net: number;
  vat: number;
  lines: number;
}

const blank = (month: string): LedgerTotals => ({
  month,
  taken: 0,
  refunded: 0,
  transferred: 0,
  fees: 0,
  feesUnknown: 0,
  net: 0,
  vat: 0,
  lines: 0,
});

function add(total: LedgerTotals, line: LedgerLine): void {
  if (line.kind === 'payment') total.taken += line.pence;
  else if (line.kind === 'refund') total.refunded -= line.pence;
  // A transfer is negative, its reversal positive: both move what the partners have had.
  else total.transferred -= line.pence;
  if (line.feePence === null) total.feesUnknown += 1;
  else total.fees += line.feePence;
  total.net += line.pence - (line.feePence ?? 0);
  total.vat += line.vatPence ?? 0;
  total.lines += 1;
}

/** The Monday (`YYYY-MM-DD`) of the week a London day falls in: weeks run Monday to Sunday, as a UK diary's do. */
export const weekOf = (day: string) => addDays(day, -((dayOfWeek(day) + 6) % 7));

export const groupKey = (day: string, group: LedgerGroup) => (group === 'month' ? day.slice(0, 7) : group === 'week' ? weekOf(day) : day);

/** A group's heading: "Jun 2025", "Week from Monday 2 June 2025", "Monday 2 June 2025". */
export const groupLabel = (key: string, group: LedgerGroup) =>
  group === 'month' ? monthLabel(key) : group === 'week' ? `Week from ${formatLongDate(key)}` : formatLongDate(key);

/**
 * Each group's totals in order, then the period's. Every month the period touches is listed (as it always was); days
 * and weeks only when they have a line, so a year by day is not 366 rows of noughts.
 */
export function ledgerTotals(
  lines: readonly LedgerLine[],
  keys: readonly string[],
  group: LedgerGroup = 'month',
): { months: LedgerTotals[]; all: LedgerTotals } {
  const byGroup = new Map(keys.map((key) => [key, blank(key)]));
  const all = blank('all');
  for (const line of lines) {
    const key = groupKey(line.day, group);
    if (!byGroup.has(key)) byGroup.set(key, blank(key));
    add(byGroup.get(key)!, line);
    add(all, line);
  }
  // Lines come in time order, but a group listed up front (a month) must keep its place: sort by key, which is a date.
  return { months: [...byGroup.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0)), all };
}

/** The groups listed even when empty: the period's months when grouped by month, none otherwise. */
export const emptyGroups = (period: ReportPeriod, group: LedgerGroup) => (group === 'month' ? monthsOf(period) : []);

// The fee and the net after it come last, so a sheet built on the earlier columns still reads them where they were.
export const LEDGER_COLUMNS = [
  'Date',
  'Reference',
  'Kind',
  'Stripe id',
  'Amount',
  'VAT',
  'Amount less VAT',
  'Partner',
  'Stripe fee',
  'Net of fee',
] as const;

/**
 * The fee and the net are left blank, never a word or 0.00, while Stripe's fee is not known, as in the payments CSV
 * (paymentRow): a number column an accountant imports holds a number or nothing.
 */
export const ledgerRow = (line: LedgerLine) =>
  csvLine([
    ukDate(line.day),
    line.reference,
    lineKind(line),
    line.stripeId ?? '',
    { raw: pounds(line.pence) },
    { raw: pounds(line.vatPence ?? 0) },
    { raw: pounds(line.pence - (line.vatPence ?? 0)) },
    line.partner ?? '',
    line.feePence === null ? '' : { raw: pounds(line.feePence) },
    line.feePence === null ? '' : { raw: pounds(line.pence - line.feePence) },
  ]);

export const ledgerFilename = ({ from, to }: ReportPeriod) => `ledger-${from}-to-${to}.csv`;

/**
 * One movement as the reconciliation compares it: keyed by Stripe's payment (pi_…), refund (re_…), transfer (tr_…) or
 * transfer reversal (trr_…) id.
 */
export interface Movement {
  stripeId: string;
  kind: LineKind;
  /** Unsigned pence. */
  pence: number;
  /** ISO. */
  at: string;
  /** The move, on our side only. */
  reference?: string;
  currency?: string;
  /** Stripe's fee on it, unsigned pence; null: not yet known on our side; undefined: not compared. */
  feePence?: number | null;
}

export type DifferenceKind = 'missing_in_d1' | 'missing_at_stripe' | 'amount_differs' | 'fee_differs' | 'fee_not_known' | 'not_a_payment';

export interface Difference {
  kind: DifferenceKind;
  stripeId: string;
  /** Null: Stripe's own (a fee, a payout), none of ours. */
  movement: LineKind | null;
  reference: string | null;
  /** Ours and Stripe's, unsigned pence (null: that side has none); a fee's difference gives the fees. */
  ours: number | null;
  stripes: number | null;
  /** Stripe's balance transaction's type when it is none of ours (a fee, a payout to the bank). */
  stripeType?: string;
}

export const DIFFERENCE_WORDS: Record<DifferenceKind, string> = {
  missing_in_d1: 'At Stripe, not in our records',
  missing_at_stripe: 'In our records, not at Stripe',
  amount_differs: 'The amounts differ',
  fee_differs: 'Stripe’s fee differs',
  fee_not_known: 'Stripe’s fee is not yet in our records',
  not_a_payment: 'At Stripe, not a payment, refund or transfer to a partner',
};

const inPeriod = (at: string, [start, until]: readonly [string, string]) => at >= start && at < until;

/** How a pair matched by id differs: the amount (or currency or kind) first; when that agrees, Stripe's fee. */
function pairDifference(our: Movement, their: Movement): Pick<Difference, 'kind' | 'ours' | 'stripes'> | null {
  if (their.pence !== our.pence || (their.currency ?? 'gbp') !== 'gbp' || their.kind !== our.kind)
    return { kind: 'amount_differs', ours: our.pence, stripes: their.pence };
  // Compared too, so the net on both sides agrees to the penny.
  if (our.feePence === undefined || their.feePence === undefined || our.feePence === their.feePence) return null;
  return { kind: our.feePence === null ? 'fee_not_known' : 'fee_differs', ours: our.feePence, stripes: their.feePence };
}

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
    const base = { stripeId: our.stripeId, movement: our.kind, reference: our.reference ?? null, ours: our.pence };
    if (!their) {
      if (inPeriod(our.at, period)) differences.push({ ...base, kind: 'missing_at_stripe', stripes: null });
    } else if (inPeriod(our.at, period) || inPeriod(their.at, period)) {
      const differs = pairDifference(our, their);
      if (differs) differences.push({ ...base, ...differs });
    }
  }
  for (const their of stripes) {
    if (seen.has(their.stripeId) || !inPeriod(their.at, period)) continue;
    differences.push({
      kind: 'missing_in_d1',
      stripeId: their.stripeId,
      movement: their.kind,
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
      movement: null,
      reference: null,
      ours: null,
      stripes: other.pence,
      stripeType: other.type,
    });
  }
  return differences;
}
