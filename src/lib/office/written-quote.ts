/**
 * A written quote's figures (issue 33 item 3): the office's lines, the customer's code applied to their total by the
 * same rules as the estimate (price-to-pay.ts), the deposit and how long it holds. All in whole pence.
 */
import * as z from 'zod/mini';
import { writtenQuoteDepositPercent } from '../../site.config';
import { addDays, formatLongDate, fromTypedDate, isCalendarDate } from '../dates';
import { ESTIMATE_VALID_DAYS } from '../estimate-validity';
import { formatPence } from '../money';
import { MIN_CARD_PENCE } from '../payments';
import { discountedPence } from '../price-to-pay';
import { priceLines } from '../price-lines';
import type { PricingResult } from '../pricing';

export interface WrittenLine {
  label: string;
  /** Whole pence; a discount is negative. */
  pence: number;
}

export interface WrittenTotals {
  linesPence: number;
  discountPence: number;
  totalPence: number;
  /** The code as stored with the quote and what it gives; null when it gives nothing. */
  code: { code: string; offer: string } | null;
}

/** A written quote holds as long as an estimate does: the trade's usual 28 days. */
export const WRITTEN_QUOTE_VALID_DAYS = ESTIMATE_VALID_DAYS;
/** The furthest ahead the office may set a quote's end. */
export const WRITTEN_QUOTE_LONGEST_DAYS = 365;
/** Blank rows under the lines, for packing, dismantling, access, storage or a discount. */
export const BLANK_LINES = 4;
export const MAX_LINES = 30;
export const LABEL_LIMIT = 120;
export const INCLUDED_LIMIT = 1000;
/** No single line above £100,000 either way: a slip of the keyboard, not a removal. */
const MAX_LINE_PENCE = 10_000_000;

/** The lines' sum less `code`'s discount, as discountedPrice works it on an estimate. */
export function writtenTotals(lines: readonly WrittenLine[], code: string | null): WrittenTotals {
  const linesPence = lines.reduce((sum, line) => sum + line.pence, 0);
  const { discountPence, pricePence, code: applied } = discountedPence(linesPence, code);
  return { linesPence, discountPence, totalPence: pricePence, code: applied };
}

/** The deposit the office starts from: the owner's share of the total (settings, issue 40 item 7), half a penny up. */
export const defaultDeposit = (totalPence: number, percent: number = writtenQuoteDepositPercent): number =>
  Math.floor((totalPence * percent + 50) / 100);

/**
 * The usual deposit when the office leaves it empty, made payable: never under a card payment's least, and the whole
 * total when what it would leave is under it.
 */
export function payableDeposit(totalPence: number, percent: number = writtenQuoteDepositPercent): number {
  const deposit = Math.max(defaultDeposit(Math.max(totalPence, 0), percent), MIN_CARD_PENCE);
  return totalPence - deposit < MIN_CARD_PENCE ? Math.max(totalPence, 0) : deposit;
}

/** The last day a written quote can be accepted: the day set, never after the move itself (issue 41 item 1). */
export const lastDayToAccept = (validUntil: string, moveDate: string): string => (validUntil < moveDate ? validUntil : moveDate);

/** 28 days on, or the move date if that comes first. */
export const defaultValidUntil = (today: string, moveDate: string): string =>
  lastDayToAccept(addDays(today, WRITTEN_QUOTE_VALID_DAYS), moveDate);

/** The engine's estimate as lines to start from (whole pounds to pence). */
export const estimateLines = (pricing: PricingResult): WrittenLine[] =>
  priceLines(pricing).map((line) => ({ label: line.label, pence: line.amount * 100 }));

/** "1,234.50", "£1234.5", "-20" or "-£20" to pence; null for anything else. */
export function parsePounds(text: string): number | null {
  const match = /^(-)?\s*£?\s*(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match || (match[1] && match[2])) return null;
  const pence = Number(match[3]!.replaceAll(',', '')) * 100 + Number((match[4] ?? '').padEnd(2, '0'));
  return match[1] || match[2] ? -pence : pence;
}

/** Pence as the form shows them: "1234.50", "-20.00". */
export const penceField = (pence: number): string => formatPence(pence).replace(/[£,]/g, '');

