/**
 * The diary's tables (issue 33 item 4, issue 40 item 6): crews, vans (the firm's own, and those hired for one day),
 * diary_days_off and diary_entries. The capacity sums are src/lib/office/diary.ts; this file only reads what they need,
 * each question in one round trip.
 */
import { insertValues } from '../d1';
import {
  dayChanges,
  dayRoom,
  daySpan,
  fullDates,
  NO_CHANGES,
  type DayChanges,
  type DayHire,
  type DayOffSpan,
  type DayRoom,
  type DiaryResources,
  type DiaryStatus,
  type Resource,
} from '~/lib/office/diary';
import { closedDay } from '~/lib/closed-days';
import type { Crew, Van } from '~/lib/views/diary';

export interface DiaryEntry {
  reference: string;
  moveDate: string;
  status: DiaryStatus;
  crewId: number | null;
  vanId: number | null;
  /** A key of an arrival window (src/lib/office/arrival-windows.ts). */
  arrivalWindow: string | null;
  overrideReason: string | null;
}

export interface DayOff extends DayOffSpan {
  id: number;
  reason: string;
}

/** The firm's own crews and vans now, and whether one of each was ever set up (removed ones count: the diary was in use). */
const IN_USE = 'EXISTS (SELECT 1 FROM crews WHERE hired_on IS NULL) AND EXISTS (SELECT 1 FROM vans WHERE hired_on IS NULL)';
const RESOURCES = `(SELECT COUNT(*) FROM crews WHERE removed_at IS NULL AND hired_on IS NULL) AS crews,
  (SELECT COUNT(*) FROM vans WHERE removed_at IS NULL AND hired_on IS NULL) AS vans,
  ${IN_USE} AS in_use`;

/** How many of the firm's own current crews (or vans) are off on the day ?1: each counted once. */
const offOn = (resource: Resource, date = '?1') => {
  const table = resource === 'crew' ? 'crews' : 'vans';
  return `(SELECT COUNT(DISTINCT o.resource_id) FROM diary_days_off o JOIN ${table} r ON r.id = o.resource_id
    WHERE o.resource = '${resource}' AND r.removed_at IS NULL AND r.hired_on IS NULL AND ${date} BETWEEN o.first_day AND o.last_day)`;
};

interface ResourceRow {
  crews: number;
  vans: number;
  in_use: number;
}

interface DayLoadRow extends ResourceRow {
  date: string;
  crews_off: number;
  vans_off: number;
  hired_crews: number;
  hired_vans: number;
  used: number;
}

const resourcesOf = (row: ResourceRow | null): DiaryResources => ({
  crews: row?.crews ?? 0,
  vans: row?.vans ?? 0,
  inUse: row?.in_use === 1,
});

/**
 * The day's room and what already uses it, but for `except` (the move being booked or moved, which may hold it): the
 * firm's crews and vans, those off that day, those hired for it, and its moves.
 */
export const dayLoadStatement = (db: D1Database, date: string, except = ''): D1PreparedStatement =>
  db
    .prepare(
      `SELECT ?1 AS date, ${RESOURCES}, ${offOn('crew')} AS crews_off, ${offOn('van')} AS vans_off,
        (SELECT COUNT(*) FROM crews WHERE hired_on = ?1 AND removed_at IS NULL) AS hired_crews,
        (SELECT COUNT(*) FROM vans WHERE hired_on = ?1 AND removed_at IS NULL) AS hired_vans,
        (SELECT COUNT(*) FROM diary_entries WHERE move_date = ?1 AND reference != ?2) AS used`,
    )
    .bind(date, except);

/** Reads a `dayLoadStatement` row (from `first()` or a batch's results). */
function dayRoomOf(row: unknown): DayRoom | null {
  const load = (row ?? null) as DayLoadRow | null;
  if (!load) return null;
  const changes: DayChanges = {
    crewsOff: load.crews_off,
    vansOff: load.vans_off,
    hiredCrews: load.hired_crews,
    hiredVans: load.hired_vans,
  };
  return dayRoom(load.date, resourcesOf(load), load.used, changes);
}

/** Whether a `dayLoadStatement` row says the day has no room left (a closed day has none). */
export const isFullDay = (row: unknown): boolean => dayRoomOf(row)?.full ?? false;

export async function dayIsFull(db: D1Database, date: string, except = ''): Promise<boolean> {
  return isFullDay(await dayLoadStatement(db, date, except).first());
}

