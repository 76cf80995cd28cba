/** Calendar dates as `YYYY-MM-DD`: a UK day, never converted through a time zone, so a Saturday stays a Saturday. */

export const UK_TIME_ZONE = 'Europe/London';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toUtcNoon(value: string): Date {
  if (!isCalendarDate(value)) throw new RangeError(`Not a calendar date: ${value}`);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, 12));
}

export function dayOfWeek(value: string): number {
  return toUtcNoon(value).getUTCDay();
}

export function isWeekend(value: string): boolean {
  const day = dayOfWeek(value);
  return day === 0 || day === 6;
}

/**
 * A typed British date to `YYYY-MM-DD`, without checking that the day exists: day, month, year in that order, the year
 * in four digits or two (this century's: "18/12/26" is 2026), parted by slashes, dots, hyphens or spaces, so
 * "18/12/26", "8/1/2027" and "18.12.2026" all read. Anything else (an ISO date included) is null.
 */
export function fromTypedDate(text: string): string | null {
  const match = /^(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{4}|\d{2})$/.exec(text.trim());
  if (!match) return null;
  const year = match[3]!.length === 2 ? `20${match[3]}` : match[3]!;
  return `${year}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

/** A date as typed in the British form (fromTypedDate) or as a date field posts it (`YYYY-MM-DD`), or null. */
export function readDate(text: string): string | null {
  const value = fromTypedDate(text) ?? text.trim();
  return isCalendarDate(value) ? value : null;
}

export function londonToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Weekday, day, month and year (or no year), built from parts because ICU versions differ on the comma. */
function britishDate(value: string, withYear: boolean): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(toUtcNoon(value));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('weekday')} ${get('day')} ${get('month')}`;
  return withYear ? `${day} ${get('year')}` : day;
}

/** "Saturday 14 March 2026". */
export const formatLongDate = (value: string): string => britishDate(value, true);

/** "Saturday 14 March": where the year is said nearby (a calendar's month, a week's heading). */
export const formatDayMonth = (value: string): string => britishDate(value, false);

export function addDays(value: string, days: number): string {
  const date = toUtcNoon(value);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtcNoon(to).getTime() - toUtcNoon(from).getTime()) / 86_400_000);

/** Clamped to the month's last day: 31 Jan + 1 month = 28 Feb. */
export function addMonths(value: string, months: number): string {
  const date = toUtcNoon(value);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.toISOString().slice(0, 10);
}

/** The instant a UK day begins: its midnight in London, which is UTC midnight or, in summer time, an hour before it. */
export function londonDayStart(value: string): Date {
  const utcMidnight = toUtcNoon(value).getTime() - 12 * 3_600_000;
  const summer = new Date(utcMidnight - 3_600_000);
  return londonToday(summer) === value ? summer : new Date(utcMidnight);
}

/** Minutes London's clock is ahead of UTC at `at` (0 in winter, 60 in summer). */
function londonOffsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a London wall clock shows `time` (`HH:MM`) on `day`, summer time or not. */
export function londonInstant(day: string, time: string): Date {
  const noon = toUtcNoon(day);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(noon.getUTCFullYear(), noon.getUTCMonth(), noon.getUTCDate(), hours, minutes);
  // The offset at the guess, then at the answer: they differ only in the hour around a change of the clocks.
  const first = wall - londonOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - londonOffsetMinutes(new Date(first)) * 60_000);
}

/** The instant `months` calendar months before `now`, as an ISO timestamp: retention cutoffs compare stored ones. */
export function monthsBefore(now: Date, months: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}
