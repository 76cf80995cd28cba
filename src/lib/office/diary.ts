/**
 * The diary (issue 33 item 4, issue 40 item 6): crews, vans and how many moves a day can take. A day takes as many moves
 * as it has crews AND vans (the smaller of the two): the firm's own, less those with the day off, plus those hired for
 * that day; every move held or booked on it uses one, and a day the firm is closed takes none. A firm that has never set
 * up a crew or a van does not use the diary, so no open day is ever full for it and the site keeps taking quotes.
 */
import { site } from '../../site.config';
import { closedDay } from '../closed-days';
import { addDays, dayOfWeek } from '../dates';
import { arrivalWindowLabel, isArrivalWindowKey } from './arrival-windows';
import type { PackageId } from '../../data/packages';

export const VAN_SIZES = {
  small: 'Small van',
  medium: 'Medium van',
  luton: 'Luton van',
  lorry: '7.5-tonne lorry',
} as const;
export type VanSize = keyof typeof VAN_SIZES;

/** A van size as the office and crews read it (a size no longer listed shows as stored). */
export const vanSizeLabel = (size: string): string => VAN_SIZES[size as VanSize] ?? size;

/**
 * When the crew arrives, as the customer reads it; keys are stored in diary_entries.arrival_window. The windows the
 * diary offers are the owner's (settings, issue 40 item 7); these are the first four, and any key reads as
 * arrivalWindowLabel writes it (src/lib/office/arrival-windows.ts).
 */
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

/** The diary shows a week, Monday to Sunday: as a board on a laptop, as a list of days on a phone. */
export const DIARY_DAYS = 7;

/** The public list of full days answers for at most this span (a year and a little, the wizard's whole calendar). */
export const FULL_DAYS_MAX_SPAN = 400;
export const FULL_DAYS_PATH = '/api/full-days';

export const FULLY_BOOKED = 'Fully booked';
/** A closed day (a bank holiday: src/lib/closed-days.ts), in the wizard's calendar and the office's diary. */
export const CLOSED = 'Closed';

/**
 * GET /api/full-days: the days with no room left, and the days the firm is closed with the holiday's name (the wizard
 * knows them too, from the same table; the answer is what the server will refuse).
 */
export interface FullDaysAnswer {
  dates: string[];
  closed?: Record<string, string>;
  /** While the owner lets a standard move be booked online (issue 41 item 2): its limits, for step 5's offer. */
  online?: { maxSize: PackageId; maxMiles: number };
}

/**
 * The move date's message when the day has no room left: a new quote, a new date and a booking request are refused
 * with it, and the wizard's date step says it for a full day typed in (the calendar cannot pick one).
 */
export const FULL_DAY_MESSAGE = `We are fully booked on that day. Please choose another date, or call us on ${site.phone.display}.`;

/** What sets a day's capacity: the firm's own crews and vans now, and whether any was ever set up. */
export interface DiaryResources {
  crews: number;
  vans: number;
  /** False until a crew AND a van of the firm's own have been set up at least once: the diary is not in use. */
  inUse: boolean;
}

/** One day's changes to the firm's own (issue 40 item 6): crews and vans off that day, and crews and vans hired for it. */
export interface DayChanges {
  crewsOff: number;
  vansOff: number;
  hiredCrews: number;
  hiredVans: number;
}
export const NO_CHANGES: DayChanges = { crewsOff: 0, vansOff: 0, hiredCrews: 0, hiredVans: 0 };

export type Resource = 'crew' | 'van';

/** A crew's or van's days off, both days included. */
export interface DayOffSpan {
  resource: Resource;
  resourceId: number;
  firstDay: string;
  lastDay: string;
}

/** A crew or van hired for one day. */
export interface DayHire {
  resource: Resource;
  date: string;
}

/** `date`'s changes: how many different crews and vans are off that day, and how many are hired for it. */
export function dayChanges(date: string, daysOff: readonly DayOffSpan[], hires: readonly DayHire[]): DayChanges {
  const off = (resource: Resource) =>
    new Set(
      daysOff.filter((span) => span.resource === resource && span.firstDay <= date && date <= span.lastDay).map((span) => span.resourceId),
    ).size;
  const hired = (resource: Resource) => hires.filter((hire) => hire.resource === resource && hire.date === date).length;
  return { crewsOff: off('crew'), vansOff: off('van'), hiredCrews: hired('crew'), hiredVans: hired('van') };
}

/** The crews and vans a day has: the firm's own that are not off, and those hired for it. */
const dayFleet = (resources: DiaryResources, changes: DayChanges = NO_CHANGES): { crews: number; vans: number } => ({
  crews: Math.max(0, resources.crews - changes.crewsOff) + changes.hiredCrews,
  vans: Math.max(0, resources.vans - changes.vansOff) + changes.hiredVans,
});

/**
 * How many moves a day takes: as many as it has crews AND vans (the fewer of the two); none on a day the firm is closed
 * (src/lib/closed-days.ts); null (no limit) while the diary is not in use.
 */
export function dayCapacity(resources: DiaryResources, changes: DayChanges = NO_CHANGES, closed = false): number | null {
  if (closed) return 0;
  if (!resources.inUse) return null;
  const fleet = dayFleet(resources, changes);
  return Math.min(fleet.crews, fleet.vans);
}

/** A day's room as the diary shows it and the refusals read it. */
export interface DayRoom {
  /** The bank holiday the firm is closed for. */
  closed?: string;
  crews: number;
  vans: number;
  /** Null while the diary is not in use (no limit). */
  capacity: number | null;
  used: number;
  /** Moves the day can still take (never below 0), or null when there is no limit. */
  left: number | null;
  full: boolean;
}

/** `date`'s room, given the firm's crews and vans, the moves it already holds and that day's changes. */
export function dayRoom(date: string, resources: DiaryResources, used: number, changes: DayChanges = NO_CHANGES): DayRoom {
  const closed = closedDay(date);
  const capacity = dayCapacity(resources, changes, !!closed);
  const left = capacity === null ? null : Math.max(0, capacity - used);
  return { ...(closed ? { closed } : {}), ...dayFleet(resources, changes), capacity, used, left, full: left === 0 };
}

/**
 * The days among `dates` with no room left for a customer, given how many moves each already holds (absent: none) and
 * each day's changes; a closed day is not among them (the public calendar lists those apart).
 */
export const fullDates = (
  resources: DiaryResources,
  dates: readonly string[],
  used: ReadonlyMap<string, number>,
  changesOn: (date: string) => DayChanges = () => NO_CHANGES,
): string[] =>
  dates.filter((date) => {
    const room = dayRoom(date, resources, used.get(date) ?? 0, changesOn(date));
    return room.full && !room.closed;
  });

/** The Monday of `date`'s week. */
export const weekStart = (date: string): string => addDays(date, -((dayOfWeek(date) + 6) % 7));

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
  /** A van size's key (VAN_SIZES), or a partner's van in words ("3.5-tonne van"): read it with vanSizeLabel. */
  van: string;
  /** A key of an arrival window (src/lib/office/arrival-windows.ts). */
  window: string;
}

export const crewLine = (crew: CrewAssignment): string =>
  `crew of ${crew.size} led by ${crew.lead} (${vanSizeLabel(crew.van)}), arriving ${arrivalWindowLabel(crew.window)}`;

export const isVanSize = (value: string): value is VanSize => Object.prototype.hasOwnProperty.call(VAN_SIZES, value);
export const isArrivalWindow = isArrivalWindowKey;
