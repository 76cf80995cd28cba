// Which days (`YYYY-MM-DD`) a move can be booked for. `today` is London's, passed in so callers and tests choose the clock.
// A crew is found the day before at the latest, so online bookings start tomorrow (EARLIEST_ONLINE_DAYS, the copy's promise).
// With their extensions: the budget and load scripts run this file in Node as it is.
import { site } from '../site.config.ts';
import { EARLIEST_ONLINE_DAYS, earliestOnline } from '../data/promises.ts';
import { closedDay } from './closed-days.ts';
import { addDays, addMonths, formatLongDate, isCalendarDate, londonToday } from './dates.ts';

export { closedDay };

/** Bookings open this far ahead (F4 of issue 21: a date years away is a typo, not a move). */
export const MOVE_DATE_MONTHS_AHEAD = 12;

export type MoveDateReason = 'not_a_date' | 'past' | 'today' | 'closed' | 'too_far';

export interface MoveDateProblem {
  reason: MoveDateReason;
  message: string;
}

/** For tools that pick a sample date, such as the budgets. */
export function openDayFrom(date: string): string {
  let day = date;
  while (closedDay(day)) day = addDays(day, 1);
  return day;
}

export const earliestMoveDate = (today: string): string => addDays(today, EARLIEST_ONLINE_DAYS);

export const latestMoveDate = (today: string): string => addMonths(today, MOVE_DATE_MONTHS_AHEAD);

export const CALL_US = `call us on ${site.phone.display}`;

export const MOVE_DATE_MESSAGES = {
  not_a_date: 'Please choose a move date.',
  past: `That date has passed. Please choose ${earliestOnline} or a later date.`,
  today: `We can book moves online from ${earliestOnline}. For a move today, please ${CALL_US}.`,
  closed: (holiday: string) => `We are closed on ${holiday}. Please choose another date.`,
  too_far: (latest: string) =>
    `We take bookings up to ${MOVE_DATE_MONTHS_AHEAD} months ahead. Please choose a date on or before ${formatLongDate(latest)}.`,
} as const;

export const NEXT_DAY_NOTE = `Moving tomorrow? Please ${CALL_US} as well, so we can confirm your crew today.`;

export const shortNoticeNote = (date: string, today: string): string | null => (date === addDays(today, 1) ? NEXT_DAY_NOTE : null);

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
