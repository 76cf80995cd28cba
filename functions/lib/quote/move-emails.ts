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
import { contactText, renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { BusinessEmail } from '~/components/email/BusinessEmail';
import { CustomerEmail } from '~/components/email/CustomerEmail';
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
  crew_step: 'moving day update',
  crew_late: 'your crew is running late',
  late_said: 'your crew is late',
  new_crew: 'a new crew is confirmed',
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
  const headline = `${firstName(quote.name)}, ${what.charAt(0).toLowerCase() + what.slice(1)}.`;
  const status = `${STATUS_TEXT[quote.status]}${validity ? ` ${validity}` : ''}`;
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} move ${quote.reference}: ${HEADLINES[event.kind]}`),
    html: renderEmail(CustomerEmail, {
      firm: ctx.firm,
      title: `Your move ${quote.reference}`,
      headline,
      paragraphs: [status],
      rows,
      action: 'See your move',
    }),
    text: parts`${headline}
${status}

${textTable(rows)}

See your move: ${VIEW_LINK}

${contactText(ctx)}`,
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
  const html = renderEmail(BusinessEmail, { firm: ctx.firm, title: `${quote.reference}: ${what}`, headline: what, rows, action: staff });
  const text = staff ? parts`${what}\n\n${textTable(rows)}\n\n${staff.label}: ${VIEW_LINK}` : parts`${what}\n\n${textTable(rows)}`;
  return { from: ctx.from, to: ctx.business, replyTo: quote.email, subject, html, text };
}
