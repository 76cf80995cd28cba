/** The ledger page (issue 45 item 3), as functions/pages/ledger-view.ts builds it. */
import type { LedgerGroup } from '../office/accounts-ledger';
import type { ReportPeriod } from '../office/reports';

/** What the route hands the page instead of the ledger: a refused period, or a check refused by the rate limit. */
export type LedgerPageState = { errors: Record<string, string>; form: ReportPeriod } | { period: ReportPeriod; limited: true };

export interface LedgerLineView {
  day: string;
  reference: string;
  kind: string;
  /** The partner's name on a transfer or reversal, else empty. */
  partner: string;
  stripeId: string;
  amount: string;
  vat: string;
  /** Stripe's fee on a payment, "Not yet known" until read; "None" on the rest. */
  fee: string;
}

export interface LedgerTotalsView {
  label: string;
  taken: string;
  refunded: string;
  /** To partners: transfers less reversals. */
  transferred: string;
  /** Stripe's fees, saying how many are not yet known. */
  fees: string;
  /** After the fees known, saying how many are not. */
  net: string;
  vat: string;
  lines: number;
}

export interface DifferenceView {
  what: string;
  stripeId: string;
  reference: string;
  ours: string;
  stripes: string;
}

export interface LedgerView {
  form: ReportPeriod;
  errors: Record<string, string>;
  /** "1 January 2026 to 31 January 2026", or null when the period was refused. */
  period: string | null;
  /** The totals' grouping, as chosen (month unless chosen). */
  group: LedgerGroup;
  /** Each group's subtotals, in order (named `months` from when months were the only grouping). */
  months: LedgerTotalsView[];
  total: LedgerTotalsView | null;
  lines: LedgerLineView[];
  /** Lines past the page's limit, in the CSV only. */
  more: number;
  csvHref: string;
  checkHref: string;
  /** Not asked; Stripe's differences (none: an empty list); or why it could not be asked. */
  check: { differences: DifferenceView[] } | { problem: string } | null;
}