const CREW_COLUMNS = 'id, lead_name AS leadName, size, hired_on AS hiredOn, hired_reason AS hiredReason';
const VAN_COLUMNS = 'id, name, size, hired_on AS hiredOn, hired_reason AS hiredReason';

/** The firm's own current crews and vans, and those hired for a day from `from` to `to` (by name, the hired after). */
const crewsStatement = (db: D1Database, from: string, to: string) =>
  db
    .prepare(
      `SELECT ${CREW_COLUMNS} FROM crews WHERE removed_at IS NULL AND (hired_on IS NULL OR hired_on BETWEEN ? AND ?)
       ORDER BY hired_on IS NOT NULL, hired_on, lead_name, id`,
    )
    .bind(from, to);
const vansStatement = (db: D1Database, from: string, to: string) =>
  db
    .prepare(
      `SELECT ${VAN_COLUMNS} FROM vans WHERE removed_at IS NULL AND (hired_on IS NULL OR hired_on BETWEEN ? AND ?)
       ORDER BY hired_on IS NOT NULL, hired_on, name, id`,
    )
    .bind(from, to);

/** The days off from `from` to `to` of the firm's own current crews and vans, by their first day. */
const daysOffStatement = (db: D1Database, from: string, to: string, limit = -1) =>
  db
    .prepare(
      `SELECT o.id, o.resource, o.resource_id AS resourceId, o.first_day AS firstDay, o.last_day AS lastDay, o.reason
       FROM diary_days_off o
       WHERE o.last_day >= ?1 AND o.first_day <= ?2
         AND (o.resource = 'crew' AND EXISTS (SELECT 1 FROM crews c WHERE c.id = o.resource_id AND c.removed_at IS NULL AND c.hired_on IS NULL)
           OR o.resource = 'van' AND EXISTS (SELECT 1 FROM vans v WHERE v.id = o.resource_id AND v.removed_at IS NULL AND v.hired_on IS NULL))
       ORDER BY o.first_day, o.id LIMIT ?3`,
    )
    .bind(from, to, limit);

/** The hires from `from` to `to`, for the calendar's sums (the crews and vans themselves: crewsStatement). */
const hiresStatement = (db: D1Database, from: string, to: string) =>
  db
    .prepare(
      `SELECT 'crew' AS resource, hired_on AS date FROM crews WHERE hired_on BETWEEN ?1 AND ?2 AND removed_at IS NULL
       UNION ALL SELECT 'van', hired_on FROM vans WHERE hired_on BETWEEN ?1 AND ?2 AND removed_at IS NULL`,
    )
    .bind(from, to);

/** How many moves each day from `from` to `to` holds (only days holding any). */
const loadsStatement = (db: D1Database, from: string, to: string) =>
  db
    .prepare('SELECT move_date AS date, COUNT(*) AS used FROM diary_entries WHERE move_date BETWEEN ? AND ? GROUP BY move_date')
    .bind(from, to);

const ENTRY_COLUMNS = `reference, move_date AS moveDate, status, crew_id AS crewId, van_id AS vanId, arrival_window AS arrivalWindow,
  override_reason AS overrideReason`;

const entriesStatement = (db: D1Database, from: string, to: string) =>
  db
    .prepare(`SELECT ${ENTRY_COLUMNS} FROM diary_entries WHERE move_date BETWEEN ? AND ? ORDER BY move_date, arrival_window, reference`)
    .bind(from, to);

/** What the public calendar is told for a span: its full days, and its closed days with the holiday's name. */
export interface SpanDays {
  full: string[];
  closed: Record<string, string>;
}

/** The full and closed days from `from` to `to`, in one round trip; null when the span is backwards or too long. */
export async function spanDays(db: D1Database, from: string, to: string, maxSpan: number): Promise<SpanDays | null> {
  const days = daySpan(from, to, maxSpan);
  if (!days) return null;
  const [resources, daysOff, hires, loads] = await db.batch([
    db.prepare(`SELECT ${RESOURCES}`),
    daysOffStatement(db, from, to),
    hiresStatement(db, from, to),
    loadsStatement(db, from, to),
  ]);
  const offs = (daysOff?.results ?? []) as DayOff[];
  const hired = (hires?.results ?? []) as DayHire[];
  const used = new Map(((loads?.results ?? []) as Array<{ date: string; used: number }>).map((row) => [row.date, row.used]));
  const closed: Record<string, string> = {};
  for (const day of days) {
    const holiday = closedDay(day);
    if (holiday) closed[day] = holiday;
  }
  const full = fullDates(resourcesOf((resources?.results[0] ?? null) as ResourceRow | null), days, used, (day) =>
    offs.length + hired.length ? dayChanges(day, offs, hired) : NO_CHANGES,
  );
  return { full, closed };
}

