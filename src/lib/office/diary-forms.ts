/** The diary's plain form posts (issue 33 item 4): crews and vans on /office/diary, holding and booking from a lead. */
import * as z from 'zod/mini';
import { site } from '../../site.config';
import { ARRIVAL_WINDOWS, CREW_SIZE, VAN_SIZES } from './diary';

/**
 * The move date's field error when the day has no room left (a new quote, a new date, a booking request). Here, not in
 * diary.ts, which the wizard's calendar bundles: the calendar never shows it (a full day cannot be picked).
 */
export const FULL_DAY_MESSAGE = `We are fully booked on that day. Please choose another date, or call us on ${site.phone.display}.`;

/** Where the lead page's diary section posts. */
export const DIARY_BOOK_PATH = '/office/diary/book';

/** The notices after a post's redirect (`?done=`). */
export const DIARY_NOTICES = {
  'crew-added': 'Crew added.',
  'crew-removed': 'Crew removed.',
  'van-added': 'Van added.',
  'van-removed': 'Van removed.',
  held: 'The day is held in the diary.',
  booked: 'Booked. We have e-mailed the customer their crew, van and arrival window.',
} as const;
export type DiaryNotice = keyof typeof DIARY_NOTICES;

export const diaryNotice = (done: string | null | undefined): string | undefined =>
  done && Object.prototype.hasOwnProperty.call(DIARY_NOTICES, done) ? DIARY_NOTICES[done as DiaryNotice] : undefined;

export const OVERRIDE_LIMIT = 200;

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
  full: 'This day is fully booked. To book it anyway, give the reason.',
  override: `Please keep the reason to ${OVERRIDE_LIMIT} characters or fewer.`,
  ownerOnly: 'Only the owner can change the crews and vans.',
} as const;

const text = (message: string, max: number) => z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
const id = (message: string) => z.string(message).check(z.regex(/^[1-9]\d{0,8}$/, message));

export const crewVanSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add-crew'),
    leadName: text(DIARY_MESSAGES.leadName, 80),
    size: z.string(DIARY_MESSAGES.size).check(
      z.trim(),
      z.refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= CREW_SIZE.min && Number(value) <= CREW_SIZE.max, DIARY_MESSAGES.size),
    ),
  }),
  z.object({ action: z.literal('remove-crew'), id: id(DIARY_MESSAGES.crew) }),
  z.object({
    action: z.literal('add-van'),
    vanName: text(DIARY_MESSAGES.vanName, 40),
    vanSize: z.enum(Object.keys(VAN_SIZES) as [keyof typeof VAN_SIZES], DIARY_MESSAGES.vanSize),
  }),
  z.object({ action: z.literal('remove-van'), id: id(DIARY_MESSAGES.van) }),
]);
export type CrewVanForm = z.infer<typeof crewVanSchema>;

const override = z._default(z.string().check(z.trim(), z.maxLength(OVERRIDE_LIMIT, DIARY_MESSAGES.override)), '');

export const bookingSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('hold'), override }),
  z.object({
    intent: z.literal('book'),
    crew: id(DIARY_MESSAGES.crew),
    van: id(DIARY_MESSAGES.van),
    window: z.enum(Object.keys(ARRIVAL_WINDOWS) as [keyof typeof ARRIVAL_WINDOWS], DIARY_MESSAGES.window),
    override,
  }),
]);
export type BookingForm = z.infer<typeof bookingSchema>;

/** What a refused post shows again: the messages by field, and what was typed. */
export interface DiaryFormState {
  errors: Record<string, string>;
  values: Record<string, string>;
}
