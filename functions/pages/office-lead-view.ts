/**
 * What the office's lead page shows (issue 33 item 2): everything the customer gave, the price, the history (the quote's
 * own events and the audit trail, in time order, each with who), every e-mail sent for it (never its links), staff notes
 * and open tasks. Data only: the markup is in src/components/office/.
 */
import { describeAccess } from '~/data/access';
import { carRunsLabel } from '~/data/car-transport';
import { surveySizeLabel, surveyTypeLabel } from '~/data/survey';
import { formatLongDate, londonToday } from '~/lib/dates';
import type { Owed } from '~/lib/office/owed';
import { formatMoney, formatPence } from '~/lib/money';
import type { MoveEvent } from '~/lib/move-status';
import { SOURCE_LABELS } from '~/lib/office/lead-entry';
import { OFFICE_TASKS, type OfficeTaskKind } from '~/lib/office/pipeline';
import { PRICE_LABELS, payLine } from '~/lib/price-lines';
import { priceToPay } from '~/lib/price-to-pay';
import type { Env } from '../env';
import { carOf, findCallback, surveyOf, type CallbackRow, type CarAsked, type SurveyAsked } from '../lib/callback';
import { auditTrail, STAFF_LINK_ACTOR } from '../lib/office/audit';
import { leadOwed } from '../lib/office/owed';
import { URGENT_FIRST } from '../lib/office/tasks';
import { staffName, type StaffChoice } from '~/lib/office/leads';
import { findLead, staffChoices } from '../lib/office/leads';
import type { LeadSummary, OpenTask, Row, HistoryLine, SentEmail, LeadNote, LeadView } from '~/lib/views/office';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { eventLine, furnitureSummary, place, propertyTitle, quoteService } from '../lib/quote/summary';
import { moveHistory } from '../lib/quote/manage';

/** The quote's events made by staff through the e-mailed staff links. */
const STAFF_EVENTS = new Set<MoveEvent['kind']>(['confirmed', 'declined', 'review_published', 'review_withheld']);
const CUSTOMER = 'Customer';
/** The customer's request, first in a lead's history, by its kind. */
const REQUESTED = {
  survey: 'Survey call requested',
  car: 'Car price requested',
  callback: 'Call-back requested',
} as const;
const requested = (kind: string): string => (kind === 'survey' || kind === 'car' ? REQUESTED[kind] : REQUESTED.callback);
const STAFF_LINK_WHO = 'Staff (e-mail link)';

/** Who made a quote's event: the crew from its job sheet, the office's diary, a card payment, a staff link, or the customer. */
function eventWho(event: MoveEvent): string {
  if (event.kind === 'crew_on_way' || event.kind === 'crew_step' || event.kind === 'crew_late') return `Crew (${event.crew})`;
  if (event.kind === 'late_said') return 'Automatic check';
  if (event.kind === 'new_crew') return `Partner (${event.crew})`;
  if (event.kind === 'crew_assigned' && event.byPartner) return `Partner (${event.crew.lead})`;
  if (event.kind === 'crew_assigned' || (event.kind === 'confirmed' && event.crew)) return 'Office (diary)';
  if (event.kind === 'confirmed' && event.byPayment) return 'Card payment';
  return STAFF_EVENTS.has(event.kind) ? STAFF_LINK_WHO : CUSTOMER;
}

/** What a survey or car request asked for (on its own lead, or kept by the move made from it). */
function requestRows(request: StoredQuote['request'] | { survey?: SurveyAsked | null; car?: CarAsked | null }): Row[] {
  if (!request) return [];
  const survey = 'kind' in request ? (request.kind === 'survey' ? request : null) : request.survey;
  const car = 'kind' in request ? (request.kind === 'car' ? request : null) : request.car;
  if (survey) return [['Survey', `${surveySizeLabel(survey.size)}: ${surveyTypeLabel(survey.type)}`]];
  if (car)
    return [
      ['Car', car.vehicle],
      ['Runs', carRunsLabel(car.runs)],
    ];
  return [];
}

function quoteRows(quote: StoredQuote): Row[] {
  const service = quoteService(quote);
  const rows: Row[] = [
    ['Name', quote.name],
    ['Email', quote.email],
    ['Phone', quote.phone],
    ['Came in', SOURCE_LABELS[quote.source]],
    ...(service ? [['Service', service.label] satisfies Row] : []),
    ...(quote.request ? requestRows(quote.request) : [['Property', propertyTitle(quote)] satisfies Row]),
    ['Moving from', place(quote, 'from')],
    ['Moving to', place(quote, 'to')],
    ['Move date', formatLongDate(quote.moveDate)],
    ...(quote.request ? [] : [['Furniture', furnitureSummary(quote.furnitureIds)] satisfies Row]),
  ];
  const from = describeAccess(quote.access?.from);
  const to = describeAccess(quote.access?.to);
  if (from) rows.push(['Access at collection', from]);
  if (to) rows.push(['Access at delivery', to]);
  if (quote.moveNotes?.awkward) rows.push(['Anything awkward', quote.moveNotes.awkward]);
  if (quote.moveNotes?.items) rows.push(['Items', quote.moveNotes.items]);
  if (quote.additionalInfo) rows.push(['Notes', quote.additionalInfo]);
  if (quote.promoCode) rows.push(['Promo code', quote.promoCode]);
  return rows;
}