export const WRITTEN_QUOTE_MESSAGES = {
  label: 'Please say what this line is for.',
  labelLong: `Please keep a line's words to ${LABEL_LIMIT} characters or fewer.`,
  amount: 'Please enter an amount in pounds, such as 120 or 85.50 (a discount as -20).',
  amountLarge: 'Please check this amount: it is more than £100,000.',
  noLines: 'Please write at least one line.',
  tooMany: `Please keep the quote to ${MAX_LINES} lines or fewer.`,
  total: `The total must be at least ${formatPence(MIN_CARD_PENCE)}, the least a card payment can be: please check the lines.`,
  deposit: `Please enter the deposit in pounds, from ${formatPence(MIN_CARD_PENCE)} up to the total, or leave it empty for the usual deposit.`,
  depositSmall: `A deposit must be at least ${formatPence(MIN_CARD_PENCE)}, the least a card payment can be: a deposit of £0 or a few pence cannot be paid online.`,
  depositRest: (rest: number) =>
    `That leaves ${formatPence(rest)} to pay after the deposit, less than the ${formatPence(MIN_CARD_PENCE)} a card payment can be: make the deposit the whole total, or at least ${formatPence(MIN_CARD_PENCE)} less than it.`,
  validUntil: 'Please choose the last day the quote holds, from tomorrow to a year ahead.',
  validUntilMove: (moveDate: string) => `Please choose a last day on or before the move date, ${formatLongDate(moveDate)}.`,
  includedLong: `Please keep what is included to ${INCLUDED_LIMIT.toLocaleString('en-GB')} characters or fewer.`,
} as const;

/** What the office posts (functions/office/written-quotes.ts): every row's label and amount, in order. */
export interface WrittenQuotePost {
  labels: string[];
  amounts: string[];
  deposit: string;
  validUntil: string;
  included: string;
  /** The "priced by date" box is ticked. */
  datePriced: boolean;
}

export interface WrittenQuoteDraft {
  lines: WrittenLine[];
  totals: WrittenTotals;
  depositPence: number;
  validUntil: string;
  included: string | null;
  datePriced: boolean;
}

const scalars = z.object({
  deposit: z.string().check(z.trim()),
  validUntil: z.string().check(z.trim()),
  included: z.string().check(z.trim(), z.maxLength(INCLUDED_LIMIT, WRITTEN_QUOTE_MESSAGES.includedLong)),
});

/**
 * The post checked: rows left blank are skipped; every error is keyed by its field's name (`label-2`, `amount-2`,
 * `deposit`, `validUntil`, `included`, or `lines` for the lines as a whole). `today` is the UK day; the quote holds no
 * later than `moveDate`.
 */
