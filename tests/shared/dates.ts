/**
 * Move dates for tests: the first day from `daysAhead` days after London's today (on `weekday`, 0 = Sunday, when
 * given) that a mover can do, skipping the closed days (the bank holidays of src/data/bank-holidays.ts, and 25 and 26
 * December and 1 January: src/lib/closed-days.ts), so a test never picks a date the server rightly refuses.
 */
import { addDays, dayOfWeek, londonToday } from '../../src/lib/dates';
import { closedDay } from '../../src/lib/move-date';

export function openDay(daysAhead: number, weekday?: number): string {
  let date = addDays(londonToday(), daysAhead);
  while ((weekday !== undefined && dayOfWeek(date) !== weekday) || closedDay(date)) date = addDays(date, 1);
  return date;
}
