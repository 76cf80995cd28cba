// What a stored quote's own page shows (src/pages/quote-confirmation.astro, issue 19 and 30): its state, price, details,
// route, history and the "Manage this move" forms as the request left them. Data only: the markup is in
// src/components/quote/.
import { conditionRecords } from '../lib/office/condition';
import { conditionLine } from './condition-view';
import { changeOrders } from '../lib/office/change-orders';
import { changeLine } from './change-view';
import { ACCESS_KEYS, accessField } from '~/data/access';
import { ADDRESS_PARTS, addressField, isFullAddress } from '~/lib/move-facts';
import { formatLongDate, londonToday } from '~/lib/dates';
import { estimateHolds, validUntil } from '~/lib/estimate-validity';
import { crossesSea } from '~/lib/ferry';
import { customerActions, damageReportRefusal, doneNotice, isUpcoming, lateCancelNotice, movePageState } from '~/lib/move-status';
import { moveSummary, STAGE_HEADINGS, STAGE_SUMMARIES, type MoveStage } from '~/lib/move-summary';
import { payFor, PRICE_PENDING } from '~/lib/price-lines';
import type { FormView as PartsView } from '~/lib/form-view';
import { acceptedPrice, discountedPrice, priceNow } from '~/lib/price-to-pay';
import { routeMapView } from '~/lib/route-map';
import { PAGE_PATHS, quoteLink } from '~/lib/api';
import { formatMoney, formatPence } from '~/lib/money';
import { acceptable, lastDayToAccept, newDateWords, writtenQuoteRows, type WrittenQuote } from '~/lib/office/written-quote';
import { writtenQuoteVersions } from '../lib/office/written-quote-rows';
import { acceptedPriceOf } from '../lib/office/written-quotes';
import { bookedInDiary, jobReports } from '../lib/office/job-sheets';
import { claimsFor } from '../lib/claims';
import { claimStateLine } from '~/lib/claims';
import { MOVE_DAY_PATH, movingDayStatus } from '~/lib/moving-day';
import { ukMobile } from '~/lib/texts-consent';
import { readConsent, type SmsConsent } from '../lib/sms-consent';
import { leadOwed } from '../lib/office/owed';
import { firmVat } from '../lib/office/settings';
import { documentsFor } from '../lib/documents';
import { documentName, moveDocumentHref } from '~/lib/documents';
import { vatRows, type Vat } from '~/lib/vat';
import { crewOf } from '../lib/quote/reminders';
import type { OutboxStatus } from '../lib/records';
import { moveFacts, moveHistory, type HistoryEntry } from '../lib/quote/manage';
import { cancelCost, cancelCostLine } from '../lib/payments/cancel-refund';
import { rebookingFor } from '../lib/payments/date-change';
import { dateChangeCostLine } from '~/lib/date-change';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { ONLINE_BOOKING_BY, onlineBookingProblem } from '../lib/quote/instant';
import { priceFill } from './quote-fill';
import {
  accessLines,
  distanceText,
  eventLine,
  firstName,
  furnitureSummary,
  place,
  propertyTitle,
  quoteService,
  serviceCaveat,
} from '../lib/quote/summary';
import type { MoveFocus, MoveDetails, ManageView, WrittenQuoteView, EarlierPrice, MovePageView, MoveTextsView } from '~/lib/views/move';
export type {
  FormView,
  MoveFocus,
  MoveDetails,
  ManageView,
  WrittenQuoteView,
  MoveSummaryView,
  EarlierPrice,
  MovePageView,
} from '~/lib/views/move';

export interface ManageState {
  /** A key of DONE_NOTICES, on the page after the change's redirect. */
  done?: string;
  preview?: { date: string; total: number | null };
  cancelAsk?: boolean;
  /** An expired estimate priced again, shown before booking. */
  repriced?: { total: number | null };
}

export interface QuotePageState extends ManageState {
  errors?: Record<string, string>;
  general?: string;
  /** A refused post's fields, every one shown again as typed (issue 30, item 11). */
  values?: URLSearchParams;
  /** A refusal's own headers (Retry-After). */
  headers?: Record<string, string>;
  /** Back from Stripe Checkout: the session's id, or `cancelled` (payment-view.ts). */
  payment?: string;
}

/** `token` is null when opened by the owner's session. */
export interface OpenedQuote {
  quote: StoredQuote;
  token: string | null;
}

/** A failed send is tried again, so it is still on its way; once the outbox gives up, the page says so. */
const EMAIL_LINES: Record<OutboxStatus, MovePageView['email']> = {
  sent: 'emailed',
  pending: 'email-pending',
  failed: 'email-pending',
  gave_up: 'email-gave-up',
};

