/** The e-mails of a written quote (issue 33 item 3): sent to the customer, and accepted by them. */
import { ACCEPTING } from '~/data/promises';
import { formatLongDate } from '~/lib/dates';
import { DOCUMENT_WORDS } from '~/lib/documents';
import { formatPence } from '~/lib/money';
import { lastDayToAccept, newDateWords, WRITTEN_QUOTE_LABELS, writtenQuoteRows, type WrittenQuote } from '~/lib/office/written-quote';
import { vatRows } from '~/lib/vat';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactText, renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { BusinessEmail } from '~/components/email/BusinessEmail';
import { CustomerEmail } from '~/components/email/CustomerEmail';
import { WrittenQuoteEmail } from '~/components/email/WrittenQuoteEmail';
import type { StoredQuote } from '../quote/stored-quote';
import { firstName, place } from '../quote/summary';

const writtenQuoteSubject = (name: string) => `Your written quote from ${name}`;

/** The lines and total, then the deposit and the last day. */
function quoteRows(written: WrittenQuote, moveDate: string, vat: MailContext['vat']): Row[] {
  return [
    ...writtenQuoteRows(written),
    ...vatRows(written.totalPence, vat),
    [WRITTEN_QUOTE_LABELS.deposit, formatPence(written.depositPence)],
    [WRITTEN_QUOTE_LABELS.validUntil, formatLongDate(lastDayToAccept(written.validUntil, moveDate))],
    [WRITTEN_QUOTE_LABELS.newDate, newDateWords(written.datePriced)],
  ];
}

const includedText = (written: WrittenQuote) => (written.included ? `\n\n${WRITTEN_QUOTE_LABELS.included}\n${written.included}` : '');

export function writtenQuoteEmail(ctx: MailContext, quote: StoredQuote, written: WrittenQuote): EmailDraft {
  const rows = quoteRows(written, quote.moveDate, ctx.vat);
  const lead = `Here is our firm price for your move from ${quote.fromPostcode} to ${quote.toPostcode} on ${formatLongDate(quote.moveDate)}. Accept it on your move page by ${formatLongDate(lastDayToAccept(written.validUntil, quote.moveDate))}. ${written.depositPence > 0 ? ACCEPTING.withDeposit : ACCEPTING.noDeposit}`;
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(writtenQuoteSubject(ctx.firm.name)),
    html: renderEmail(WrittenQuoteEmail, {
      firm: ctx.firm,
      title: writtenQuoteSubject(ctx.firm.name),
      headline: `${firstName(quote.name)}, your written quote is ready.`,
      paragraphs: [lead],
      rows,
      action: 'See and accept your quote',
      included: written.included ? { heading: WRITTEN_QUOTE_LABELS.included, text: written.included } : null,
    }),
    text: parts`${firstName(quote.name)}, your written quote is ready.
${lead}

${textTable(rows)}${includedText(written)}

See and accept your quote: ${VIEW_LINK}

${contactText(ctx)}`,
  };
}

/** `paidPence`: what the customer has paid and kept so far; beyond the accepted price it is refunded (written-quotes.ts). */
export function acceptedCustomerEmail(ctx: MailContext, quote: StoredQuote, written: WrittenQuote, paidPence = 0): EmailDraft {
  const rows = quoteRows(written, quote.moveDate, ctx.vat);
  const beyondPence = paidPence - written.totalPence;
  const next =
    beyondPence > 0
      ? `You have already paid ${formatPence(paidPence)}, so we are refunding the ${formatPence(beyondPence)} beyond it to your card. ${DOCUMENT_WORDS.creditInEmail}`
      : paidPence > 0 && beyondPence === 0
        ? `You have already paid ${formatPence(paidPence)}: nothing more is owed.`
        : paidPence > 0 && paidPence >= written.depositPence
          ? `You have already paid ${formatPence(paidPence)}; the remaining ${formatPence(-beyondPence)} is paid by card from your move page.`
          : written.depositPence > 0
            ? `Your move is booked as soon as the ${formatPence(written.depositPence)} deposit is paid: you pay it by card from your move page.`
            : 'We will be in touch to book your crew.';
  const lead = `Thank you for accepting our written quote for your move on ${formatLongDate(quote.moveDate)}. ${formatPence(written.totalPence)} is now your price. ${next}`;
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} move ${quote.reference}: written quote accepted`),
    html: renderEmail(CustomerEmail, {
      firm: ctx.firm,
      title: `Your move ${quote.reference}`,
      headline: `${firstName(quote.name)}, your quote is accepted.`,
      paragraphs: [lead],
      rows,
      action: 'See your move',
    }),
    text: parts`${firstName(quote.name)}, your quote is accepted.
${lead}

${textTable(rows)}

See your move: ${VIEW_LINK}

${contactText(ctx)}`,
  };
}

export function acceptedBusinessEmail(ctx: MailContext, quote: StoredQuote, written: WrittenQuote): EmailDraft {
  const what = `Written quote version ${written.version} accepted`;
  const rows: Row[] = [
    ['Reference', quote.reference],
    ['Name', quote.name],
    ['Email', quote.email],
    ['Phone', quote.phone],
    ['Move date', formatLongDate(quote.moveDate)],
    ['From', place(quote, 'from')],
    ['To', place(quote, 'to')],
    ...quoteRows(written, quote.moveDate, ctx.vat),
  ];
  return {
    from: ctx.from,
    to: ctx.business,
    replyTo: quote.email,
    subject: headerSafe(`${quote.reference}: written quote accepted (${quote.name}, ${quote.fromPostcode} to ${quote.toPostcode})`),
    html: renderEmail(BusinessEmail, { firm: ctx.firm, title: `${quote.reference}: ${what}`, headline: what, rows }),
    text: parts`${what}\n\n${textTable(rows)}`,
  };
}
