/**
 * The ledger page (issue 45 item 3): the period's lines (payments, refunds, partners' transfers and reversals), its
 * totals by day, week or month, and, when asked, the differences with Stripe.
 */
import { addDays, formatLongDate, londonDayStart } from '~/lib/dates';
import { exportHref } from '~/lib/office/accounts-export';
import {
  DIFFERENCE_WORDS,
  FEE_NOT_KNOWN,
  emptyGroups,
  groupLabel,
  LEDGER_CHECK,
  LEDGER_CSV_PATH,
  LEDGER_PAGE_LINES,
  LEDGER_PATH,
  ledgerTotals,
  lineKind,
  type LedgerGroup,
  type Difference,
  type LedgerTotals,
  type LineKind,
} from '~/lib/office/accounts-ledger';
import type { ReportPeriod } from '~/lib/office/reports';
import { formatPence } from '~/lib/money';
import type { LedgerTotalsView, LedgerView } from '~/lib/views/ledger';
import type { Env } from '../env';
import { ledgerLines } from '../lib/office/accounts-ledger';
import { reconcilePeriod } from '../lib/office/reconcile';

export const LEDGER_WORDS = {
  unavailable: 'Stripe is not set up here, so there is nothing to check against.',
  failed: 'Stripe could not be asked just now. Try again in a few minutes.',
  limited: 'You have checked against Stripe many times in the last minute. Wait a minute, then try again.',
} as const;

/** What a difference is, when not a payment. */
const MOVEMENT_WORDS: Record<Exclude<LineKind, 'payment'>, string> = {
  refund: 'a refund',
  transfer: 'a transfer to a partner',
  reversal: 'a transfer taken back from a partner',
};

/** "1 fee", "3 fees". */
const feeCount = (count: number) => (count === 1 ? '1 fee' : `${count} fees`);

// A fee not read yet is never shown as £0: the totals say how many are not yet known, and the net is before them.
const totalsView = (label: string, totals: LedgerTotals): LedgerTotalsView => ({
  label,
  taken: formatPence(totals.taken),
  refunded: formatPence(totals.refunded),
  transferred: formatPence(totals.transferred),
  fees:
    totals.feesUnknown === 0
      ? formatPence(totals.fees)
      : totals.fees === 0
        ? FEE_NOT_KNOWN
        : `${formatPence(totals.fees)}, and ${feeCount(totals.feesUnknown)} not yet known`,
  net:
    totals.feesUnknown === 0 ? formatPence(totals.net) : `${formatPence(totals.net)} before ${feeCount(totals.feesUnknown)} not yet known`,
  vat: formatPence(totals.vat),
  lines: totals.lines,
});

async function checkView(env: Env, period: ReportPeriod): Promise<LedgerView['check']> {
  try {
    const differences = await reconcilePeriod(env, period);
    if (!differences) return { problem: LEDGER_WORDS.unavailable };
    const amount = (pence: number | null) => (pence === null ? 'None' : formatPence(pence));
    // Our side of a fee not read yet: not yet known, not none.
    const ours = (difference: Difference) => (difference.kind === 'fee_not_known' ? FEE_NOT_KNOWN : amount(difference.ours));
    return {
      differences: differences.map((difference) => ({
        what: `${DIFFERENCE_WORDS[difference.kind]}${difference.stripeType ? ` (${difference.stripeType})` : ''}${difference.movement && difference.movement !== 'payment' ? `: ${MOVEMENT_WORDS[difference.movement]}` : ''}`,
        stripeId: difference.stripeId.startsWith('none:') ? 'None' : difference.stripeId,
        reference: difference.reference ?? '',
        ours: ours(difference),
        stripes: amount(difference.stripes),
      })),
    };
  } catch (error) {
    console.error(`The ledger's check against Stripe failed: ${String(error)}`);
    return { problem: LEDGER_WORDS.failed };
  }
}

export async function ledgerView(
  env: Env,
  period: ReportPeriod,
  check: boolean | 'limited',
  group: LedgerGroup = 'month',
): Promise<LedgerView> {
  const lines = await ledgerLines(env.DB, londonDayStart(period.from).toISOString(), londonDayStart(addDays(period.to, 1)).toISOString());
  const totals = ledgerTotals(lines, emptyGroups(period, group), group);
  const shown = lines.slice(0, LEDGER_PAGE_LINES);
  return {
    form: period,
    errors: {},
    period: `${formatLongDate(period.from)} to ${formatLongDate(period.to)}`,
    group,
    months: totals.months.map((each) => totalsView(groupLabel(each.month, group), each)),
    total: totalsView('The period', totals.all),
    lines: shown.map((line) => ({
      day: formatLongDate(line.day),
      reference: line.reference,
      kind: lineKind(line),
      partner: line.partner ?? '',
      stripeId: line.stripeId ?? 'None',
      amount: formatPence(line.pence),
      vat: line.vatPence === null ? 'None' : formatPence(line.vatPence),
      fee: line.kind !== 'payment' ? 'None' : line.feePence === null ? FEE_NOT_KNOWN : formatPence(line.feePence),
    })),
    more: lines.length - shown.length,
    csvHref: exportHref(LEDGER_CSV_PATH, period),
    checkHref: `${LEDGER_PATH}?${new URLSearchParams({ ...period, ...(group === 'month' ? {} : { group }), check: LEDGER_CHECK })}`,
    check: check === 'limited' ? { problem: LEDGER_WORDS.limited } : check ? await checkView(env, period) : null,
  };
}