/** Everything the diary shows for the days from `from` to `to`, in one round trip. */
export interface DiarySpan {
  resources: DiaryResources;
  crews: Crew[];
  vans: Van[];
  daysOff: DayOff[];
  entries: DiaryEntry[];
  /** With `daysOffFrom`: every day off from that day on (the diary page's list), at most UPCOMING_DAYS_OFF. */
  upcomingDaysOff?: DayOff[];
}

const UPCOMING_DAYS_OFF = 100;

export async function diarySpan(db: D1Database, from: string, to: string, { daysOffFrom = '' } = {}): Promise<DiarySpan> {
  const [resources, crews, vans, daysOff, entries, upcoming] = await db.batch([
    db.prepare(`SELECT ${RESOURCES}`),
    crewsStatement(db, from, to),
    vansStatement(db, from, to),
    daysOffStatement(db, from, to),
    entriesStatement(db, from, to),
    ...(daysOffFrom ? [daysOffStatement(db, daysOffFrom, '9999-12-31', UPCOMING_DAYS_OFF)] : []),
  ]);
  return {
    resources: resourcesOf((resources?.results[0] ?? null) as ResourceRow | null),
    crews: (crews?.results ?? []) as Crew[],
    vans: (vans?.results ?? []) as Van[],
    daysOff: (daysOff?.results ?? []) as DayOff[],
    entries: (entries?.results ?? []) as DiaryEntry[],
    ...(upcoming ? { upcomingDaysOff: upcoming.results as DayOff[] } : {}),
  };
}

/** The hires among a span's crews and vans, for the capacity sums. */
const hiresOf = (span: Pick<DiarySpan, 'crews' | 'vans'>): DayHire[] => [
  ...span.crews.flatMap((crew) => (crew.hiredOn ? [{ resource: 'crew' as const, date: crew.hiredOn }] : [])),
  ...span.vans.flatMap((van) => (van.hiredOn ? [{ resource: 'van' as const, date: van.hiredOn }] : [])),
];

/** A day of a span: its room, its moves (but `except`, the move being booked), and a crew's or van's day off on it. */
export function spanDay(span: DiarySpan, date: string, except = '') {
  const onDay = span.entries.filter((entry) => entry.moveDate === date && entry.reference !== except);
  const room = dayRoom(date, span.resources, onDay.length, dayChanges(date, span.daysOff, hiresOf(span)));
  const offFor = (resource: Resource, id: number): DayOff | undefined =>
    span.daysOff.find((off) => off.resource === resource && off.resourceId === id && off.firstDay <= date && date <= off.lastDay);
  return { room, entries: onDay, offFor, isOff: (resource: Resource, id: number) => offFor(resource, id) !== undefined };
}

export const entryOf = (db: D1Database, reference: string): Promise<DiaryEntry | null> =>
  db.prepare(`SELECT ${ENTRY_COLUMNS} FROM diary_entries WHERE reference = ?`).bind(reference).first<DiaryEntry>();

/** What a hold or booking writes: the entry, and who wrote it. */
export type EntryWrite = DiaryEntry & { by: string };

/**
 * One entry per move: holding again or booking replaces what the diary said. `afterChange`: written only if the
 * batch's statement before it changed a row (a booking's, after the quote's version-guarded update).
 */
export const entryUpsert = (db: D1Database, entry: EntryWrite, now: Date, { afterChange = false } = {}): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO diary_entries (reference, move_date, status, crew_id, van_id, arrival_window, override_reason, created_by, created_at, updated_at)
       ${insertValues(10, { afterChange })}
       ON CONFLICT (reference) DO UPDATE SET move_date = excluded.move_date, status = excluded.status, crew_id = excluded.crew_id,
         van_id = excluded.van_id, arrival_window = excluded.arrival_window, override_reason = excluded.override_reason,
         updated_at = excluded.updated_at`,
    )
    .bind(
      entry.reference,
      entry.moveDate,
      entry.status,
      entry.crewId,
      entry.vanId,
      entry.arrivalWindow,
      entry.overrideReason,
      entry.by,
      now.toISOString(),
      now.toISOString(),
    );

/**
 * A booked move's new date (issue 34 item 3): its entry moves to the day, held, and its crew, van and arrival window,
 * which were for the old day, are cleared for the office to book again. Only if the move's own change was stored
 * (the quote at `version` on `date`), wherever the statement sits in its batch.
 */
export const entryMoved = (db: D1Database, reference: string, date: string, version: number, now: Date): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE diary_entries SET move_date = ?1, status = 'held', crew_id = NULL, van_id = NULL, arrival_window = NULL,
         override_reason = NULL, updated_at = ?2
       WHERE reference = ?3 AND EXISTS (SELECT 1 FROM quote_requests WHERE reference = ?3 AND version = ?4 AND move_date = ?1)`,
    )
    .bind(date, now.toISOString(), reference, version);

