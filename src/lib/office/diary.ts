/**
 * The diary (issue 33 item 4): crews, vans and how many moves a day can take. A day takes as many moves as it has crews
 * AND vans (the smaller of the two); every move held or booked on it uses one. A firm that has never set up a crew or a
 * van does not use the diary, so no day is ever full for it and the site keeps taking quotes.
 */
import { addDays } from '../dates';

export const VAN_SIZES = {
  small: 'Small van',
  medium: 'Medium van',
  luton: 'Luton van',
  lorry: '7.5-tonne lorry',
} as const;
export type VanSize = keyof typeof VAN_SIZES;

/** A van size as the office and crews read it (a size no longer listed shows as stored). */
export const vanSizeLabel = (size: string): string => VAN_SIZES[size as VanSize] ?? size;

/** When the crew arrives, as the customer reads it; keys are stored in diary_entries.arrival_window. */
export const ARRIVAL_WINDOWS = {
  '08-10': '8–10 am',
  '10-12': '10 am–12 noon',
  '12-14': '12–2 pm',
  '14-16': '2–4 pm',
} as const;
export type ArrivalWindow = keyof typeof ARRIVAL_WINDOWS;

export const CREW_SIZE = { min: 1, max: 12 } as const;

export const DIARY_STATUSES = { held: 'Held', booked: 'Booked' } as const;
export type DiaryStatus = keyof typeof DIARY_STATUSES;

/** The diary's list starts on a chosen day and shows this many. */
export const DIARY_DAYS = 14;

/** The public list of full days answers for at most this span (a year and a little, the wizard's whole calendar). */
export const FULL_DAYS_MAX_SPAN = 400;
export const FULL_DAYS_PATH = '/api/full-days';

export const FULLY_BOOKED = 'Fully booked';

/** What sets a day's capacity: the crews and vans there are now, and whether any was ever set up. */
export interface DiaryResources {
  crews: number;
  vans: number;
  /** False until a crew AND a van have been set up at least once: the diary is not in use. */
  inUse: boolean;
}

/** How many moves a day takes, or null when the diary is not in use (no limit). */
export const dayCapacity = (resources: DiaryResources): number | null =>
  resources.inUse ? Math.min(resources.crews, resources.vans) : null;

/** Moves the day can still take, or null when there is no limit. */
export function placesLeft(resources: DiaryResources, used: number): number | null {
  const capacity = dayCapacity(resources);
  return capacity === null ? null : Math.max(0, capacity - used);
}

export const isDayFull = (resources: DiaryResources, used: number): boolean => placesLeft(resources, used) === 0;

/** The full days among `dates`, given how many moves each day already holds (absent: none). */
export const fullDates = (resources: DiaryResources, dates: readonly string[], used: ReadonlyMap<string, number>): string[] =>
  dates.filter((date) => isDayFull(resources, used.get(date) ?? 0));

/** `count` days from `start`, inclusive (`YYYY-MM-DD`). */
export const diaryDays = (start: string, count: number): string[] => Array.from({ length: count }, (_, i) => addDays(start, i));

/** The days from `from` to `to` inclusive, or null when the span is backwards or longer than `max` days. */
export function daySpan(from: string, to: string, max: number): string[] | null {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (days.length === max) return null;
    days.push(day);
  }
  return days.length ? days : null;
}

/** Customers see the crew lead's first name only. */
export const leadFirstName = (leadName: string): string => leadName.trim().split(/\s+/)[0] ?? leadName;

/** What a booked move tells the customer about its crew: stored in the booking's event, so it stays as it was said. */
export interface CrewAssignment {
  lead: string;
  size: number;
  van: VanSize;
  window: ArrivalWindow;
}

export const crewLine = (crew: CrewAssignment): string =>
  `crew of ${crew.size} led by ${crew.lead} (${VAN_SIZES[crew.van]}), arriving ${ARRIVAL_WINDOWS[crew.window]}`;

export const isVanSize = (value: string): value is VanSize => Object.prototype.hasOwnProperty.call(VAN_SIZES, value);
export const isArrivalWindow = (value: string): value is ArrivalWindow => Object.prototype.hasOwnProperty.call(ARRIVAL_WINDOWS, value);
