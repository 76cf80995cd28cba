/** The manage page's forms. Plain form posts, so they live apart from schemas.ts, which the quote wizard bundles whole. */
import * as z from 'zod/mini';
import { formAddressFields, formDate } from './quote-form-schema';
import { formAccessFields, honeypotField } from './schemas';
import { CHANGE_MESSAGES } from './office/change-order';
import { CONDITION_NAME_MAX } from './office/condition';

/** Long enough for a whole house's item list, short enough for an e-mail. */
export const MOVE_NOTES_LIMIT = 2000;

const notes = (label: string) =>
  z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(MOVE_NOTES_LIMIT, `Please keep ${label} to ${MOVE_NOTES_LIMIT.toLocaleString('en-GB')} characters or fewer.`),
      ),
    '',
  );

/** Typed as dd/mm/yyyy or picked, as on the quote form; the booking rule is checked with the quote's own date. */
const date = formDate(z.string('Please choose a move date.').check(z.trim(), z.minLength(1, 'Please choose a move date.')));

/** A review's words: enough to help the next customer, short enough to read on a phone. */
export const REVIEW_TEXT_LIMITS = { min: 20, max: 1000 } as const;

export const REVIEW_MESSAGES = {
  short: `Please tell us a little about your move (at least ${REVIEW_TEXT_LIMITS.min} characters).`,
  long: `Please keep your review to ${REVIEW_TEXT_LIMITS.max.toLocaleString('en-GB')} characters or fewer.`,
} as const;

/** A change order's id, as its form carries it. */
const changeId = z.string(CHANGE_MESSAGES.decided).check(z.regex(/^\d{1,12}$/, CHANGE_MESSAGES.decided));

export const manageSchema = z.discriminatedUnion('action', [
  // The engine prices the new day before anything changes.
  z.object({ action: z.literal('date'), moveDate: date, website: honeypotField }),
  z.object({ action: z.literal('date-confirm'), moveDate: date, website: honeypotField }),
  z.object({
    action: z.literal('access'),
    ...formAddressFields,
    ...formAccessFields,
    awkward: notes('anything awkward'),
    items: notes('the item list'),
    website: honeypotField,
  }),
  // After 28 days the estimate has expired: the page shows the price worked out again and 'book-confirm' books at it.
  z.object({ action: z.literal('book'), website: honeypotField }),
  z.object({ action: z.literal('book-confirm'), website: honeypotField }),
  z.object({ action: z.literal('cancel'), website: honeypotField }),
  z.object({ action: z.literal('cancel-confirm'), website: honeypotField }),
  // The office's written quote (issue 33): its version, so a quote replaced meanwhile is never accepted unseen.
  z.object({
    action: z.literal('accept-quote'),
    version: z.string('Please accept the quote shown.').check(z.regex(/^\d{1,6}$/, 'Please accept the quote shown.')),
    // What the move still lacks of its street addresses is asked for here (issue 40 item 1).
    ...formAddressFields,
    website: honeypotField,
  }),
  // Extras proposed by the crew on the day (issue 44 item 6): signed with the typed name and a tick, or refused.
  z.object({
    action: z.literal('change-accept'),
    change: changeId,
    changeName: z
      .string(CHANGE_MESSAGES.customerName)
      .check(z.trim(), z.minLength(1, CHANGE_MESSAGES.customerName), z.maxLength(CONDITION_NAME_MAX, CHANGE_MESSAGES.nameTooLong)),
    changeAgree: z.string(CHANGE_MESSAGES.customerAgree).check(z.regex(/^yes$/, CHANGE_MESSAGES.customerAgree)),
    website: honeypotField,
  }),
  z.object({ action: z.literal('change-refuse'), change: changeId, website: honeypotField }),
  z.object({
    action: z.literal('review'),
    rating: z.enum(['1', '2', '3', '4', '5'], 'Please choose a rating from 1 to 5 stars.'),
    reviewText: z
      .string(REVIEW_MESSAGES.short)
      .check(
        z.trim(),
        z.minLength(REVIEW_TEXT_LIMITS.min, REVIEW_MESSAGES.short),
        z.maxLength(REVIEW_TEXT_LIMITS.max, REVIEW_MESSAGES.long),
      ),
    website: honeypotField,
  }),
]);

export type ManageForm = z.infer<typeof manageSchema>;

export const STAFF_NOTE_LIMIT = 1000;

/** "Confirm the booking" on a staff link with no reason given: a move is booked by its deposit, or with staff's reason. */
export const STAFF_REASON_MESSAGE = 'No deposit has been paid for this move. To confirm it without one, say why.';

export const staffSchema = z.object({
  action: z.enum(['confirm', 'decline', 'publish', 'withhold'], 'Please choose one of the buttons.'),
  note: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(STAFF_NOTE_LIMIT, `Please keep the note to ${STAFF_NOTE_LIMIT.toLocaleString('en-GB')} characters or fewer.`),
      ),
    '',
  ),
  /** Confirming a booking no deposit has booked: why (issue 40 item 4). Kept in the office's history, never sent. */
  reason: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(STAFF_NOTE_LIMIT, `Please keep the reason to ${STAFF_NOTE_LIMIT.toLocaleString('en-GB')} characters or fewer.`),
      ),
    '',
  ),
  website: honeypotField,
});
