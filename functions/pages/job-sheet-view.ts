// What the crew's job sheet (src/pages/job-sheet.astro) and the office's job sheet section
// (src/components/office/JobSheetSection.astro) show (issue 33 item 5). Data only: the markup is in the components.
import { arrivalWindowLabel } from '~/lib/office/arrival-windows';
import { vanSizeLabel } from '~/lib/office/diary';
import { UK_TIME_ZONE, formatLongDate, londonToday } from '~/lib/dates';
import { JOB_REPORT_LABELS, jobSheetNotice, type JobReportKind } from '~/lib/office/job-sheet';
import { formatDateTime } from '~/lib/office/format';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { bookedInDiary, jobReports, liveJobSheetLink, type DiaryBooking, type JobReport } from '../lib/office/job-sheets';
import { findQuote } from '../lib/quote/store';
import { moveDetails } from './move-view';

/** A refused report: which form, what was typed, and each field's message. */
export interface JobSheetState {
  done?: string | null;
  form?: JobReportKind;
  errors?: Partial<Record<'eta' | 'note' | 'photos', string>>;
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

export interface JobSheetView {
  reference: string;
  date: string;
  arrival: string | null;
  crew: string | null;
  van: string | null;
  from: string;
  to: string;
  access: string | null;
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
  const [quote, booking, reports] = await Promise.all([
    findQuote(db, { reference }),
    bookedInDiary(db, reference),
    jobReports(db, reference),
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
    from: details.from,
    to: details.to,
    access: details.access ?? null,
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