/** No tick for a move that is not going ahead. */
const CLOSED: ReadonlySet<MoveStage> = new Set(['declined', 'cancelled', 'past', 'offer_ended']);

/** Not the customer's words: the page writes its own. */
const NOT_TYPED = new Set(['ref', 't', 'action', 'website']);

export const quotePageHref = (reference: string, token: string | null, extra: Record<string, string> = {}) =>
  quoteLink(PAGE_PATHS.confirmation, reference, token, extra);

export function moveDetails(quote: StoredQuote): MoveDetails {
  const access = accessLines(quote);
  return {
    ...(quoteService(quote) ? { service: quoteService(quote)!.label } : {}),
    property: propertyTitle(quote),
    from: place(quote, 'from'),
    to: place(quote, 'to'),
    date: formatLongDate(quote.moveDate),
    distance: distanceText(quote),
    furniture: furnitureSummary(quote.furnitureIds),
    ...(access.length ? { access: access.map(([label, line]) => `${label}: ${line}`).join('\n') } : {}),
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    ...(quote.additionalInfo ? { notes: quote.additionalInfo } : {}),
  };
}

/** The stored answers in the forms, then what a refused post said, as typed. */
function formValues(quote: StoredQuote, token: string | null, state: QuotePageState): URLSearchParams {
  const values = new URLSearchParams({ ref: quote.reference, t: token ?? '' });
  for (const end of ['from', 'to'] as const) {
    for (const part of ADDRESS_PARTS) values.set(addressField(end, part), quote.addresses[end][part] ?? '');
    for (const question of ACCESS_KEYS) values.set(accessField(end, question), quote.access?.[end]?.[question] ?? '');
  }
  values.set('awkward', quote.moveNotes?.awkward ?? '');
  values.set('items', quote.moveNotes?.items ?? '');
  if (state.preview) values.set('moveDate', state.preview.date);
  for (const name of new Set(state.values?.keys())) {
    if (!NOT_TYPED.has(name)) values.set(name, state.values?.get(name) ?? '');
  }
  return values;
}

/** After a late cancellation, what was kept and what comes back, from its event; any other change, its notice. */
function doneLine(done: string | null, history: HistoryEntry[]): string | null {
  const cancelled = history.findLast((entry) => entry.event.kind === 'cancelled')?.event;
  if (done === 'cancelled_late' && cancelled?.kind === 'cancelled' && cancelled.fee) return lateCancelNotice(cancelled.fee);
  return doneNotice(done) ?? null;
}

function manageView(quote: StoredQuote, token: string | null, today: string, state: QuotePageState, history: HistoryEntry[]): ManageView {
  // A new date's estimate, or one priced again, keeps the quote's code: the customer sees what they would pay.
  const pay = payFor(quote.promoCode);
  const money = (total: number | null) => (total === null ? PRICE_PENDING.title : pay(total));
  const was = money(quote.pricing?.total ?? null);
  return {
    actions: new Set(customerActions(moveFacts(quote), today)),
    damage: damageReportRefusal(moveFacts(quote), today) === null,
    expired: quote.status === 'quoted' && !!quote.pricedAt && !estimateHolds(quote.pricedAt, today),
    done: doneLine(state.done ?? null, history),
    preview: state.preview ? { date: formatLongDate(state.preview.date), total: money(state.preview.total), was, cost: null } : null,
    rebook: quote.status === 'booked',
    repriced: state.repriced ? { total: money(state.repriced.total), was } : null,
    cancelAsk: !!state.cancelAsk,
    cancelCost: null,
    history: history.map(({ at, event }) => ({ at, date: formatLongDate(londonToday(new Date(at))), line: eventLine(quote, event) })),
    selfHref: quotePageHref(quote.reference, token),
    accessPriced: !quote.accepted && !!quote.pricing,
    addressForm: state.values?.get('action') === 'accept-quote' ? 'accept' : 'access',
    claims: [],
  };
}

const estimateCard = (pricing: NonNullable<StoredQuote['pricing']>, quote: StoredQuote): PartsView =>
  priceFill(pricing, { ...quote, ferry: crossesSea(quote.fromPostcode, quote.toPostcode) });

export function routeMap({ pricing, places, fromPostcode, toPostcode }: StoredQuote): MovePageView['map'] {
  if (!pricing || !places) return null;
  const view = routeMapView({ ...places.from, postcode: fromPostcode }, { ...places.to, postcode: toPostcode }, pricing.distance);
  return { ...view, ferry: false };
}

