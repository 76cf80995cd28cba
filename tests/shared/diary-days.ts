/**
 * A move date for a test that fills a day in the office's diary: random, 200 to 350 days ahead (inside the 12 months a
 * quote may be booked), so no other test's quote lands on a day it made full (the suites share one D1), and never one
 * this run has already given out.
 */
import { openDay } from './dates';

const given = new Set<string>();

export function diaryDay(): string {
  let day: string;
  do day = openDay(200 + Math.floor(Math.random() * 150));
  while (given.has(day));
  given.add(day);
  return day;
}
