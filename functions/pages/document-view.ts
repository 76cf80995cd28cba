/** A stored document as its page shows it (issue 45 item 2): only what was issued, formatted, never worked out again. */
import { formatLongDate } from '~/lib/dates';
import { DOCUMENT_TITLES, documentName, documentNumber } from '~/lib/documents';
import { formatPence } from '~/lib/money';
import { vatLabel } from '~/lib/vat';
import type { DocumentView, Row } from '~/lib/views/document';
import type { StoredDocument } from '../lib/documents';

const TOTAL_LABELS = { receipt: 'Total paid', invoice: 'Total', credit_note: 'Total credited' } as const;

export function documentView({ number, kind, body }: StoredDocument, back: DocumentView['back']): DocumentView {
  const paidPence = body.paid.reduce((sum, line) => sum + line.pence, 0);
  const paid: Row[] =
    kind === 'invoice'
      ? [
          ...body.paid.map((line): Row => [
            `${line.label} paid${line.receipt ? ` (${DOCUMENT_TITLES.receipt.toLowerCase()} ${documentNumber(line.receipt)})` : ''}`,
            formatPence(line.pence),
          ]),
          ['Left to pay', formatPence(Math.max(0, body.totalPence - paidPence))],
        ]
      : [];
  return {
    kind,
    title: documentName(kind, number),
    date: formatLongDate(body.issuedOn),
    reference: body.reference,
    firm: body.firm,
    customer: body.customer,
    lines: body.lines.map((line): Row => [line.label, formatPence(line.pence)]),
    total: [TOTAL_LABELS[kind], formatPence(body.totalPence)],
    vat: body.vat ? [vatLabel(body.vat.rate), formatPence(body.vat.pence)] : null,
    paid,
    against: body.against ? `Against ${DOCUMENT_TITLES.receipt.toLowerCase()} ${documentNumber(body.against)}` : null,
    cardPayment: body.cardPayment,
    back,
  };
}
