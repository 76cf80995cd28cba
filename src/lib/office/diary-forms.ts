/**
 * The diary's plain form posts (issue 33 item 4, issue 40 item 6): crews and vans on /office/diary, their days off,
 * holding and booking from a lead, and a crew or van hired for a full day.
 */
import * as z from 'zod/mini';
import { readDate } from '../dates';
import { isReference } from '../reference';
import { optionalPhoneField } from '../schemas';
import { isArrivalWindowKey } from './arrival-windows';
import { CREW_SIZE, VAN_SIZES } from './diary';

export { FULL_DAY_MESSAGE } from './diary';

/** Where the lead page's diary section posts. */
export const DIARY_BOOK_PATH = '/office/diary/book';
/** Where a crew's or van's days off are added and removed (any member of staff). */
export const DIARY_DAYS_OFF_PATH = '/office/diary/days-off';
/** Where a crew or van is hired for one day, or the hire cancelled (any member of staff, with a reason). */
export const DIARY_HIRE_PATH = '/office/diary/hire';

/** The notices after a post's redirect (`?done=`). */
export const DIARY_NOTICES = {
  'crew-added': 'Crew added.',
  'crew-removed': 'Crew removed.',
  'van-added': 'Van added.',
  'van-removed': 'Van removed.',
  held: 'The day is held in the diary.',
  booked: 'Booked. We have e-mailed the customer their crew, van and arrival window.',
  'day-off-added': 'Day off added. The diary counts that crew or van out on those days.',
  'day-off-removed': 'Day off removed.',
  hired: 'Hired for the day. The diary counts it on that day only.',
  'hire-cancelled': 'Hire cancelled.',
} as const;
export type DiaryNotice = keyof typeof DIARY_NOTICES;

export const diaryNotice = (done: string | null | undefined): string | undefined =>
  done && Object.prototype.hasOwnProperty.call(DIARY_NOTICES, done) ? DIARY_NOTICES[done as DiaryNotice] : undefined;

export const OVERRIDE_LIMIT = 200;
/** The longest stretch of days off one entry may hold. */
export const DAYS_OFF_LONGEST = 366;

export const DIARY_MESSAGES = {
  leadName: 'Please enter the crew lead’s name.',
  size: `Please enter the crew’s size, from ${CREW_SIZE.min} to ${CREW_SIZE.max}.`,
  vanName: 'Please enter a name for the van, such as its registration.',
  vanSize: 'Please choose the van’s size.',
  crew: 'Please choose a crew.',
  van: 'Please choose a van.',
  window: 'Please choose an arrival window.',
  crewBusy: 'This crew is already out on that day. Please choose another.',
  vanBusy: 'This van is already out on that day. Please choose another.',
  crewOff: 'This crew has the day off. Please choose another.',
  vanOff: 'This van is off that day. Please choose another.',
  full: 'This day is fully booked. To book it anyway, give the reason.',
  closed: (holiday: string) => `We are closed that day (${holiday}). To book it anyway, give the reason.`,
  override: `Please keep the reason to ${OVERRIDE_LIMIT} characters or fewer.`,
  unpaid: 'No deposit has been paid for this move. To book it without one, say why.',
  unpaidTooLong: `Please keep the reason to ${OVERRIDE_LIMIT} characters or fewer.`,
  ownerOnly: 'Only the owner can change the crews and vans.',
  who: 'Please choose a crew or a van.',
  firstDay: 'Please enter the first day off, such as 14/12/2026.',
  lastDay: 'Please enter the last day off, such as 18/12/2026, or leave it empty for one day.',
  dayOffPast: 'That day has passed. Please enter today or a later day.',
  dayOffBackwards: 'The last day off must be on or after the first.',
  dayOffTooLong: `Please keep one stretch of days off to ${DAYS_OFF_LONGEST} days or fewer.`,
  dayOffReason: `Please keep the note to ${OVERRIDE_LIMIT} characters or fewer.`,
  dayOffOverlap: 'That crew or van already has days off then.',
  dayOffBooked: (what: string, date: string, reference: string) =>
    `${what} is booked on ${date} (${reference}). Give that move another crew or van first.`,
  dayOff: 'Please choose a day off to remove.',
  hireWhat: 'Please choose what you are hiring.',
  hireName: 'Please say who or what you hired, such as the firm’s name or the van’s registration.',
  hireReason: `Please give the reason for hiring, in ${OVERRIDE_LIMIT} characters or fewer.`,
  hireDate: 'Please choose the day you are hiring for.',
  hirePast: 'That day has passed.',
  hireInUse: 'A move is booked with it. Give that move another crew or van first.',
  hire: 'Please choose a hire to cancel.',
} as const;