/**
 * Whether the day `date` has room for one more move but `except`: dayRoom()'s sum (src/lib/office/diary.ts) as one SQL
 * expression, so a hold is checked and written in one statement and two customers never take the last place both. A
 * bank holiday is refused before (moveDateProblem); no limit while the diary is not in use.
 */
const roomForOneMore = (date: string, except: string) => `(NOT (${IN_USE})
  OR (SELECT COUNT(*) FROM diary_entries WHERE move_date = ${date} AND reference != ${except}) < MIN(
    MAX(0, (SELECT COUNT(*) FROM crews WHERE removed_at IS NULL AND hired_on IS NULL) - ${offOn('crew', date)})
      + (SELECT COUNT(*) FROM crews WHERE hired_on = ${date} AND removed_at IS NULL),
    MAX(0, (SELECT COUNT(*) FROM vans WHERE removed_at IS NULL AND hired_on IS NULL) - ${offOn('van', date)})
      + (SELECT COUNT(*) FROM vans WHERE hired_on = ${date} AND removed_at IS NULL)))`;

/**
 * A move booked online (issue 41 item 2) holds its day from the moment Checkout opens, and again when its deposit
 * arrives: written only if the day still has room (checked in the same statement), or moved to the day if the move
 * held another. Its changes() is 1 when the move holds the day afterwards, 0 when the day was full.
 */
export const onlineHold = (db: D1Database, reference: string, date: string, by: string, now: Date): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO diary_entries (reference, move_date, status, crew_id, van_id, arrival_window, override_reason, created_by, created_at, updated_at)
       SELECT ?1, ?2, 'held', NULL, NULL, NULL, NULL, ?3, ?4, ?4 WHERE ${roomForOneMore('?2', '?1')}
       ON CONFLICT (reference) DO UPDATE SET move_date = excluded.move_date, updated_at = excluded.updated_at`,
    )
    .bind(reference, date, by, now.toISOString());

/**
 * A move booked online on a day the firm's own diary is full, for a partner to do (issue 43 item 4): held without the
 * room check, since no crew of the firm's will take it; the deposit's booking offers it to partners (partners/offers.ts).
 */
export const partnerHold = (db: D1Database, reference: string, date: string, by: string, now: Date): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO diary_entries (reference, move_date, status, crew_id, van_id, arrival_window, override_reason, created_by, created_at, updated_at)
       VALUES (?1, ?2, 'held', NULL, NULL, NULL, NULL, ?3, ?4, ?4)
       ON CONFLICT (reference) DO UPDATE SET move_date = excluded.move_date, updated_at = excluded.updated_at`,
    )
    .bind(reference, date, by, now.toISOString());

/** Whether `reference` holds a place on `date` in the diary. */
export const holdsDay = async (db: D1Database, reference: string, date: string): Promise<boolean> =>
  (await db.prepare('SELECT 1 FROM diary_entries WHERE reference = ? AND move_date = ?').bind(reference, date).first()) !== null;

/**
 * When the session of a move booked online closes unpaid, its hold goes, unless the move was booked or another deposit
 * payment is still open or paid: it checks for itself, so it may sit anywhere in its batch. `by` is the hold's writer
 * (only such a hold is released).
 */
export const onlineHoldReleased = (db: D1Database, reference: string, by: string): D1PreparedStatement =>
  db
    .prepare(
      `DELETE FROM diary_entries WHERE reference = ?1 AND status = 'held' AND crew_id IS NULL AND created_by = ?2
         AND NOT EXISTS (SELECT 1 FROM quote_requests WHERE reference = ?1 AND status = 'booked')
         AND NOT EXISTS (SELECT 1 FROM payments WHERE reference = ?1 AND purpose = 'deposit'
           AND status IN ('created', 'processing', 'paid', 'partially_refunded'))`,
    )
    .bind(reference, by);
