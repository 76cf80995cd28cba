/** The e-mails of a change to a quote (issue 19, item 3). Move notes are for the mover, so the business e-mail repeats them in full. */
import { dateChangeRows } from '~/lib/date-change';
import { formatLongDate } from '~/lib/dates';
import { validUntilLine } from '~/lib/estimate-validity';
import { STATUS_LABELS, STATUS_TEXT, type MoveEvent } from '~/lib/move-status';
import { priceNowRow } from '~/lib/price-lines';
import { priceNow } from '~/lib/price-to-pay';
import { BOOKING_ANSWER_HOURS } from '~/data/promises';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactBlock, layout, linkButton, table, textTable, type Row } from '../email-layout';
import { escapeHtml as e, headerSafe } from '../escape';
import type { StoredQuote } from './stored-quote';
import { accessLines, eventLine, firstName, place } from './summary';

const HEADLINES: Record<MoveEvent['kind'], string> = {
  quoted: 'quote sent',
  date_changed: 'new move date',
  access: 'access details updated',
  booking_requested: 'booking requested',
  confirmed: 'booking confirmed',
  crew_assigned: 'your crew and arrival time',
  declined: 'booking declined',
  cancelled: 'move cancelled',
  reviewed: 'review received',
  review_published: 'review published',
  review_withheld: 'review withheld',
  crew_on_way: 'your crew is on the way',
};

/** The move as it stands, with its one price (issue 41 item 1: the page's top says the same). */
function moveRows(quote: StoredQuote): Row[] {
  return [
    ['Status', STATUS_LABELS[quote.status]],
    ['Move date', formatLongDate(quote.moveDate)],
    ['From', place(quote, 'from')],
    ['To', place(quote, 'to')],
    priceNowRow(priceNow(quote)),
  ];
}

function moverRows(quote: StoredQuote): Row[] {
  return [
    ...accessLines(quote),
    ...(quote.moveNotes?.awkward ? [['Anything awkward', quote.moveNotes.awkward] satisfies Row] : []),
    ...(quote.moveNotes?.items ? [['Items', quote.moveNotes.items] satisfies Row] : []),
  ];
}

/** What the change itself carried: a booked date's fee, new price and what is left to pay (issue 34 item 3). */
const changeRows = (event: MoveEvent): Row[] => (event.kind === 'date_changed' && event.booked ? dateChangeRows(event.booked) : []);

const STAFF_LINKS: Partial<Record<MoveEvent['kind'], { label: string; lead: string }>> = {
  booking_requested: {
    label: 'Confirm or decline this booking',
    lead: `Answer within ${BOOKING_ANSWER_HOURS} hours, as the customer was promised:`,
  },
  reviewed: { label: 'Publish this review, or not', lead: 'Check it is about a real move and fit to publish:' },
};

export function moveCustomerEmail(ctx: MailContext, quote: StoredQuote, event: MoveEvent): EmailDraft {
  const what = eventLine(quote, event);
  const rows = [...moveRows(quote), ...changeRows(event), ...(event.kind === 'access' ? moverRows(quote) : [])];
  const validity = quote.status === 'quoted' && quote.pricedAt ? validUntilLine(quote.pricedAt) : '';
  const contact = contactBlock(ctx);
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} move ${quote.reference}: ${HEADLINES[event.kind]}`),
    html: layout(
      ctx,
      `Your move ${quote.reference}`,
      parts`<h1 style="font-size:22px;margin:0 0 8px">${e(firstName(quote.name))}, ${e(what.charAt(0).toLowerCase() + what.slice(1))}.</h1>
<p style="margin:0 0 16px">${e(STATUS_TEXT[quote.status])}${validity ? ` ${e(validity)}` : ''}</p>
${table(rows)}
${linkButton('See your move', '16px 0')}
${contact.html}`,
    ),
    text: parts`${firstName(quote.name)}, ${what.charAt(0).toLowerCase() + what.slice(1)}.
${STATUS_TEXT[quote.status]}${validity ? ` ${validity}` : ''}

${textTable(rows)}

See your move: ${VIEW_LINK}

${contact.text}`,
  };
}

/** `extra`: what the change carried that the quote does not (a review's words). */
export function moveBusinessEmail(ctx: MailContext, quote: StoredQuote, event: MoveEvent, extra: Row[] = []): EmailDraft {
  const what = eventLine(quote, event);
  const rows: Row[] = [
    ['Reference', quote.reference],
    ['Name', quote.name],
    ['Email', quote.email],
    ['Phone', quote.phone],
    ...moveRows(quote),
    ...changeRows(event),
    ...moverRows(quote),
    ...extra,
  ];
  const subject = headerSafe(`${quote.reference}: ${HEADLINES[event.kind]} (${quote.name}, ${quote.fromPostcode} to ${quote.toPostcode})`);
  const staff = STAFF_LINKS[event.kind];
  const html = staff
    ? parts`<h1 style="font-size:20px;margin:0 0 16px">${e(what)}</h1>${table(rows)}<p style="margin:16px 0">${e(staff.lead)}</p>${linkButton(staff.label)}`
    : parts`<h1 style="font-size:20px;margin:0 0 16px">${e(what)}</h1>${table(rows)}`;
  const text = staff ? parts`${what}\n\n${textTable(rows)}\n\n${staff.label}: ${VIEW_LINK}` : parts`${what}\n\n${textTable(rows)}`;
  return { from: ctx.from, to: ctx.business, replyTo: quote.email, subject, html: layout(ctx, `${quote.reference}: ${what}`, html), text };
}
