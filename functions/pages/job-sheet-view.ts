// What the crew's job sheet (src/pages/job-sheet.astro) and the office's job sheet section
// (src/components/office/JobSheetSection.astro) show (issue 33 item 5). Data only: the markup is in the components.
import { describeAccess } from '~/data/access';
import { arrivalWindowLabel } from '~/lib/office/arrival-windows';
import { vanSizeLabel } from '~/lib/office/diary';
import { addressLines, isFullAddress, mapsLinks } from '~/lib/move-facts';
import { formatMoney } from '~/lib/money';
import { PRICE_LABELS, priceLines } from '~/lib/price-lines';
import { writtenQuoteRows } from '~/lib/office/written-quote';
import { UK_TIME_ZONE, formatLongDate, londonToday } from '~/lib/dates';
import { deliveryOpen, JOB_REPORT_LABELS, jobSheetNotice, sheetDay, sheetDayNotice } from '~/lib/office/job-sheet';
import { formatDateTime } from '~/lib/office/format';
import { bookedInDiary, jobReports, liveJobSheetLink, type DiaryBooking, type JobReport } from '../lib/office/job-sheets';
import { writtenQuoteVersions } from '../lib/office/written-quote-rows';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { moveDetails } from './move-view';
import type { JobSheetEmailAnswer, JobSheetSectionData } from '~/lib/views/job-sheet';
import type {
  JobSheetState,
  JobSheetLinkView,
  ReportLine,
  JobSheetEnd,
  JobSheetPrice,
  JobSheetView,
  JobSheetSectionView,
} from '~/lib/views/job-sheet';
import { crewLeadEmail } from '../lib/office/crew-emails';
import { conditionRecords } from '../lib/office/condition';
import { CONDITION_ACTIONS, CONDITION_ENDS, CONDITION_NOTICES } from '~/lib/office/condition';
import { conditionLine, photoLinks } from './condition-view';
import { partnerVan } from '~/lib/partners/offers';
import { changeOrders } from '../lib/office/change-orders';
import { acceptedWrittenQuote } from '../lib/payments/due';
import { CHANGE_NOTICES } from '~/lib/office/change-order';
import { changeItemChoices, changeLine } from './change-view';

