// What the office's written-quote page shows (src/pages/office/written-quote.astro, issue 33 item 3): the customer's
// move, the form to write the next version (from the newest version, else the engine's estimate) and every version so
// far. Data only: the markup is in src/components/office/.
import { addDays, formatLongDate, londonToday } from '~/lib/dates';
import { formatDateTime } from '~/lib/office/format';
import { formatPence } from '~/lib/money';
import {
  BLANK_LINES,
  defaultValidUntil,
  lastDayToAccept,
  DATE_PRICED_FIELD,
  DATE_PRICED_VALUE,
  estimateLines,
  newDateWords,
  penceField,
  WRITTEN_QUOTE_LABELS,
  WRITTEN_QUOTE_LONGEST_DAYS,
  writtenQuoteRows,
  writtenTotals,
  type WrittenLine,
  type WrittenQuote,
  type WrittenQuoteDraft,
} from '~/lib/office/written-quote';
import { ADDRESS_PARTS, addressField, isFullAddress, type AddressPart } from '~/lib/move-facts';
import { leadPath } from '~/lib/office/paths';
import { isReference } from '~/lib/reference';
import { writtenQuoteVersions } from '../lib/office/written-quote-rows';
import { findQuote } from '../lib/quote/store';
import { place } from '../lib/quote/summary';
import { depositPercent } from '../lib/office/settings';
import type { WrittenQuoteFormState, VersionView, WrittenQuoteFormView } from '~/lib/views/written-quote';

export const WRITTEN_QUOTE_DONE: Readonly<Record<string, string>> = {
  sent: 'Sent: the customer has it by e-mail and on their move page.',
};

export const versionViews = (versions: WrittenQuote[]): VersionView[] => {
  const current = versions.find((each) => each.sentAt)?.version;
  return versions.map((each) => ({
    version: each.version,
    rows: writtenQuoteRows(each),
    deposit: formatPence(each.depositPence),
    validUntil: formatLongDate(each.validUntil),
    included: each.included,
    newDate: newDateWords(each.datePriced),
    sent: each.sentAt ? `${formatDateTime(each.sentAt)} by ${each.createdBy}` : null,
    accepted: each.acceptedAt ? `${formatDateTime(each.acceptedAt)} by the customer` : null,
    current: each.version === current,
  }));
};

const asRows = (lines: WrittenLine[]) => lines.map((line) => ({ label: line.label, amount: penceField(line.pence) }));
const blanks = () => Array.from({ length: BLANK_LINES }, () => ({ label: '', amount: '' }));

/** Null when no quote has this reference. */
export async function writtenQuoteFormView(
  db: D1Database,
  reference: string | null,
  now: Date,
  state: WrittenQuoteFormState | undefined,
  done: string | null,
): Promise<WrittenQuoteFormView | null> {
  if (!reference || !isReference(reference)) return null;
  const [quote, versions, percent] = await Promise.all([
    findQuote(db, { reference }),
    writtenQuoteVersions(db, reference),
    depositPercent(db),
  ]);
  if (!quote) return null;
  const today = londonToday(now);
  const newest = versions[0];
  const posted = state?.values;
  const start = newest?.lines ?? (quote.pricing ? estimateLines(quote.pricing) : []);
  const rows = posted
    ? posted.getAll('label').map((label, row) => ({ label, amount: posted.getAll('amount')[row] ?? '' }))
    : [...asRows(start), ...blanks()];
  const code = writtenTotals([], quote.promoCode).code;
  return {
    reference,
    leadHref: leadPath(reference),
    customer: {
      name: quote.name,
      email: quote.email,
      move: `${formatLongDate(quote.moveDate)}: ${place(quote, 'from')} to ${place(quote, 'to')}`,
    },
    code: code ? `${code.code} (${code.offer})` : null,
    rows,
    deposit: posted?.get('deposit') ?? '',
    depositHint: `Leave it empty for ${percent}% of the total, to the penny.`,
    validUntil: posted?.get('validUntil') ?? defaultValidUntil(today, quote.moveDate),
    dates: { min: addDays(today, 1), max: lastDayToAccept(addDays(today, WRITTEN_QUOTE_LONGEST_DAYS), quote.moveDate) },
    included: posted?.get('included') ?? newest?.included ?? '',
    datePriced: posted ? posted.get(DATE_PRICED_FIELD) === DATE_PRICED_VALUE : (newest?.datePriced ?? false),
    addresses: (['from', 'to'] as const).map((end) => ({
      end,
      postcode: end === 'from' ? quote.fromPostcode : quote.toPostcode,
      values: Object.fromEntries(
        ADDRESS_PARTS.map((part) => [part, posted?.get(addressField(end, part)) ?? quote.addresses[end][part] ?? '']),
      ) as Record<AddressPart, string>,
      complete: isFullAddress(quote.addresses[end]),
    })),
    errors: state?.errors ?? {},
    preview: state?.preview
      ? [
          ...writtenQuoteRows({ ...state.preview, ...previewFigures(state.preview) }),
          [WRITTEN_QUOTE_LABELS.deposit, formatPence(state.preview.depositPence)],
        ]
      : null,
    done: done && Object.prototype.hasOwnProperty.call(WRITTEN_QUOTE_DONE, done) ? WRITTEN_QUOTE_DONE[done]! : null,
    versions: versionViews(versions),
  };
}

const previewFigures = (draft: WrittenQuoteDraft) => ({
  code: draft.totals.code?.code ?? null,
  discountPence: draft.totals.discountPence,
  totalPence: draft.totals.totalPence,
});
