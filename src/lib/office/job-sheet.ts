/**
 * The crew's job sheet (issue 33 item 5): what the crew lead may report from it, the words the sheet and the office
 * show, and the limits of what the sheet accepts. One list for the page, the Worker and the tests.
 */
import * as z from 'zod/mini';
import { addDays, formatLongDate, UK_TIME_ZONE } from '../dates';
import { isReference } from '../reference';
import { emailField } from '../schemas';

export const CREW_REPORT_KINDS = ['on_our_way', 'arrived', 'leaving', 'at_delivery', 'late', 'done', 'problem'] as const;
export type CrewReportKind = (typeof CREW_REPORT_KINDS)[number];
/** The crew's reports, and the customer's damage report from the move page (issue 34 item 5), listed with them. */
export type JobReportKind = CrewReportKind | 'customer_damage';

export const JOB_REPORT_LABELS: Record<JobReportKind, string> = {
  on_our_way: 'On our way',
  arrived: 'Arrived',
  leaving: 'Loaded and leaving',
  at_delivery: 'Arrived at delivery',
  late: 'Running late',
  done: 'Job done',
  problem: 'Damage or problem',
  customer_damage: 'Damage reported by the customer',
};

/** The notice the sheet shows after each report (`?done=<kind>`). */
export const JOB_SHEET_NOTICES: Record<CrewReportKind, string> = {
  on_our_way: 'Thank you. We have e-mailed the customer that you are on your way, with your arrival time.',
  arrived: 'Thank you. We have told the customer you have arrived.',
  leaving: 'Thank you. We have told the customer you are loaded and leaving.',
  at_delivery: 'Thank you. We have told the customer you have arrived at the delivery address.',
  late: 'Thank you. We have told the customer you are running late, with your new arrival time.',
  done: 'Thank you. The job is marked as done and the office has been told.',
  problem: 'Thank you. The office has your report and will be in touch.',
};

/**
 * "On our way" with the phone's location (issue 44 item 2): worked out from it, or, with the pickup not found on the map,
 * the time chosen from the list (`?done=on_our_way_<how>`).
 */
export const LOCATED_NOTICES = {
  on_our_way_located:
    'Thank you. We have e-mailed the customer that you are on your way, with an arrival time worked out from your location to the pickup. Your location was not kept.',
  on_our_way_unplaced:
    'Thank you. We could not find the pickup on the map to work out the time from your location, so we sent the customer the time you chose.',
} as const;
export type LocatedNotice = keyof typeof LOCATED_NOTICES;

/** Own properties only, so `?done=constructor` finds nothing. */
export const jobSheetNotice = (done: string | null): string | undefined => {
  if (done === null) return undefined;
  if (Object.hasOwn(JOB_SHEET_NOTICES, done)) return JOB_SHEET_NOTICES[done as CrewReportKind];
  return Object.hasOwn(LOCATED_NOTICES, done) ? LOCATED_NOTICES[done as LocatedNotice] : undefined;
};

/** The audit trail's action keys for the job sheet (audit_log.action). */
export const JOB_SHEET_ACTIONS = {
  link: 'job_sheet_link',
  emailed: 'job_sheet_emailed',
  on_our_way: 'crew_on_our_way',
  arrived: 'crew_arrived',
  leaving: 'crew_leaving',
  at_delivery: 'crew_at_delivery',
  late: 'crew_running_late',
  done: 'crew_job_done',
  problem: 'crew_problem',
  /** A moving-day tap, condition record or change order posted on another day: refused (movingDayRefusal). */
  offDay: 'crew_off_day_refused',
} as const;

/** The moving day's taps in their order (issue 44 item 2); the ones between the first and the last happen once. */
export const DAY_STEPS = ['on_our_way', 'arrived', 'leaving', 'at_delivery', 'done'] as const;
export type DayStep = (typeof DAY_STEPS)[number];
export const ONCE_ONLY_STEPS: ReadonlySet<CrewReportKind> = new Set(['arrived', 'leaving', 'at_delivery']);
/** The reports that carry an arrival estimate. */
export const ESTIMATE_KINDS: ReadonlySet<CrewReportKind> = new Set(['on_our_way', 'late']);
/** The arrival estimates the crew choose from, in minutes from the tap: one tap on a phone, no typing. */
export const ETA_CHOICES: ReadonlyArray<{ minutes: number; label: string }> = [
  { minutes: 15, label: 'In 15 minutes' },
  { minutes: 30, label: 'In 30 minutes' },
  { minutes: 45, label: 'In 45 minutes' },
  { minutes: 60, label: 'In 1 hour' },
  { minutes: 90, label: 'In 1½ hours' },
  { minutes: 120, label: 'In 2 hours' },
];
const ukClock = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
/** `HH:MM` UK time, `minutes` after `now`. */
export const etaAfter = (now: Date, minutes: number): string => ukClock.format(new Date(now.getTime() + minutes * 60_000));
/** A chosen estimate from the list, in minutes; null for anything else. */
export const etaChoice = (value: string): number | null => ETA_CHOICES.find((each) => String(each.minutes) === value)?.minutes ?? null;
/** A sheet form's one-off key (`tap`), so a post sent twice is stored once. */
export const isTapKey = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

export const JOB_NOTE_MAX = 2000;
/**
 * The most reports, and photos, one move takes in a UK day from its job sheet and its move page together (issue 40
 * item 8): far more than a real day needs, far fewer than a script sends. The per-minute limits are in wrangler.jsonc.
 */
export const JOB_REPORTS_PER_DAY = 30;
export const JOB_PHOTOS_PER_DAY = 30;
export const JOB_PHOTO_MAX = 3;
export const JOB_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The photo types a phone's camera makes, each with the extension its R2 key gets. */
export const JOB_PHOTO_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

