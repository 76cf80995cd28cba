/**
 * Which days a move can be booked for: the one rule, used by the request schemas (so the Worker and the quote form
 * without JavaScript), the wizard's calendar and typed date, and a restored draft. Dates are `YYYY-MM-DD` UK calendar
 * days (dates.ts); `today` is London's, passed in so a caller and its tests choose the clock.
 *
 * A crew is found the day before at the latest, so online bookings start tomorrow; a move today is a phone call.
 * Christmas Day, Boxing Day and New Year's Day are closed every year.
 */
// With their extensions: the budget and load scripts run this file in Node as it is.
import { site } from '../site.config.ts';
import { addDays, addMonths, formatLongDate, isCalendarDate, londonToday } from './dates.ts';

/** Bookings open this far ahead (F4 of issue 21: a date years away is a typo, not a move). */
export const MOVE_DATE_MONTHS_AHEAD = 12;

/** Closed every year, as `MM-DD`. */
export const CLOSED_DAYS: Readonly<Record<string, string>> = {
  '12-25': 'Christmas Day',
  '12-26': 'Boxing Day',
  '01-01': 'New Year’s Day',
};

export type MoveDateReason = 'not_a_date' | 'past' | 'today' | 'closed' | 'too_far';

export interface MoveDateProblem {
  reason: MoveDateReason;
  message: string;
}

/** The holiday `date` falls on, when we are closed that day. */
export const closedDay = (date: string): string | undefined => CLOSED_DAYS[date.slice(5)];

/** `date`, or the first day after it that is not closed: for tools that pick a sample date, such as the budgets. */
export function openDayFrom(date: string): string {
  let day = date;
  while (closedDay(day)) day = addDays(day, 1);
  return day;
}

/** The first day a move can be booked for online. */
export const earliestMoveDate = (today: string): string => addDays(today, 1);

/** The last day a move can be booked for. */
export const latestMoveDate = (today: string): string => addMonths(today, MOVE_DATE_MONTHS_AHEAD);

/** What a short-notice move needs: a phone call, with the number. */
export const CALL_US = `call us on ${site.phone.display}`;

export const MOVE_DATE_MESSAGES = {
  not_a_date: 'Please choose a move date.',
  past: 'That date has passed. Please choose tomorrow or a later date.',
  today: `We can book moves online from tomorrow. For a move today, please ${CALL_US}.`,
  closed: (holiday: string) => `We are closed on ${holiday}. Please choose another date.`,
  too_far: (latest: string) =>
    `We take bookings up to ${MOVE_DATE_MONTHS_AHEAD} months ahead. Please choose a date on or before ${formatLongDate(latest)}.`,
} as const;

/** A move tomorrow can be booked, but the crew is found today: the customer should ring as well. */
export const NEXT_DAY_NOTE = `Moving tomorrow? Please ${CALL_US} as well, so we can confirm your crew today.`;

/** The note for a bookable date that is short notice (tomorrow), or null. */
export const shortNoticeNote = (date: string, today: string): string | null => (date === addDays(today, 1) ? NEXT_DAY_NOTE : null);

/** Why `date` cannot be booked, or null when it can. */
export function moveDateProblem(date: string, today: string = londonToday()): MoveDateProblem | null {
  if (!isCalendarDate(date)) return { reason: 'not_a_date', message: MOVE_DATE_MESSAGES.not_a_date };
  if (date < today) return { reason: 'past', message: MOVE_DATE_MESSAGES.past };
  if (date < earliestMoveDate(today)) return { reason: 'today', message: MOVE_DATE_MESSAGES.today };
  const latest = latestMoveDate(today);
  if (date > latest) return { reason: 'too_far', message: MOVE_DATE_MESSAGES.too_far(latest) };
  const holiday = closedDay(date);
  if (holiday) return { reason: 'closed', message: MOVE_DATE_MESSAGES.closed(holiday) };
  return null;
}
