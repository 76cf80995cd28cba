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

/** A move's day and the day it moves to (worked from the first by `then`): neither given out before. */
export function diaryDays(weekday: number | undefined, then: (day: string) => string): [string, string] {
  for (;;) {
    const first = diaryDay(weekday);
    const second = then(first);
    if (!given.has(second)) {
      given.add(second);
      return [first, second];
    }
  }
}
