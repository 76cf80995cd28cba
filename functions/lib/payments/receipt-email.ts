/** The receipt a customer gets once Stripe's event says a payment went through (issue 34). */
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { PAYMENT_WORDS, PURPOSE_LABELS, type PaymentPurpose } from '~/lib/payments';
import { priceNowRow } from '~/lib/price-lines';
import { priceNow } from '~/lib/price-to-pay';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactBlock, layout, linkButton, table, textTable, type Row } from '../email-layout';
import { escapeHtml as e, headerSafe } from '../escape';
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
    ['For', PAYMENT_WORDS.lineItem(receipt.purpose, quote.reference)],
    ['Paid on', formatLongDate(londonToday(receipt.paidAt))],
    ['Card payment', receipt.paymentIntent],
    priceNowRow(priceNow(quote)),
    ['Move date', formatLongDate(quote.moveDate)],
    ['From', place(quote, 'from')],
    ['To', place(quote, 'to')],
  ];
  const contact = contactBlock(ctx);
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(
      `Your ${ctx.firm.name} receipt: ${PURPOSE_LABELS[receipt.purpose].toLowerCase()} ${formatPence(receipt.amountPence)} for move ${quote.reference}`,
    ),
    html: layout(
      ctx,
      `Receipt for ${quote.reference}`,
      parts`<h1 style="font-size:22px;margin:0 0 8px">Thank you, ${e(firstName(quote.name))}.</h1>
<p style="margin:0 0 16px">${e(what)}.</p>
${table(rows)}
${linkButton('See your move', '16px 0')}
${contact.html}`,
    ),
    text: parts`Thank you, ${firstName(quote.name)}.
${what}.

${textTable(rows)}

See your move: ${VIEW_LINK}

${contact.text}`,
  };
}