function focusOf(manage: ManageView, errors: Record<string, string>): MoveFocus | null {
  if (Object.keys(errors).length) return 'errors';
  if (manage.cancelAsk) return 'cancel-confirm';
  if (manage.repriced) return 'book-preview';
  if (manage.preview) return 'date-preview';
  return manage.done ? 'done' : null;
}

function writtenView(written: WrittenQuote | null, quote: StoredQuote, today: string, vat: Vat | null): WrittenQuoteView | null {
  if (!written) return null;
  const open = quote.status !== 'cancelled' && quote.status !== 'declined';
  const lastDay = lastDayToAccept(written.validUntil, quote.moveDate);
  return {
    version: written.version,
    rows: writtenQuoteRows(written),
    vat: vatRows(written.totalPence, vat),
    deposit: formatPence(written.depositPence),
    withDeposit: written.depositPence > 0,
    validUntil: formatLongDate(lastDay),
    included: written.included,
    accepted: written.acceptedAt ? `Accepted on ${formatLongDate(londonToday(new Date(written.acceptedAt)))}.` : null,
    acceptable: open && acceptable(written, today, quote.moveDate),
    expired: !written.acceptedAt && today > lastDay,
    newDate: newDateWords(written.datePriced),
    missing: (['from', 'to'] as const).filter((end) => !isFullAddress(quote.addresses[end])),
    online: written.createdBy === ONLINE_BOOKING_BY,
  };
}

const dayOf = (at: string) => formatLongDate(londonToday(new Date(at)));

/** The estimate (once a written quote replaced it) and each written quote the newest one replaced, oldest first. */
function earlierPrices(quote: StoredQuote, versions: readonly WrittenQuote[], current: WrittenQuote | null): EarlierPrice[] {
  if (!current) return [];
  const estimate = quote.pricing
    ? [
        {
          date: dayOf(quote.pricedAt ?? quote.createdAt),
          line: `Our estimate: ${formatMoney(quote.pricing.total)}${quote.promoCode ? `, ${payFor(quote.promoCode)(quote.pricing.total)}` : ''}`,
        },
      ]
    : [];
  const replaced = versions
    .filter((version) => version.sentAt && version.version < current.version)
    .sort((a, b) => a.version - b.version)
    .map((version) => ({
      date: dayOf(version.sentAt!),
      line: `Written quote version ${version.version}: ${formatPence(version.totalPence)}${version.acceptedAt ? ', accepted' : ''}`,
    }));
  return [...estimate, ...replaced];
}

/**
 * The crew lead's "on the way" (or "running late", its newer time) from the job sheet, on the move's own day; none
 * once they have arrived (any later step).
 */
function onTheWay(history: readonly HistoryEntry[], today: string) {
  const said = history.findLast(
    ({ at, event }) =>
      (event.kind === 'crew_on_way' || event.kind === 'crew_late' || event.kind === 'crew_step') && londonToday(new Date(at)) === today,
  )?.event;
  return said?.kind === 'crew_on_way' || said?.kind === 'crew_late' ? { crew: said.crew, eta: said.eta } : null;
}

const CONSENT_WORDS = {
  quote: 'Turned on with your quote',
  move_page: 'Turned on on this page',
  stop: 'Turned off when you texted STOP',
} as const;

function textsView(consent: SmsConsent | null, phone: string): MoveTextsView {
  const when = (at: string | null) => (at ? ` on ${formatLongDate(londonToday(new Date(at)))}` : '');
  const since = !consent
    ? null
    : consent.optedIn
      ? `${CONSENT_WORDS[consent.optedInVia ?? 'move_page']}${when(consent.optedInAt)}.`
      : `${consent.optedOutVia === 'stop' ? CONSENT_WORDS.stop : 'Turned off on this page'}${when(consent.optedOutAt)}.`;
  return { on: !!consent?.optedIn, since, mobile: ukMobile(phone) !== null };
}

