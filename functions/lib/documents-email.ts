/** The e-mail of a move's invoice, once it is paid in full (issue 45 item 2): its number, total and VAT as issued. */
import { formatLongDate } from '~/lib/dates';
import { DOCUMENT_WORDS, documentName, documentNumber, type IssuedDocument } from '~/lib/documents';
import { formatPence } from '~/lib/money';
import { VAT_NUMBER_LABEL, vatLabel } from '~/lib/vat';
import type { MailContext } from './config';
import { parts, VIEW_LINK, type EmailDraft } from './email-draft';
import { contactText, renderEmail, textTable, type Row } from './email-layout';
import { headerSafe } from './escape';
import type { OutboxEmail } from './outbox';
import { CustomerEmail } from '~/components/email/CustomerEmail';
import type { StoredQuote } from './quote/stored-quote';
import { firstName } from './quote/summary';

export function invoiceEmail(ctx: MailContext, quote: StoredQuote, number: number, body: IssuedDocument): OutboxEmail {
  const name = documentName('invoice', number);
  const rows: Row[] = [
    ['Invoice number', documentNumber(number)],
    ['Date', formatLongDate(body.issuedOn)],
    ...body.lines.map((line): Row => [line.label, formatPence(line.pence)]),
    ['Total', formatPence(body.totalPence)],
    ...(body.vat ? [[vatLabel(body.vat.rate), formatPence(body.vat.pence)] as Row] : []),
    ...(body.firm.vatNumber ? [[VAT_NUMBER_LABEL, body.firm.vatNumber] as Row] : []),
    ['Paid', formatPence(body.paid.reduce((sum, line) => sum + line.pence, 0))],
  ];
  const lead = `Your move ${quote.reference} is paid in full: thank you. Here is your invoice. ${DOCUMENT_WORDS.inEmail.replace('receipt', 'invoice')}`;
  const draft: EmailDraft = {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} ${name.toLowerCase()} for move ${quote.reference}`),
    html: renderEmail(CustomerEmail, {
      firm: ctx.firm,
      title: `${name} for ${quote.reference}`,
      headline: `Thank you, ${firstName(quote.name)}.`,
      paragraphs: [lead],
      rows,
      action: 'See your move',
    }),
    text: parts`Thank you, ${firstName(quote.name)}.
${lead}

${textTable(rows)}

See your move: ${VIEW_LINK}

${contactText(ctx)}`,
  };
  return {
    recordType: 'move',
    recordReference: quote.reference,
    kind: 'customer',
    draft,
    idempotencyKey: `move:${quote.reference}:document:${number}`,
  };
}
