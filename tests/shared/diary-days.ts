/**
 * A move date for a test that fills a day in the office's diary: random, 200 to 350 days ahead (inside the 12 months a
 * quote may be booked), so no other test's quote lands on a day it made full (the suites share one D1), and never one
 * this run has already given out.
 */
import { openDay } from './dates';

const given = new Set<string>();

/** `weekday` (0 Sunday … 6 Saturday) when the day of the week matters. */
export function diaryDay(weekday?: number): string {
  let day: string;
  do day = openDay(200 + Math.floor(Math.random() * 150), weekday);
  while (given.has(day));
  given.add(day);
  return day;
}

/**
 * A move's day and the days it moves to, each worked from the one before by its `then`: none given out before, so no
 * test of this run has filled one of them.
 */
export function diaryDays<Then extends Array<(day: string) => string>>(
  weekday: number | undefined,
  ...thens: Then
): [string, ...{ [K in keyof Then]: string }] {
  for (;;) {
    const days = [diaryDay(weekday)];
    for (const then of thens) days.push(then(days.at(-1)!));
    const later = days.slice(1);
    if (new Set(later).size === later.length && later.every((day) => !given.has(day))) {
      for (const day of later) given.add(day);
      return days as [string, ...{ [K in keyof Then]: string }];
    }
  }
}

/**
 * The room every day has now, as SQL for a test's D1 query: the fewer of the firm's own crews and vans not removed
 * (other tests may have added some; a crew or van hired for one day counts on that day only, so never here).
 */
export const DIARY_ROOM_SQL = `SELECT MIN(
  (SELECT COUNT(*) FROM crews WHERE removed_at IS NULL AND hired_on IS NULL),
  (SELECT COUNT(*) FROM vans WHERE removed_at IS NULL AND hired_on IS NULL)) AS n`;