export async function movePageView(db: D1Database, opened: OpenedQuote, now: Date, state: QuotePageState = {}): Promise<MovePageView> {
  const { quote, token } = opened;
  const today = londonToday(now);
  const upcoming = isUpcoming(movePageState(moveFacts(quote), today));
  const [history, versions, owed, booking, vat, documents, reports, claims, consent, conditions, changes] = await Promise.all([
    moveHistory(db, quote),
    writtenQuoteVersions(db, quote.reference),
    leadOwed(db, quote, today),
    bookedInDiary(db, quote.reference),
    firmVat(db),
    documentsFor(db, quote.reference),
    jobReports(db, quote.reference),
    claimsFor(db, quote.reference),
    readConsent(db, quote.reference),
    conditionRecords(db, quote.reference),
    changeOrders(db, quote.reference),
  ]);
  // The newest sent version: the only one the customer sees.
  const written = versions.find((version) => version.sentAt) ?? null;
  const manage = manageView(quote, token, today, state, history);
  manage.claims = claims.map((claim) => ({
    id: claim.id,
    item: claim.item,
    value: formatPence(claim.declaredPence),
    state: claimStateLine(claim),
  }));
  const [cost, rebooking] = await Promise.all([
    state.cancelAsk ? cancelCost(db, quote, now) : null,
    state.preview && manage.rebook ? rebookingFor(db, quote, state.preview.date, now) : null,
  ]);
  if (cost) manage.cancelCost = cancelCostLine(cost);
  if (manage.actions.has('request_booking') && !written) manage.bookOnline = !(await onlineBookingProblem(db, quote, now));
  if (rebooking && manage.preview) manage.preview.cost = dateChangeCostLine(rebooking.cost);
  const errors = { ...state.errors, ...(state.general ? { form: state.general } : {}) };
  const summary = moveSummary({
    status: quote.status,
    moveDate: quote.moveDate,
    today,
    jobDone: !!quote.jobDoneAt,
    estimate: quote.pricing ? discountedPrice(quote.pricing.total, quote.promoCode) : null,
    estimateUntil: quote.status === 'quoted' && !written && quote.pricedAt ? validUntil(quote.pricedAt) : null,
    // The price the e-mails state too; an earlier version accepted stays the price while a newer one waits.
    written: written && {
      pay: priceNow(quote) ?? acceptedPrice(acceptedPriceOf(written)),
      depositPence: written.depositPence,
      lastDay: lastDayToAccept(written.validUntil, quote.moveDate),
      accepted: !!written.acceptedAt || !!quote.accepted,
      online: written.createdBy === ONLINE_BOOKING_BY,
    },
    owed,
    crew: crewOf(booking),
    onTheWay: onTheWay(history, today),
    byWrittenQuote: !!quote.request,
  });
  const day = movingDayStatus(reports);
  return {
    texts: upcoming || quote.moveDate === today ? textsView(consent, quote.phone) : null,
    conditions: conditions.map((record) => conditionLine(record, null, false)),
    changes: changes.map((order, index) => changeLine(order, null, index + 1)),
    // On the move's day, or once the crew have tapped anything, for a move booked in the diary.
    movingDay:
      booking && (quote.moveDate === today || day.steps.length > 0)
        ? {
            ...day,
            statusHref: `${MOVE_DAY_PATH}?${new URLSearchParams({ ref: quote.reference, ...(token ? { t: token } : {}) })}`,
            refreshHref: quotePageHref(quote.reference, token),
          }
        : null,
    stage: summary.stage,
    heading: STAGE_HEADINGS[summary.stage],
    summary: STAGE_SUMMARIES[summary.stage](firstName(quote.name), formatLongDate(quote.moveDate)),
    tick: !CLOSED.has(summary.stage),
    email: quote.lastCustomerEmail ? EMAIL_LINES[quote.lastCustomerEmail] : null,
    top: {
      ...summary,
      reference: quote.reference,
      // No calendar link for a move that is cancelled or over, not even hidden.
      calendarHref: upcoming ? quoteLink(PAGE_PATHS.calendar, quote.reference, token) : null,
      serviceNote: written ? null : (serviceCaveat(quote)?.sentence ?? null),
    },
    estimate: quote.pricing ? { card: estimateCard(quote.pricing, quote), inHistory: !!written } : null,
    earlier: earlierPrices(quote, versions, written),
    // The three steps after a quote no longer describe a move that is booked, cancelled or over.
    nextSteps: summary.stage === 'quoted',
    details: moveDetails(quote),
    // Drawn from the places stored when it was priced: no view asks the postcode service again. A quote stored before
    // they were kept shows the distance in words only. The price notes say any ferry, so the map does not.
    map: routeMap(quote),
    written: writtenView(written, quote, today, vat),
    documents: documents.map((doc) => ({
      title: documentName(doc.kind, doc.number),
      date: formatLongDate(doc.body.issuedOn),
      href: moveDocumentHref(quote.reference, token, doc.number),
    })),
    manage,
    form: { text: {}, show: [], values: [...formValues(quote, token, state)], errors },
    focus: focusOf(manage, errors),
  };
}
