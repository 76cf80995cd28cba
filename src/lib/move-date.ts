/**
 * Which days a move can be booked for: the one rule, used by the request schemas (so the Worker and the quote form
 * without JavaScript), the wizard's calendar and typed date, and a restored draft. Dates are `YYYY-MM-DD` UK calendar
 * days (dates.ts); `today` is London's, passed in so a caller and its tests choose the clock.
 */
import { addMonths, formatLongDate, isCalendarDate, londonToday } from './dates';

/** Bookings open this far ahead (F4 of issue 21: a date years away is a typo, not a move). */
export const MOVE_DATE_MONTHS_AHEAD = 12;

export type MoveDateReason = 'not_a_date' | 'past' | 'too_far';

export interface MoveDateProblem {
  reason: MoveDateReason;
  message: string;
}

/** The first day a move can be booked for. */
export const earliestMoveDate = (today: string): string => today;

/** The last day a move can be booked for. */
export const latestMoveDate = (today: string): string => addMonths(today, MOVE_DATE_MONTHS_AHEAD);

export const MOVE_DATE_MESSAGES = {
  not_a_date: 'Please choose a move date.',
  past: 'Please choose today or a later date.',
  too_far: (latest: string) =>
    `We take bookings up to ${MOVE_DATE_MONTHS_AHEAD} months ahead. Please choose a date on or before ${formatLongDate(latest)}.`,
} as const;

/** Why `date` cannot be booked, or null when it can. */
export function moveDateProblem(date: string, today: string = londonToday()): MoveDateProblem | null {
  if (!isCalendarDate(date)) return { reason: 'not_a_date', message: MOVE_DATE_MESSAGES.not_a_date };
  if (date < earliestMoveDate(today)) return { reason: 'past', message: MOVE_DATE_MESSAGES.past };
  const latest = latestMoveDate(today);
  if (date > latest) return { reason: 'too_far', message: MOVE_DATE_MESSAGES.too_far(latest) };
  return null;
}
