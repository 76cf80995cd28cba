/**
 * What /office/diary shows (src/pages/office/diary.astro): a week, Monday to Sunday, as a board (crews and vans down the
 * side, days across, each move a block on its crew's and its van's row) and as a list of days for a phone, with each
 * day's room, closed days, days off and hires. Data only; the markup is in src/components/office/. One D1 round trip.
 */
import { addDays, formatDayMonth, formatLongDate, isCalendarDate, londonToday, readDate } from '~/lib/dates';
import {
  CLOSED,
  DIARY_DAYS,
  DIARY_STATUSES,
  diaryDays,
  FULLY_BOOKED,
  vanSizeLabel,
  weekStart,
  type DayRoom,
  type Resource,
} from '~/lib/office/diary';
import { arrivalWindowLabel } from '~/lib/office/arrival-windows';
import { diaryNotice } from '~/lib/office/diary-forms';
import { leadPath } from '~/lib/office/paths';
import { diarySpan, spanDay, type DayOff, type DiaryEntry, type DiarySpan } from './diary';
import type { Crew, Van, DiaryEntryView, BoardRow, BoardGroup, DiaryHireView, DiaryView } from '~/lib/views/diary';
export type {
  DiaryEntryView,
  BoardBlock,
  BoardCell,
  BoardRow,
  BoardGroup,
  DiaryHireView,
  DiaryDayView,
  DayOffView,
  DiaryView,
} from '~/lib/views/diary';

/** The week shown: the one holding the chosen day (typed or picked), or today's. */
export const diaryStart = (chosen: string | null, now: Date): string => {
  const day = chosen ? readDate(chosen) : null;
  return weekStart(day && isCalendarDate(day) ? day : londonToday(now));
};

const roomWords = (room: DayRoom): string => {
  if (room.closed) return `${CLOSED}: ${room.closed}`;
  if (room.left === null) return 'No limit';
  if (room.left === 0) return FULLY_BOOKED;
  return `${room.left} of ${room.capacity} free`;
};

const crewLabel = (crew: Pick<Crew, 'leadName' | 'size'>) => `${crew.leadName}, crew of ${crew.size}`;
const vanLabel = (van: Pick<Van, 'name' | 'size'>) => `${van.name}, ${vanSizeLabel(van.size)}`;

/** "14 to 20 December 2026", or across months "28 December 2026 to 3 January 2027". */
function weekWords(first: string, last: string): string {
  const [a, b] = [formatLongDate(first).split(' '), formatLongDate(last).split(' ')];
  if (a[3] !== b[3]) return `${a.slice(1).join(' ')} to ${b.slice(1).join(' ')}`;
  if (a[2] !== b[2]) return `${a[1]} ${a[2]} to ${b.slice(1).join(' ')}`;
  return `${a[1]} to ${b.slice(1).join(' ')}`;
}

/** The board's rows: the crews, then the vans (own, then hired this week), then the moves without a crew yet. */
function boardGroups(span: DiarySpan, days: string[], entryView: (entry: DiaryEntry) => DiaryEntryView): BoardGroup[] {
  const byDay = new Map(days.map((date) => [date, spanDay(span, date)]));
  const row = (resource: Resource, id: number, label: string, hiredOn: string | null, hiredReason: string | null): BoardRow => ({
    key: `${resource}:${id}`,
    label,
    hired: hiredOn ? { date: formatDayMonth(hiredOn), reason: hiredReason ?? '' } : null,
    cells: days.map((date) => {
      const day = byDay.get(date)!;
      const mine = day.entries.filter((entry) => (resource === 'crew' ? entry.crewId : entry.vanId) === id);
      return {
        date,
        blocks: mine.map((entry) => {
          const view = entryView(entry);
          return {
            reference: view.reference,
            href: view.href,
            status: view.status,
            window: view.window,
            with: resource === 'crew' ? view.van : view.crew,
          };
        }),
        off: day.offFor(resource, id)?.reason ?? null,
        absent: hiredOn !== null && hiredOn !== date,
      };
    }),
  });
  // A crew or van removed since still shows where it has a move this week, named by its number.
  const gone = (resource: Resource, known: ReadonlyArray<{ id: number }>) => [
    ...new Set(
      span.entries
        .map((entry) => (resource === 'crew' ? entry.crewId : entry.vanId))
        .filter((id): id is number => id !== null && !known.some((each) => each.id === id)),
    ),
  ];
  const unassigned: BoardRow = {
    key: 'unassigned',
    label: 'Held, no crew yet',
    hired: null,
    cells: days.map((date) => ({
      date,
      blocks: byDay
        .get(date)!
        .entries.filter((entry) => entry.crewId === null)
        .map((entry) => {
          const view = entryView(entry);
          return { reference: view.reference, href: view.href, status: view.status, window: view.window, with: null };
        }),
      off: null,
      absent: false,
    })),
  };
  return [
    {
      title: 'Crews',
      rows: [
        ...span.crews.map((crew) => row('crew', crew.id, crewLabel(crew), crew.hiredOn, crew.hiredReason)),
        ...gone('crew', span.crews).map((id) => row('crew', id, `Crew ${id} (removed)`, null, null)),
      ],
    },
    {
      title: 'Vans',
      rows: [
        ...span.vans.map((van) => row('van', van.id, vanLabel(van), van.hiredOn, van.hiredReason)),
        ...gone('van', span.vans).map((id) => row('van', id, `Van ${id} (removed)`, null, null)),
      ],
    },
    ...(unassigned.cells.some((cell) => cell.blocks.length) ? [{ title: 'Not yet given a crew', rows: [unassigned] }] : []),
  ];
}