export function readWrittenQuote(
  post: WrittenQuotePost,
  code: string | null,
  today: string,
  moveDate: string,
  depositPercent: number = writtenQuoteDepositPercent,
): { ok: true; draft: WrittenQuoteDraft } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines: WrittenLine[] = [];
  const rows = Math.max(post.labels.length, post.amounts.length);
  for (let row = 0; row < rows; row += 1) {
    const label = (post.labels[row] ?? '').trim();
    const amount = (post.amounts[row] ?? '').trim();
    if (!label && !amount) continue;
    const pence = parsePounds(amount);
    const labelError = !label ? WRITTEN_QUOTE_MESSAGES.label : label.length > LABEL_LIMIT ? WRITTEN_QUOTE_MESSAGES.labelLong : null;
    const amountError =
      pence === null ? WRITTEN_QUOTE_MESSAGES.amount : Math.abs(pence) > MAX_LINE_PENCE ? WRITTEN_QUOTE_MESSAGES.amountLarge : null;
    if (labelError) errors[`label-${row}`] = labelError;
    if (amountError) errors[`amount-${row}`] = amountError;
    if (!labelError && !amountError) lines.push({ label, pence: pence! });
  }
  if (lines.length === 0 && Object.keys(errors).length === 0) errors.lines = WRITTEN_QUOTE_MESSAGES.noLines;
  if (lines.length > MAX_LINES) errors.lines = WRITTEN_QUOTE_MESSAGES.tooMany;
  const totals = writtenTotals(lines, code);
  // Everything asked of the customer is paid by card, so no part of it may be under a card payment's least (issue 39).
  if (lines.length > 0 && Object.keys(errors).length === 0 && totals.totalPence < MIN_CARD_PENCE)
    errors.lines = WRITTEN_QUOTE_MESSAGES.total;

  const checked = scalars.safeParse(post);
  const said = checked.success ? checked.data : { deposit: '', validUntil: '', included: '' };
  if (!checked.success) errors.included = WRITTEN_QUOTE_MESSAGES.includedLong;
  const deposit = said.deposit === '' ? payableDeposit(totals.totalPence, depositPercent) : parsePounds(said.deposit);
  if (deposit === null || deposit < 0 || (!errors.lines && deposit > totals.totalPence)) errors.deposit = WRITTEN_QUOTE_MESSAGES.deposit;
  else if (deposit < MIN_CARD_PENCE) errors.deposit = WRITTEN_QUOTE_MESSAGES.depositSmall;
  else if (!errors.lines && totals.totalPence - deposit > 0 && totals.totalPence - deposit < MIN_CARD_PENCE) {
    errors.deposit = WRITTEN_QUOTE_MESSAGES.depositRest(totals.totalPence - deposit);
  }
  // Left empty: the usual 28 days, or the move date if that comes first.
  const validUntil = said.validUntil === '' ? defaultValidUntil(today, moveDate) : (fromTypedDate(said.validUntil) ?? said.validUntil);
  if (!isCalendarDate(validUntil) || validUntil <= today || validUntil > addDays(today, WRITTEN_QUOTE_LONGEST_DAYS)) {
    errors.validUntil = WRITTEN_QUOTE_MESSAGES.validUntil;
  } else if (validUntil > moveDate) errors.validUntil = WRITTEN_QUOTE_MESSAGES.validUntilMove(moveDate);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    draft: { lines, totals, depositPence: deposit!, validUntil, included: said.included || null, datePriced: post.datePriced },
  };
}

/** A written quote as stored (written_quotes), for the pages and e-mails that show it. */
export interface WrittenQuote {
  version: number;
  lines: WrittenLine[];
  code: string | null;
  discountPence: number;
  totalPence: number;
  depositPence: number;
  /** YYYY-MM-DD: the last UK day it can be accepted. */
  validUntil: string;
  included: string | null;
  /** A new date is priced again by the engine when a booked move's date changes (issue 34 item 3). */
  datePriced: boolean;
  createdBy: string;
  createdAt: string;
  sentAt: string | null;
  acceptedAt: string | null;
}

export const WRITTEN_QUOTE_LABELS = {
  total: 'Total',
  deposit: 'Deposit',
  validUntil: 'Valid until',
  included: 'What is included',
  /** The office's box, and what the customer reads either way. */
  datePriced: 'The price depends on the date: a new date is priced again',
  newDate: 'If you change the date',
} as const;

/** The office form's box: its name and the value it posts when ticked. */
export const DATE_PRICED_FIELD = 'datePriced';
export const DATE_PRICED_VALUE = 'yes';

export const newDateWords = (datePriced: boolean): string =>
  datePriced ? 'A new date is priced again, and your price changes by the difference.' : 'On a new date your price stays the same.';

/** Its rows as the customer reads them, in page and e-mail alike: each line, the code's discount, then the total. */
export function writtenQuoteRows(
  written: Pick<WrittenQuote, 'lines' | 'code' | 'discountPence' | 'totalPence'>,
): Array<[label: string, amount: string]> {
  const linesPence = written.totalPence + written.discountPence;
  const code = written.code ? writtenTotals([{ label: '', pence: linesPence }], written.code).code : null;
  return [
    ...written.lines.map((line): [string, string] => [line.label, formatPence(line.pence)]),
    ...(code && written.discountPence > 0
      ? [[`${code.code} (${code.offer})`, formatPence(-written.discountPence)] as [string, string]]
      : []),
    [WRITTEN_QUOTE_LABELS.total, formatPence(written.totalPence)],
  ];
}

/** Only the newest sent version, not yet accepted, until the end of its last day (never past the move date). */
export const acceptable = (written: WrittenQuote, today: string, moveDate: string): boolean =>
  !written.acceptedAt && today <= lastDayToAccept(written.validUntil, moveDate);
