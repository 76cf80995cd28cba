/**
 * The diary's tables (issue 33 item 4): crews, vans and diary_entries. The rule of a full day is src/lib/office/diary.ts;
 * this file only counts what it needs, each question in one round trip.
 */
import { insertValues } from '../d1';
import { daySpan, fullDates, isDayFull, type ArrivalWindow, type DiaryResources, type DiaryStatus, type VanSize } from '~/lib/office/diary';

export interface Crew {
  id: number;
  leadName: string;
  size: number;
}

export interface Van {
  id: number;
  name: string;
  size: VanSize;
}

export interface DiaryEntry {
  reference: string;
  moveDate: string;
  status: DiaryStatus;
  crewId: number | null;
  vanId: number | null;
  arrivalWindow: ArrivalWindow | null;
  overrideReason: string | null;
}

/** The crews and vans now, and whether a crew and a van were ever set up (removed ones count: the diary was in use). */
const RESOURCES = `(SELECT COUNT(*) FROM crews WHERE removed_at IS NULL) AS crews,
  (SELECT COUNT(*) FROM vans WHERE removed_at IS NULL) AS vans,
  EXISTS (SELECT 1 FROM crews) AND EXISTS (SELECT 1 FROM vans) AS in_use`;

interface ResourceRow {
  crews: number;
  vans: number;
  in_use: number;
}

const resourcesOf = (row: ResourceRow | null): DiaryResources => ({
  crews: row?.crews ?? 0,
  vans: row?.vans ?? 0,
  inUse: row?.in_use === 1,
});

/** The day's capacity and what already uses it, but for `except` (the move being booked or moved, which may hold it). */
export const dayLoadStatement = (db: D1Database, date: string, except = ''): D1PreparedStatement =>
  db.prepare(`SELECT ${RESOURCES}, (SELECT COUNT(*) FROM diary_entries WHERE move_date = ? AND reference != ?) AS used`).bind(date, except);

/** Reads a `dayLoadStatement` row (from `first()` or a batch's results). */
export function isFullDay(row: unknown): boolean {
  const load = (row ?? null) as (ResourceRow & { used: number }) | null;
  return isDayFull(resourcesOf(load), load?.used ?? 0);
}

export async function dayIsFull(db: D1Database, date: string, except = ''): Promise<boolean> {
  return isFullDay(await dayLoadStatement(db, date, except).first());
}

export async function diaryResources(db: D1Database): Promise<DiaryResources> {
  return resourcesOf(await db.prepare(`SELECT ${RESOURCES}`).first<ResourceRow>());
}

/** How many moves each day from `from` to `to` holds (only days holding any). */
export async function dayLoads(db: D1Database, from: string, to: string): Promise<Map<string, number>> {
  const { results } = await db
    .prepare('SELECT move_date AS date, COUNT(*) AS used FROM diary_entries WHERE move_date BETWEEN ? AND ? GROUP BY move_date')
    .bind(from, to)
    .all<{ date: string; used: number }>();
  return new Map(results.map((row) => [row.date, row.used]));
}

/** The full days from `from` to `to`: dates only, for the public calendar. */
export async function fullDaysBetween(db: D1Database, from: string, to: string, maxSpan: number): Promise<string[] | null> {
  const days = daySpan(from, to, maxSpan);
  if (!days) return null;
  const [resources, loads] = await Promise.all([diaryResources(db), dayLoads(db, from, to)]);
  return fullDates(resources, days, loads);
}

export async function currentCrews(db: D1Database): Promise<Crew[]> {
  const { results } = await db
    .prepare('SELECT id, lead_name AS leadName, size FROM crews WHERE removed_at IS NULL ORDER BY lead_name, id')
    .all<Crew>();
  return results;
}

export async function currentVans(db: D1Database): Promise<Van[]> {
  const { results } = await db.prepare('SELECT id, name, size FROM vans WHERE removed_at IS NULL ORDER BY name, id').all<Van>();
  return results;
}

const ENTRY_COLUMNS = `reference, move_date AS moveDate, status, crew_id AS crewId, van_id AS vanId, arrival_window AS arrivalWindow,
  override_reason AS overrideReason`;

export async function entriesBetween(db: D1Database, from: string, to: string): Promise<DiaryEntry[]> {
  const { results } = await db
    .prepare(`SELECT ${ENTRY_COLUMNS} FROM diary_entries WHERE move_date BETWEEN ? AND ? ORDER BY move_date, arrival_window, reference`)
    .bind(from, to)
    .all<DiaryEntry>();
  return results;
}

export const entryOf = (db: D1Database, reference: string): Promise<DiaryEntry | null> =>
  db.prepare(`SELECT ${ENTRY_COLUMNS} FROM diary_entries WHERE reference = ?`).bind(reference).first<DiaryEntry>();

/** The moves on `date` other than `except`: which crews and vans are already out that day. */
export async function entriesOn(db: D1Database, date: string, except: string): Promise<DiaryEntry[]> {
  const { results } = await db
    .prepare(`SELECT ${ENTRY_COLUMNS} FROM diary_entries WHERE move_date = ? AND reference != ?`)
    .bind(date, except)
    .all<DiaryEntry>();
  return results;
}

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

/** The lead's stage in the office's pipeline, made if the office had not seen it yet. */
export const leadStageUpsert = (
  db: D1Database,
  reference: string,
  stage: 'booked',
  now: Date,
  { afterChange = false } = {},
): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO office_leads (reference, record_type, stage, updated_at) ${insertValues(4, { afterChange })}
       ON CONFLICT (reference) DO UPDATE SET stage = excluded.stage, lost_reason = NULL, updated_at = excluded.updated_at`,
    )
    .bind(reference, 'quote', stage, now.toISOString());