export async function diaryView(db: D1Database, start: string, done: string | null, now: Date): Promise<DiaryView> {
  const days = diaryDays(start, DIARY_DAYS);
  const last = days.at(-1)!;
  const today = londonToday(now);
  const span = await diarySpan(db, start, last, { daysOffFrom: today });
  const crews = span.crews.filter((crew) => crew.hiredOn === null);
  const vans = span.vans.filter((van) => van.hiredOn === null);
  const crewName = new Map(span.crews.map((crew) => [crew.id, `${crew.leadName} (${crew.size})`]));
  const vanName = new Map(span.vans.map((van) => [van.id, `${van.name}, ${vanSizeLabel(van.size)}`]));
  const entryView = (entry: DiaryEntry): DiaryEntryView => ({
    reference: entry.reference,
    href: leadPath(entry.reference),
    status: DIARY_STATUSES[entry.status],
    // A removed crew or van is still named by its number, so the day's history stays readable.
    crew: entry.crewId === null ? null : (crewName.get(entry.crewId) ?? `Crew ${entry.crewId} (removed)`),
    van: entry.vanId === null ? null : (vanName.get(entry.vanId) ?? `Van ${entry.vanId} (removed)`),
    window: entry.arrivalWindow ? arrivalWindowLabel(entry.arrivalWindow) : null,
    override: entry.overrideReason,
  });
  const ownName = (off: Pick<DayOff, 'resource' | 'resourceId'>) => {
    if (off.resource === 'crew') return `${crews.find((crew) => crew.id === off.resourceId)?.leadName ?? `Crew ${off.resourceId}`}’s crew`;
    return `Van ${vans.find((van) => van.id === off.resourceId)?.name ?? off.resourceId}`;
  };
  const withNote = (words: string, note: string) => (note ? `${words} (${note})` : words);
  return {
    inUse: span.resources.inUse,
    start,
    weekLabel: weekWords(start, last),
    previous: addDays(start, -DIARY_DAYS),
    next: addDays(start, DIARY_DAYS),
    thisWeek: weekStart(today) === start ? null : weekStart(today),
    crews,
    vans: vans.map((van) => ({ ...van, sizeLabel: vanSizeLabel(van.size) })),
    days: days.map((date) => {
      const { room, entries } = spanDay(span, date);
      const booked = (resource: Resource, id: number) => entries.some((entry) => (resource === 'crew' ? entry.crewId : entry.vanId) === id);
      const hireView = (resource: Resource, hired: Crew | Van, label: string): DiaryHireView => ({
        who: `${resource}:${hired.id}`,
        label,
        reason: hired.hiredReason ?? '',
        cancellable: !booked(resource, hired.id),
      });
      return {
        date,
        label: formatLongDate(date),
        // "Wed 25 Aug": the column's own words; its header names the day in full to a screen reader.
        short: formatDayMonth(date)
          .replace(/^(\w{3})\w*/, '$1')
          .replace(/ (\w{3})\w*$/, ' $1'),
        today: date === today,
        room,
        roomWords: roomWords(room),
        entries: entries.map(entryView),
        off: span.daysOff.filter((off) => off.firstDay <= date && date <= off.lastDay).map((off) => withNote(ownName(off), off.reason)),
        hires: [
          ...span.crews.filter((crew) => crew.hiredOn === date).map((crew) => hireView('crew', crew, `Hired crew: ${crewLabel(crew)}`)),
          ...span.vans.filter((van) => van.hiredOn === date).map((van) => hireView('van', van, `Hired van: ${vanLabel(van)}`)),
        ],
      };
    }),
    groups: boardGroups(span, days, entryView),
    daysOff: (span.upcomingDaysOff ?? []).map((off) => ({
      id: off.id,
      label: withNote(
        `${ownName(off)}: ${off.firstDay === off.lastDay ? formatLongDate(off.firstDay) : `${formatLongDate(off.firstDay)} to ${formatLongDate(off.lastDay)}`}`,
        off.reason,
      ),
    })),
    notice: diaryNotice(done) ?? null,
  };
}
