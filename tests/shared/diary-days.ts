/**
 * A move date for a test that fills a day in the office's diary: random, 60 to 355 days ahead (its weekday's next open
 * day is still inside the 12 months a quote may be booked; other tests ask for days up to 57 ahead by their number,
 * and the two quotes retention.test.ts dates 320 and 330 days ahead fill no diary day),
 * so no other test's quote lands on a day it made full (the suites share one D1), and never one
 * this run has already given out. Test files run in their own processes, so a day is claimed with a folder made in the
 * run's D1 state folder (wiped with the D1 when the site starts): of two files that draw the same day, only the first
 * gets it (office-job-sheet.test.ts drew a day another file had filled, and its quote was refused in CI).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDay } from './dates';

const FIRST_DAY = 60;
const DAYS = 295;
const given = new Set<string>();
/** The e2e global setup gives the D1 folder in E2E_D1_STATE (tests/e2e/site-env.ts); the API tests call claimDaysIn. */
let claims: string | undefined = process.env.E2E_D1_STATE ? join(process.env.E2E_D1_STATE, 'test-diary-days') : undefined;

/** Where this process claims its days: a folder the run's other test processes see too. */
export function claimDaysIn(stateFolder: string): void {
  claims = join(stateFolder, 'test-diary-days');
}

/** True when no test process of this run has had `day` yet; it is this one's from now on. */
function claim(day: string): boolean {
  if (given.has(day)) return false;
  if (claims) {
    mkdirSync(claims, { recursive: true });
    try {
      mkdirSync(join(claims, day));
    } catch {
      return false;
    }
  }
  given.add(day);
  return true;
}

/**
 * Any day from Monday to Friday: a price with no weekend surcharge. The 21 or so Wednesdays of the window ran out when
 * every file that only needed a weekday asked for a Wednesday (CI: "every diary day … on weekday 3 is claimed").
 */
export const WEEKDAY = 'Monday to Friday';

/** `weekday` (0 Sunday … 6 Saturday) when the day of the week matters, or WEEKDAY for any working day. */
export function diaryDay(weekday?: number | typeof WEEKDAY): string {
  for (let tries = 0; tries < 2_000; tries++) {
    const dayOfWeek = weekday === WEEKDAY ? 1 + Math.floor(Math.random() * 5) : weekday;
    // From 200 to 350 days, the 107 or so working days ran out once the job sheet's, moving day's and change orders'
    // tests all booked moves (CI, 3 December 2026: 111 claimed); 60 to 355 holds about 210.
    const day = openDay(FIRST_DAY + Math.floor(Math.random() * DAYS), dayOfWeek);
    if (claim(day)) return day;
  }
  throw new Error(
    `every diary day ${FIRST_DAY} to ${FIRST_DAY + DAYS} days ahead${weekday === undefined ? '' : ` on weekday ${weekday}`} is claimed`,
  );
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
    if (new Set(later).size === later.length && later.every((day) => !given.has(day)) && later.every(claim)) {
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
