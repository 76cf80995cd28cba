/** The receipt a customer gets once Stripe's event says a payment went through (issue 34). */
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { PAYMENT_WORDS, PURPOSE_LABELS, type PaymentPurpose } from '~/lib/payments';
import { priceNowRow } from '~/lib/price-lines';
import { priceNow } from '~/lib/price-to-pay';
import { DOCUMENT_WORDS } from '~/lib/documents';
import { VAT_NUMBER_LABEL, vatRows } from '~/lib/vat';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactText, renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { CustomerEmail } from '~/components/email/CustomerEmail';
import type { StoredQuote } from '../quote/stored-quote';
import { firstName, place } from '../quote/summary';

export interface Receipt {
  purpose: PaymentPurpose;
  amountPence: number;
  paidAt: Date;
  /** Stripe's payment id (pi_…), for the customer's bank and ours. */
  paymentIntent: string;
}

export function receiptEmail(ctx: MailContext, quote: StoredQuote, receipt: Receipt): EmailDraft {
  const what = PAYMENT_WORDS.received(receipt.purpose, receipt.amountPence);
  const rows: Row[] = [
    ['Paid', formatPence(receipt.amountPence)],
    ...vatRows(receipt.amountPence, ctx.vat),
    ...(ctx.vat ? [[VAT_NUMBER_LABEL, ctx.vat.number] as Row] : []),
    ['For', PAYMENT_WORDS.lineItem(receipt.purpose, quote.reference)],
    ['Paid on', formatLongDate(londonToday(receipt.paidAt))],
    ['Card payment', receipt.paymentIntent],
    priceNowRow(priceNow(quote)),
    ['Move date', formatLongDate(quote.moveDate)],
    ['From', place(quote, 'from')],
    ['To', place(quote, 'to')],
  ];
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(
      `Your ${ctx.firm.name} receipt: ${PURPOSE_LABELS[receipt.purpose].toLowerCase()} ${formatPence(receipt.amountPence)} for move ${quote.reference}`,
    ),
    html: renderEmail(CustomerEmail, {
      firm: ctx.firm,
      title: `Receipt for ${quote.reference}`,
      headline: `Thank you, ${firstName(quote.name)}.`,
      paragraphs: [`${what}.`, DOCUMENT_WORDS.inEmail],
      rows,
      action: 'See your move',
    }),
    text: parts`Thank you, ${firstName(quote.name)}.
${what}.
${DOCUMENT_WORDS.inEmail}

${textTable(rows)}

See your move: ${VIEW_LINK}

${contactText(ctx)}`,
  };
}
