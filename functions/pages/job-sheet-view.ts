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
import { JOB_REPORT_LABELS, jobSheetNotice, type JobReportKind } from '~/lib/office/job-sheet';
import { formatDateTime } from '~/lib/office/format';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { bookedInDiary, jobReports, liveJobSheetLink, type DiaryBooking, type JobReport } from '../lib/office/job-sheets';
import { writtenQuoteVersions } from '../lib/office/written-quotes';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { moveDetails } from './move-view';

/** A refused report: which form, what was typed, and each field's message. */
export interface JobSheetState {
  done?: string | null;
  form?: JobReportKind;
  errors?: Partial<Record<'eta' | 'note' | 'photos' | 'day', string>>;
  values?: { eta?: string; note?: string };
}

/** What functions/office/job-sheets.ts hands the sheet's page once the token has opened it. */
export interface JobSheetPageRequest {
  reference: string;
  state: JobSheetState;
}

/** What the office's post hands the page that shows a new link once (under its own key: the lead page has a view too). */
export interface JobSheetLinkView {
  jobSheetLink: { reference: string; made: { url: string; lastDay: string } | null };
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
/** The crew's sheet: "14:05" on the day; the office: its usual date and time. UK time both. */
const when = (at: string, today: string | null): string =>
  today !== null && londonToday(new Date(at)) === today ? clock.format(new Date(at)) : formatDateTime(at);

export interface ReportLine {
  kind: JobReportKind;
  label: string;
  at: string;
  detail: string | null;
  photos: Array<{ href: string; label: string }>;
}

function reportLine(report: JobReport, today: string | null): ReportLine {
  const detail = report.kind === 'on_our_way' ? `Arriving at about ${report.eta ?? ''}` : report.note;
  return {
    kind: report.kind,
    label: JOB_REPORT_LABELS[report.kind],
    at: when(report.createdAt, today),
    detail,
    photos: report.photos.map((key, index) => ({
      href: `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key })}`,
      label: `Photo ${index + 1} of ${report.photos.length}`,
    })),
  };
}

const crewLine = (booking: DiaryBooking) =>
  booking.crewLead ? `${booking.crewLead}${booking.crewSize ? ` (crew of ${booking.crewSize})` : ''}` : null;
const vanLine = (booking: DiaryBooking) =>
  booking.vanName ? `${booking.vanName}${booking.vanSize ? ` (${vanSizeLabel(booking.vanSize)})` : ''}` : null;

/** One end of the move as the crew needs it at the door (issue 40 item 1). */
export interface JobSheetEnd {
  end: 'from' | 'to';
  heading: string;
  /** One part of the address a line, the postcode last. */
  lines: string[];
  /** Line 1 and the town are there (a booked move always has both, unless booked before issue 40). */
  complete: boolean;
  /** Plain links to the phone's maps (src/lib/move-facts.ts mapsLinks). */
  maps: { google: string; apple: string };
  access: string | null;
}

/** What the price covers: the written quote the customer accepted (else the newest sent), or the estimate's lines. */
export interface JobSheetPrice {
  heading: string;
  rows: Array<[label: string, amount: string]>;
  included: string | null;
}

export interface JobSheetView {
  reference: string;
  date: string;
  arrival: string | null;
  crew: string | null;
  van: string | null;
  ends: [JobSheetEnd, JobSheetEnd];
  price: JobSheetPrice | null;
  furniture: string;
  items: string | null;
  awkward: string | null;
  notes: string | null;
  customer: { name: string; phone: string; tel: string };
  reports: ReportLine[];
  notice: string | null;
  state: JobSheetState;
}

/** Null when the move is gone from the diary or the quotes meanwhile. */
export async function jobSheetView(db: D1Database, { reference, state }: JobSheetPageRequest, now: Date): Promise<JobSheetView | null> {
  const [quote, booking, reports, versions] = await Promise.all([
    findQuote(db, { reference }),
    bookedInDiary(db, reference),
    jobReports(db, reference),
    writtenQuoteVersions(db, reference),
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
    notice: jobSheetNotice(state.done ?? null) ?? null,
    state,
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

export interface JobSheetSectionView {
  booked: boolean;
  /** The last day the current link works, while one does. */
  liveUntil: string | null;
  /** Just made: shown once, on the page that answers the post. */
  made: { url: string; lastDay: string } | null;
  reports: ReportLine[];
}

export async function jobSheetSectionView(
  db: D1Database,
  reference: string,
  now: Date,
  handed: JobSheetLinkView['jobSheetLink'] | undefined,
): Promise<JobSheetSectionView> {
  const [booking, live, reports] = await Promise.all([
    bookedInDiary(db, reference),
    liveJobSheetLink(db, reference, now),
    jobReports(db, reference),
  ]);
  const lastMoment = live && new Date(new Date(live.expiresAt).getTime() - 1);
  return {
    booked: booking !== null,
    liveUntil: booking && lastMoment ? formatLongDate(londonToday(lastMoment)) : null,
    made: handed?.reference === reference ? handed.made : null,
    reports: reports.map((report) => reportLine(report, null)),
  };
}