export const JOB_SHEET_MESSAGES = {
  eta: 'Choose how soon you expect to arrive, or enter the time, for example 09:30.',
  unplaced: 'We could not find the pickup on the map to work out the time from your location. Choose how soon you expect to arrive.',
  tap: 'This form was out of date. Send it again.',
  noteRequired: 'Say what happened, so the office can help.',
  noteTooLong: `Keep the note under ${JOB_NOTE_MAX} characters.`,
  photoCount: `Add up to ${JOB_PHOTO_MAX} photos.`,
  photoType: 'Photos must be pictures (JPEG, PNG, WebP or HEIC).',
  photoSize: `Each photo must be under ${JOB_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  notBooked: 'Book this move in the diary first; then you can make the crew’s job sheet link.',
  tooFast: 'Too many reports in a minute. Wait a minute, then send it again.',
  reportsToday: `This move has had ${JOB_REPORTS_PER_DAY} reports today, the most we take in a day. Please phone us instead.`,
  photosToday: `This move has had ${JOB_PHOTOS_PER_DAY} photos today, the most we take in a day. Send it without photos, or phone us.`,
} as const;

/** What a move has reported so far on a UK day. */
export interface ReportsToday {
  reports: number;
  photos: number;
}

/** Whether one more report with `photos` photos would pass a day's cap, and which cap it meets. */
export function dailyCapMet(today: ReportsToday, photos: number): 'reportsToday' | 'photosToday' | null {
  if (today.reports >= JOB_REPORTS_PER_DAY) return 'reportsToday';
  return photos > 0 && today.photos + photos > JOB_PHOTOS_PER_DAY ? 'photosToday' : null;
}

/**
 * "Job done" before the move day is refused (issue 40 item 4): it moves the lead to Done and asks the customer for a
 * review, so pressed early by mistake it would do both for a move still to come. `today` is a UK day.
 */
export function jobDoneRefusal(moveDate: string, today: string): string | null {
  return today < moveDate
    ? `Not yet: this move is on ${formatLongDate(moveDate)}. Mark the job done on the day, once the work is finished.`
    : null;
}

/**
 * Where today stands against the move's day (UK days): the moving-day taps, the condition records and the change order
 * are for the move's day only; "Job done" for that day or after, as a crew may finish late or tap it next morning.
 */
export type SheetDay = 'before' | 'day' | 'after';
export const sheetDay = (moveDate: string, today: string): SheetDay => (today < moveDate ? 'before' : today === moveDate ? 'day' : 'after');

/**
 * A delivery may end after midnight, or the next morning on a long move: "Arrived at delivery" and the condition record at
 * delivery are taken on the move's day and the day after it (the crew's link works to the end of that day).
 */
export const deliveryOpen = (moveDate: string, today: string): boolean => today === moveDate || today === jobSheetLastDay(moveDate);

/** What the sheet says instead of the buttons the day does not allow; null on the move's day. */
export function sheetDayNotice(moveDate: string, today: string): string | null {
  const day = sheetDay(moveDate, today);
  if (day === 'day') return null;
  if (day === 'before') return `The moving-day buttons appear on ${formatLongDate(moveDate)}, the day of the move.`;
  return deliveryOpen(moveDate, today)
    ? `The move was on ${formatLongDate(moveDate)}. Until the end of today you can still send “Arrived at delivery” and record the condition at delivery; you can also mark the job done or report a problem.`
    : `The move was on ${formatLongDate(moveDate)}: the moving-day buttons were for that day only. You can still mark the job done or report a problem.`;
}

/**
 * A moving-day tap, a condition record or a change order posted on another day than the move's (a page left open, or a
 * crafted post): refused, so the customer is never told "on the way" for a move months off. Null on the day.
 */
export function movingDayRefusal(moveDate: string, today: string): string | null {
  const day = sheetDay(moveDate, today);
  if (day === 'day') return null;
  return day === 'before'
    ? `Not yet: this move is on ${formatLongDate(moveDate)}. The moving-day buttons work on that day only.`
    : `This move was on ${formatLongDate(moveDate)}. The moving-day buttons worked on that day only.`;
}

/** The refusal for "Arrived at delivery" and the condition record at delivery (deliveryOpen); null when today allows them. */
export function deliveryRefusal(moveDate: string, today: string): string | null {
  if (deliveryOpen(moveDate, today)) return null;
  return today < moveDate
    ? movingDayRefusal(moveDate, today)
    : `This move was on ${formatLongDate(moveDate)}. The delivery could be recorded until the end of the day after it.`;
}

/** `HH:MM` on a 24-hour clock. */
export const isClockTime = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** A link made for a move on `moveDate` (a UK day) works until the end of the day after it, UK time. */
export const jobSheetLastDay = (moveDate: string): string => addDays(moveDate, 1);
/** The UK day at whose first moment the link stops working. */
export const jobSheetExpiresOn = (moveDate: string): string => addDays(moveDate, 2);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** What a photo's first bytes say it is (a key of JOB_PHOTO_TYPES), whatever its name or declared type; null if not one. */
export function photoType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
  }
  return null;
}

const moveRef = z.string().check(z.refine(isReference));

/** "Make the job sheet link" on a lead's page: the move. */
export const jobSheetLinkSchema = z.object({ ref: moveRef });

/** "E-mail the link to the crew lead" on a lead's page: the move, and the crew lead's address. */
export const jobSheetEmailSchema = z.object({ ref: moveRef, email: emailField });
export type JobSheetEmailForm = z.infer<typeof jobSheetEmailSchema>;