/** What functions/office/job-sheets.ts hands the sheet's page once the token has opened it. */
export interface JobSheetPageRequest {
  reference: string;
  state: JobSheetState;
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
/** The crew's sheet: "14:05" on the day; the office: its usual date and time. UK time both. */
const when = (at: string, today: string | null): string =>
  today !== null && londonToday(new Date(at)) === today ? clock.format(new Date(at)) : formatDateTime(at);

function reportLine(report: JobReport, today: string | null): ReportLine {
  const detail = report.eta ? `Arriving at about ${report.eta}` : report.note;
  return {
    kind: report.kind,
    label: JOB_REPORT_LABELS[report.kind],
    at: when(report.createdAt, today),
    detail,
    photos: photoLinks(report.photos),
  };
}

const conditionNotice = (done: string | null): string | undefined => {
  const end = CONDITION_ENDS.find((each) => CONDITION_ACTIONS[each] === done);
  return end && CONDITION_NOTICES[end];
};

const changeNotice = (done: string | null): string | undefined =>
  done !== null && done in CHANGE_NOTICES ? CHANGE_NOTICES[done as keyof typeof CHANGE_NOTICES] : undefined;

const crewLine = (booking: DiaryBooking) =>
  booking.crewLead ? `${booking.crewLead}${booking.crewSize ? ` (crew of ${booking.crewSize})` : ''}` : null;
const vanLine = (booking: DiaryBooking) =>
  booking.partnerVanTonnes !== null
    ? partnerVan(booking.partnerVanTonnes)
    : booking.vanName
      ? `${booking.vanName}${booking.vanSize ? ` (${vanSizeLabel(booking.vanSize)})` : ''}`
      : null;

/** Null when the move is gone from the diary or the quotes meanwhile. */
export async function jobSheetView(db: D1Database, { reference, state }: JobSheetPageRequest, now: Date): Promise<JobSheetView | null> {
  const [quote, booking, reports, versions, conditions, changes, accepted] = await Promise.all([
    findQuote(db, { reference }),
    bookedInDiary(db, reference),
    jobReports(db, reference),
    writtenQuoteVersions(db, reference),
    conditionRecords(db, reference),
    changeOrders(db, reference),
    acceptedWrittenQuote(db, reference),
  ]);
  if (!quote || !booking) return null;
  const details = moveDetails(quote);
  const today = londonToday(now);
  return {
    reference,
    date: formatLongDate(booking.moveDate),
    arrival: booking.arrivalWindow ? arrivalWindowLabel(booking.arrivalWindow) : null,
    crew: crewLine(booking),
    van: vanLine(booking),
    ends: [endOf(quote, 'from'), endOf(quote, 'to')],
    price: priceOf(quote, versions),
    furniture: details.furniture,
    items: quote.moveNotes?.items || null,
    awkward: quote.moveNotes?.awkward || null,
    notes: details.notes ?? null,
    customer: { name: quote.name, phone: quote.phone, tel: `tel:${quote.phone.replace(/[^\d+]/g, '')}` },
    reports: reports.map((report) => reportLine(report, today)),
    conditions: conditions.map((record) => conditionLine(record, today, false)),
    changeItems: changeItemChoices(quote.propertyId),
    // Extras are added to an accepted written quote only (change-orders.ts): without one the crew are told so at once,
    // not after filling in the form.
    extrasAllowed: accepted !== null,
    changes: changes.map((order, index) => changeLine(order, today, index + 1)),
    notice: jobSheetNotice(state.done ?? null) ?? conditionNotice(state.done ?? null) ?? changeNotice(state.done ?? null) ?? null,
    day: sheetDay(booking.moveDate, today),
    deliveryOpen: deliveryOpen(booking.moveDate, today),
    dayNotice: sheetDayNotice(booking.moveDate, today),
    state,
    // Each page's forms carry one new key: a post sent twice from it is stored once.
    tap: crypto.randomUUID(),
  };
}

function endOf(quote: StoredQuote, end: 'from' | 'to'): JobSheetEnd {
  const postcode = end === 'from' ? quote.fromPostcode : quote.toPostcode;
  const address = quote.addresses[end];
  return {
    end,
    heading: end === 'from' ? 'Collect from' : 'Deliver to',
    lines: addressLines(address, postcode),
    complete: isFullAddress(address),
    maps: mapsLinks(address, postcode),
    access: describeAccess(quote.access?.[end]) || null,
  };
}

function priceOf(quote: StoredQuote, versions: Awaited<ReturnType<typeof writtenQuoteVersions>>): JobSheetPrice | null {
  const written = versions.find((version) => version.acceptedAt) ?? versions.find((version) => version.sentAt);
  if (written) {
    const heading = written.acceptedAt ? 'The written quote the customer accepted' : 'The written quote sent to the customer';
    return { heading, rows: writtenQuoteRows(written), included: written.included };
  }
  if (!quote.pricing) return null;
  const rows = priceLines(quote.pricing).map(({ label, amount }): [string, string] => [label, formatMoney(amount)]);
  return {
    heading: 'The estimate (no written quote yet)',
    rows: [...rows, [PRICE_LABELS.total, formatMoney(quote.pricing.total)]],
    included: null,
  };
}

export async function jobSheetSectionView(
  db: D1Database,
  reference: string,
  now: Date,
  handed: JobSheetLinkView['jobSheetLink'] | undefined,
): Promise<JobSheetSectionView> {
  const [booking, live, reports, conditions, changes] = await Promise.all([
    bookedInDiary(db, reference),
    liveJobSheetLink(db, reference, now),
    jobReports(db, reference),
    conditionRecords(db, reference),
    changeOrders(db, reference),
  ]);
  const lastMoment = live && new Date(new Date(live.expiresAt).getTime() - 1);
  return {
    booked: booking !== null,
    liveUntil: booking && lastMoment ? formatLongDate(londonToday(lastMoment)) : null,
    made: handed?.reference === reference ? handed.made : null,
    reports: reports.map((report) => reportLine(report, null)),
    conditions: conditions.map((record) => conditionLine(record, null, true)),
    changes: changes.map((order, index) => changeLine(order, null, index + 1, true)),
  };
}

/**
 * The lead page's job sheet section, and the page answering "Make the crew's job sheet link": a new link shown this once
 * (`handed`), and "E-mail the link to the crew lead" with a refused address back by its field, else the one last used.
 */
export async function jobSheetSectionData(
  db: D1Database,
  reference: string,
  now: Date,
  handed: Partial<JobSheetEmailAnswer> | undefined,
): Promise<JobSheetSectionData> {
  const view = await jobSheetSectionView(db, reference, now, handed?.jobSheetLink);
  const refusedEmail = handed?.jobSheetLink?.reference === reference ? handed.jobSheetEmail : undefined;
  const crewEmail = refusedEmail?.value ?? (view.booked ? await crewLeadEmail(db, reference) : null) ?? '';
  return { view, crewEmail, refusedEmail };
}
