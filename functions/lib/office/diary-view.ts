/** What /office/diary shows (src/pages/office/diary.astro): data only; the markup is in src/components/office/. */
import { addDays, formatLongDate, isCalendarDate, londonToday } from '~/lib/dates';
import { ARRIVAL_WINDOWS, DIARY_DAYS, DIARY_STATUSES, diaryDays, placesLeft, dayCapacity, vanSizeLabel } from '~/lib/office/diary';
import { diaryNotice } from '~/lib/office/diary-forms';
import { leadPath } from '~/lib/office/paths';
import { currentCrews, currentVans, diaryResources, entriesBetween, type Crew, type Van } from './diary';

export interface DiaryEntryView {
  reference: string;
  href: string;
  status: string;
  crew: string | null;
  van: string | null;
  window: string | null;
  override: string | null;
}

export interface DiaryDayView {
  date: string;
  label: string;
  /** Null while the diary is not in use (no limit). */
  capacity: number | null;
  left: number | null;
  entries: DiaryEntryView[];
}

export interface DiaryView {
  inUse: boolean;
  start: string;
  previous: string;
  next: string;
  crews: Crew[];
  vans: Array<Van & { sizeLabel: string }>;
  days: DiaryDayView[];
  notice: string | null;
}

/** The list's first day: the chosen one, or today. */
export const diaryStart = (chosen: string | null, now: Date): string => (chosen && isCalendarDate(chosen) ? chosen : londonToday(now));

export async function diaryView(db: D1Database, start: string, done: string | null): Promise<DiaryView> {
  const days = diaryDays(start, DIARY_DAYS);
  const last = days.at(-1)!;
  const [resources, crews, vans, entries] = await Promise.all([
    diaryResources(db),
    currentCrews(db),
    currentVans(db),
    entriesBetween(db, start, last),
  ]);
  const crewName = new Map(crews.map((crew) => [crew.id, `${crew.leadName} (${crew.size})`]));
  const vanName = new Map(vans.map((van) => [van.id, `${van.name}, ${vanSizeLabel(van.size)}`]));
  return {
    inUse: resources.inUse,
    start,
    previous: addDays(start, -DIARY_DAYS),
    next: addDays(start, DIARY_DAYS),
    crews,
    vans: vans.map((van) => ({ ...van, sizeLabel: vanSizeLabel(van.size) })),
    days: days.map((date) => {
      const onDay = entries.filter((entry) => entry.moveDate === date);
      return {
        date,
        label: formatLongDate(date),
        capacity: dayCapacity(resources),
        left: placesLeft(resources, onDay.length),
        entries: onDay.map((entry) => ({
          reference: entry.reference,
          href: leadPath(entry.reference),
          status: DIARY_STATUSES[entry.status],
          // A removed crew or van is still named by its number, so the day's history stays readable.
          crew: entry.crewId === null ? null : (crewName.get(entry.crewId) ?? `Crew ${entry.crewId} (removed)`),
          van: entry.vanId === null ? null : (vanName.get(entry.vanId) ?? `Van ${entry.vanId} (removed)`),
          window: entry.arrivalWindow ? ARRIVAL_WINDOWS[entry.arrivalWindow] : null,
          override: entry.overrideReason,
        })),
      };
    }),
    notice: diaryNotice(done) ?? null,
  };
}