const text = (message: string, max: number) => z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
const id = (message: string) => z.string(message).check(z.regex(/^[1-9]\d{0,8}$/, message));
const crewSize = z.string(DIARY_MESSAGES.size).check(
  z.trim(),
  z.refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= CREW_SIZE.min && Number(value) <= CREW_SIZE.max, DIARY_MESSAGES.size),
);
const vanSize = z.enum(Object.keys(VAN_SIZES) as [keyof typeof VAN_SIZES], DIARY_MESSAGES.vanSize);
/** A day typed (dd/mm/yyyy, dd/mm/yy) or picked (`YYYY-MM-DD`), as `YYYY-MM-DD`. */
const day = (message: string) =>
  z.pipe(
    z.string(message),
    z.transform((value: string, ctx) => {
      const date = readDate(value);
      if (date) return date;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
const note = (message: string) => z._default(z.string(message).check(z.trim(), z.maxLength(OVERRIDE_LIMIT, message)), '');

export const crewVanSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add-crew'),
    leadName: text(DIARY_MESSAGES.leadName, 80),
    leadPhone: z._default(optionalPhoneField, ''),
    size: crewSize,
  }),
  z.object({ action: z.literal('remove-crew'), id: id(DIARY_MESSAGES.crew) }),
  z.object({
    action: z.literal('add-van'),
    vanName: text(DIARY_MESSAGES.vanName, 40),
    vanSize,
  }),
  z.object({ action: z.literal('remove-van'), id: id(DIARY_MESSAGES.van) }),
]);
export type CrewVanForm = z.infer<typeof crewVanSchema>;

const override = z._default(z.string().check(z.trim(), z.maxLength(OVERRIDE_LIMIT, DIARY_MESSAGES.override)), '');

/** The move a booking form is about (not one: the office's 404). */
const moveRef = z.string().check(z.refine(isReference));

export const bookingSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('hold'), ref: moveRef, override }),
  z.object({
    intent: z.literal('book'),
    ref: moveRef,
    crew: id(DIARY_MESSAGES.crew),
    van: id(DIARY_MESSAGES.van),
    // One of the owner's windows (settings), or one the page offered before they changed them.
    window: z.string(DIARY_MESSAGES.window).check(z.refine(isArrivalWindowKey, DIARY_MESSAGES.window)),
    override,
    /** Why a move no deposit has booked is booked (issue 40 item 4): needed then, and kept in the audit trail. */
    unpaidReason: z._default(z.string().check(z.trim(), z.maxLength(OVERRIDE_LIMIT, DIARY_MESSAGES.unpaidTooLong)), ''),
  }),
]);
export type BookingForm = z.infer<typeof bookingSchema>;

/** A crew or van as a form's select or button names it: `crew:12`, `van:3`. */
const whoField = (message: string) =>
  z.pipe(
    z.string(message).check(z.regex(/^(crew|van):[1-9]\d{0,8}$/, message)),
    z.transform((value: string) => {
      const [resource, id] = value.split(':') as ['crew' | 'van', string];
      return { resource, id: Number(id) };
    }),
  );

export const daysOffSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add-day-off'),
    who: whoField(DIARY_MESSAGES.who),
    firstDay: day(DIARY_MESSAGES.firstDay),
    // Empty: the first day only.
    lastDay: z.union([z.literal(''), day(DIARY_MESSAGES.lastDay)], DIARY_MESSAGES.lastDay),
    reason: note(DIARY_MESSAGES.dayOffReason),
  }),
  z.object({ action: z.literal('remove-day-off'), id: id(DIARY_MESSAGES.dayOff) }),
]);
export type DaysOffForm = z.infer<typeof daysOffSchema>;

/** What a hire adds for its day: a crew, a van, or a crew with its van (a place in the diary needs both). */
export const HIRE_KINDS = {
  both: 'A crew with its van',
  crew: 'A crew',
  van: 'A van',
} as const;
export type HireKind = keyof typeof HIRE_KINDS;

export const hireSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('hire'),
    date: day(DIARY_MESSAGES.hireDate),
    what: z.enum(Object.keys(HIRE_KINDS) as [HireKind], DIARY_MESSAGES.hireWhat),
    name: text(DIARY_MESSAGES.hireName, 80),
    // Each is asked for only when hired: a crew's size, a van's size (the handler checks the one it needs).
    crewSize: z.optional(z.string()),
    vanSize: z.optional(z.string()),
    reason: text(DIARY_MESSAGES.hireReason, OVERRIDE_LIMIT),
    /** The move whose diary section asked, to come back to. */
    ref: z.optional(z.string()),
  }),
  z.object({ action: z.literal('cancel-hire'), who: whoField(DIARY_MESSAGES.hire) }),
]);
export type HireForm = z.infer<typeof hireSchema>;

/** A hire's sizes, checked for what it hires: the messages by field, or the sizes. */
export function hireSizes(form: Extract<HireForm, { action: 'hire' }>) {
  const errors: Record<string, string> = {};
  const crew = form.what === 'van' ? null : crewSize.safeParse(form.crewSize ?? '');
  const van = form.what === 'crew' ? null : vanSize.safeParse(form.vanSize ?? '');
  if (crew && !crew.success) errors.crewSize = DIARY_MESSAGES.size;
  if (van && !van.success) errors.vanSize = DIARY_MESSAGES.vanSize;
  return { errors, crewSize: crew?.success ? Number(crew.data) : null, vanSize: van?.success ? van.data : null };
}

/** What a refused post shows again: the messages by field, and what was typed. */
export interface DiaryFormState {
  errors: Record<string, string>;
  values: Record<string, string>;
}