function priceRows(quote: StoredQuote, acceptedPence: number | null): Row[] {
  const pay = priceToPay(quote);
  if (!pay && quote.request) return [['Price', 'By written quote: the engine does not price this move']];
  if (!pay) return [['Price', 'Not priced yet: the postcode service was down when it was sent']];
  // The engine's estimate, as the customer's page states it (once a written quote is accepted, the price is its total).
  const rows: Row[] = [
    ...(quote.pricing ? [['Estimate', formatMoney(quote.pricing.total)] satisfies Row] : []),
    [PRICE_LABELS.toPay, payLine(pay)],
  ];
  if (acceptedPence !== null) rows.push(['Accepted written quote', formatPence(acceptedPence)]);
  return rows;
}

function callbackRows(row: CallbackRow): Row[] {
  const survey = surveyOf(row);
  const car = carOf(row);
  const rows: Row[] = [
    ['Name', row.name],
    ['Phone', row.phone],
    ['Email', row.email ?? '(not given: phone only)'],
    ['Came in', SOURCE_LABELS[row.source]],
    ...requestRows({ survey, car }),
  ];
  if (survey) rows.push(['Postcode', survey.postcode || '(not given)']);
  if (car) rows.push(['From', car.from], ['To', car.to]);
  return rows;
}

interface ContactRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

const contactRows = (row: ContactRow): Row[] => [
  ['Name', `${row.first_name} ${row.last_name}`],
  ['Email', row.email],
  ...(row.phone ? [['Phone', row.phone] satisfies Row] : []),
  ['Subject', row.subject],
  ['Message', row.message],
];

interface Given {
  given: Row[];
  price: Row[];
  events: HistoryLine[];
  owed?: Owed;
}

async function givenAndHistory(db: D1Database, lead: LeadSummary, today: string): Promise<Given> {
  // A lead typed in by the office starts with its audit line ("Added from a phone call"), not the customer's request.
  const byCustomer = lead.source === 'web';
  if (lead.type === 'quote') {
    const quote = await findQuote(db, { reference: lead.reference });
    if (!quote) return { given: [], price: [], events: [] };
    const events = (await moveHistory(db, quote)).flatMap(({ at, event }) =>
      event.kind !== 'quoted'
        ? [{ at, who: eventWho(event), what: eventLine(quote, event) }]
        : byCustomer
          ? [{ at, who: CUSTOMER, what: quote.request ? REQUESTED[quote.request.kind] : eventLine(quote, event) }]
          : [],
    );
    return { given: quoteRows(quote), price: priceRows(quote, lead.acceptedPence), events, owed: await leadOwed(db, quote, today) };
  }
  const received: HistoryLine[] = byCustomer
    ? [{ at: lead.createdAt, who: CUSTOMER, what: lead.type === 'contact' ? 'Message sent' : requested(lead.kind) }]
    : [];
  if (lead.type === 'callback') {
    const row = await findCallback(db, lead.reference);
    return { given: row ? callbackRows(row) : [], price: [], events: received };
  }
  const row = await db
    .prepare('SELECT first_name, last_name, email, phone, subject, message FROM contact_messages WHERE reference = ?')
    .bind(lead.reference)
    .first<ContactRow>();
  return { given: row ? contactRows(row) : [], price: [], events: received };
}

const whoSaid = (staff: readonly StaffChoice[], actor: string) =>
  actor === 'customer'
    ? CUSTOMER
    : actor === 'system'
      ? 'Shiftly'
      : actor === STAFF_LINK_ACTOR
        ? STAFF_LINK_WHO
        : actor.startsWith('crew:')
          ? `Crew (${actor.slice(5)})`
          : (staffName(staff, actor) ?? actor);

export async function leadView(env: Env, reference: string, now: Date): Promise<LeadView | null> {
  const db = env.DB;
  const lead = await findLead(db, reference);
  if (!lead) return null;
  const [{ given, price, events, owed }, audit, staff, emails, notes, tasks] = await Promise.all([
    givenAndHistory(db, lead, londonToday(now)),
    auditTrail(db, reference),
    staffChoices(env),
    db
      .prepare(
        `SELECT CASE channel WHEN 'sms' THEN 'Text: ' || COALESCE(json_extract(payload, '$.body'), '') ELSE COALESCE(json_extract(payload, '$.subject'), '') END AS subject,
           recipient AS "to", status,
           COALESCE(sent_at, created_at) AS at
         FROM email_outbox WHERE record_reference = ? ORDER BY id`,
      )
      .bind(reference)
      .all<SentEmail>(),
    db
      .prepare('SELECT author, created_at AS at, note FROM office_notes WHERE record_reference = ? ORDER BY id')
      .bind(reference)
      .all<LeadNote>(),
    db
      .prepare(
        `SELECT id, record_reference AS reference, kind, detail, created_at AS createdAt FROM office_tasks
         WHERE record_reference = ? AND done_at IS NULL ORDER BY ${URGENT_FIRST}, id`,
      )
      .bind(reference)
      .all<OpenTask>(),
  ]);
  const history = [
    ...events,
    ...audit.map((line) => ({ at: line.createdAt, who: whoSaid(staff, line.actor), what: line.detail ?? line.action })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    lead,
    handlerName: staffName(staff, lead.handler),
    given,
    price,
    history,
    emails: emails.results,
    notes: notes.results.map((note) => ({ ...note, author: whoSaid(staff, note.author) })),
    tasks: tasks.results.map((task) => ({ ...task, label: OFFICE_TASKS[task.kind as OfficeTaskKind] ?? task.kind })),
    staff,
    owed: owed ?? null,
  };
}
