/**
 * Arrival windows (issue 40 item 7): the times a crew may arrive, which the owner sets in the office's settings and the
 * diary offers. A window is stored as its key, `08-10` (whole hours, as the first four were stored) or `07:30-09:30`,
 * and every page and e-mail writes it from the key, so a window the owner has since taken off the list still reads right.
 */

/** The windows the diary offered before the owner set any (src/lib/office/diary.ts keeps them as ARRIVAL_WINDOWS). */
export const DEFAULT_ARRIVAL_WINDOWS = ['08-10', '10-12', '12-14', '14-16'] as const;

/** The most the diary's booking form offers. */
export const ARRIVAL_WINDOWS_MAX = 8;

interface Clock {
  hour: number;
  minute: number;
}

const KEY = /^([01]\d|2[0-3])(?::([0-5]\d))?-([01]\d|2[0-3])(?::([0-5]\d))?$/;
/** What the owner types: "8-10", "08:00 - 10:00", "7.30 to 9.30", "8–10". */
const TYPED = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:-|–|—|to)\s*(\d{1,2})(?:[:.](\d{2}))?$/i;

const minutes = ({ hour, minute }: Clock) => hour * 60 + minute;
const pad = (n: number) => String(n).padStart(2, '0');
const keyPart = ({ hour, minute }: Clock, whole: boolean) => (whole ? pad(hour) : `${pad(hour)}:${pad(minute)}`);

function windowKey(start: Clock, end: Clock): string {
  const whole = start.minute === 0 && end.minute === 0;
  return `${keyPart(start, whole)}-${keyPart(end, whole)}`;
}

function clocks(match: RegExpExecArray): [Clock, Clock] {
  const [, startHour, startMinute, endHour, endMinute] = match;
  return [
    { hour: Number(startHour), minute: Number(startMinute ?? 0) },
    { hour: Number(endHour), minute: Number(endMinute ?? 0) },
  ];
}

const valid = ([start, end]: [Clock, Clock]) =>
  [start, end].every(({ hour, minute }) => hour <= 23 && minute <= 59) && minutes(start) < minutes(end);

/** A stored key, well formed and from an earlier time to a later one. */
export function isArrivalWindowKey(value: string): boolean {
  const match = KEY.exec(value);
  return !!match && valid(clocks(match)) && windowKey(...clocks(match)) === value;
}

/** What the owner typed on one line, as its key; null when it is not a window. */
export function arrivalWindowKey(typed: string): string | null {
  const match = TYPED.exec(typed.trim());
  if (!match) return null;
  const pair = clocks(match);
  return valid(pair) ? windowKey(...pair) : null;
}

/** A window's first minute, `HH:MM`; null for a key that is not one. */
export function arrivalWindowStart(key: string): string | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [start] = clocks(match);
  return `${pad(start.hour)}:${pad(start.minute)}`;
}

/** A window's last minute, `HH:MM`; null for a key that is not one. */
export function arrivalWindowEnd(key: string): string | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, end] = clocks(match);
  return `${pad(end.hour)}:${pad(end.minute)}`;
}

const hour12 = ({ hour, minute }: Clock) => `${hour % 12 === 0 ? 12 : hour % 12}${minute ? `:${pad(minute)}` : ''}`;
const half = ({ hour }: Clock) => (hour < 12 ? 'am' : 'pm');

/** "8–10 am", "10 am–12 noon", "12–2 pm", "11:30 am–1:30 pm": as the customer reads it. A key that is not one is shown as stored. */
export function arrivalWindowLabel(key: string): string {
  const match = KEY.exec(key);
  if (!match) return key;
  const [start, end] = clocks(match);
  if (end.hour === 12 && end.minute === 0) return `${hour12(start)} am–12 noon`;
  if (half(start) === half(end)) return `${hour12(start)}–${hour12(end)} ${half(end)}`;
  return `${hour12(start)} ${half(start)}–${hour12(end)} ${half(end)}`;
}

/** Earliest first. */
export const sortArrivalWindows = (keys: readonly string[]): string[] =>
  [...keys].sort((a, b) => minutes(clocks(KEY.exec(a)!)[0]) - minutes(clocks(KEY.exec(b)!)[0]) || a.localeCompare(b));
