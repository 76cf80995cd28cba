/**
 * What changes one day's room in the diary (issue 40 item 6), for any member of staff, each change in the audit trail:
 * a crew's or van's days off, and a crew or van hired for one full day. Registered by diary.ts's diaryRoutes().
 */
import { daysBetween, formatLongDate, londonToday } from '~/lib/dates';
import { vanSizeLabel, type Resource } from '~/lib/office/diary';
import {
  DAYS_OFF_LONGEST,
  DIARY_DAYS_OFF_PATH,
  DIARY_HIRE_PATH,
  DIARY_MESSAGES,
  daysOffSchema,
  hireSchema,
  hireSizes,
  HIRE_KINDS,
  type DaysOffForm,
  type DiaryNotice,
  type HireForm,
} from '~/lib/office/diary-forms';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { isReference } from '~/lib/reference';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { refusalJson, REFUSALS, seeOther, type Refusal } from '../lib/http';
import { auditStatement } from '../lib/office/audit';
import { staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import type { Context } from 'hono';
import { diaryAtMove, refusedOn } from './diary';
import type { DiaryPageState } from '~/lib/views/diary';

const MAX_BODY = 4 * 1024;

/** The diary at `date`'s week with a notice (or at the move whose section asked). */
const diaryAt = (date: string, done: DiaryNotice, ref?: string) =>
  ref && isReference(ref)
    ? diaryAtMove({ reference: ref, moveDate: date }, done)
    : `${OFFICE_PATHS.diary}?${new URLSearchParams({ from: date, done })}`;

const TABLES = { crew: 'crews', van: 'vans' } as const;

/** A crew or van of the firm's own, not removed: what its day off is called in the audit trail and messages. */
async function ownResource(db: D1Database, resource: Resource, id: number): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT ${resource === 'crew' ? 'lead_name' : 'name'} AS name FROM ${TABLES[resource]} WHERE id = ? AND removed_at IS NULL AND hired_on IS NULL`,
    )
    .bind(id)
    .first<{ name: string }>();
  if (!row) return null;
  return resource === 'crew' ? `${row.name}’s crew` : `Van ${row.name}`;
}

const spanWords = (first: string, last: string) =>
  first === last ? formatLongDate(first) : `${formatLongDate(first)} to ${formatLongDate(last)}`;

/** Where a refused days-off form is shown again: the week of its first day. */
const daysOffBack = (values: Record<string, string>) => `${OFFICE_PATHS.diary}?${new URLSearchParams({ from: values.firstDay ?? '' })}`;

/** Where a refused hire is shown again: the move whose section asked, or the diary. */
const hireBack = (values: Record<string, string>) =>
  values.ref && isReference(values.ref) ? diaryAtMove({ reference: values.ref, moveDate: values.date ?? '' }) : OFFICE_PATHS.diary;

/** Invalid fields: the diary again with each message by its field; any other refusal only a crafted post meets. */
const diaryFormPage =
  (back: (values: Record<string, string>) => string) => (c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams) => {
    if (!refusal.error.fields) return refusalJson(c, refusal);
    const values = Object.fromEntries(typed);
    return refusedOn(c, back(values), { form: { errors: refusal.error.fields, values } } satisfies DiaryPageState, refusal.status);
  };

/** POST /office/diary/days-off: add a crew's or van's days off, or remove them. */
async function changeDaysOff(c: Context<OfficeBindings>, form: DaysOffForm, posted: URLSearchParams): Promise<Response> {
  const values = Object.fromEntries(posted);
  const refused = (errors: Record<string, string>, status = 400) =>
    refusedOn(c, daysOffBack(values), { form: { errors, values } } satisfies DiaryPageState, status);
  const db = c.env.DB;
  const now = requestNow(c);
  const actor = c.var.staff.email;

  if (form.action === 'remove-day-off') {
    const off = await db
      .prepare('SELECT resource, resource_id AS id, first_day AS firstDay, last_day AS lastDay FROM diary_days_off WHERE id = ?')
      .bind(Number(form.id))
      .first<{ resource: Resource; id: number; firstDay: string; lastDay: string }>();
    if (!off) return refused({ form: DIARY_MESSAGES.dayOff }, 404);
    const what = (await ownResource(db, off.resource, off.id)) ?? `${off.resource === 'crew' ? 'Crew' : 'Van'} ${off.id}`;
    await db.batch([
      db.prepare('DELETE FROM diary_days_off WHERE id = ?').bind(Number(form.id)),
      auditStatement(
        db,
        { actor, action: 'day_off_removed', detail: `Day off removed: ${what}, ${spanWords(off.firstDay, off.lastDay)}` },
        now,
      ),
    ]);
    return seeOther(diaryAt(off.firstDay, 'day-off-removed'));
  }

  const first = form.firstDay;
  const last = form.lastDay || first;
  const errors: Record<string, string> = {};
  if (first < londonToday(now)) errors.firstDay = DIARY_MESSAGES.dayOffPast;
  if (last < first) errors.lastDay = DIARY_MESSAGES.dayOffBackwards;
  else if (daysBetween(first, last) >= DAYS_OFF_LONGEST) errors.lastDay = DIARY_MESSAGES.dayOffTooLong;
  const { resource, id } = form.who;
  const what = await ownResource(db, resource, id);
  if (!what) errors.who = DIARY_MESSAGES.who;
  if (Object.keys(errors).length) return refused(errors);
  // Out on a move in the stretch, or off already: the office sorts that first.
  const [booked, overlap] = await db.batch([
    db
      .prepare(
        `SELECT reference, move_date AS date FROM diary_entries WHERE ${resource}_id = ? AND move_date BETWEEN ? AND ? ORDER BY move_date LIMIT 1`,
      )
      .bind(id, first, last),
    db
      .prepare('SELECT 1 FROM diary_days_off WHERE resource = ? AND resource_id = ? AND first_day <= ? AND last_day >= ? LIMIT 1')
      .bind(resource, id, last, first),
  ]);
  const move = booked?.results[0] as { reference: string; date: string } | undefined;
  if (move) return refused({ who: DIARY_MESSAGES.dayOffBooked(what!, formatLongDate(move.date), move.reference) }, 409);
  if (overlap?.results.length) return refused({ who: DIARY_MESSAGES.dayOffOverlap }, 409);
  await db.batch([
    db
      .prepare(
        'INSERT INTO diary_days_off (resource, resource_id, first_day, last_day, reason, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(resource, id, first, last, form.reason, actor, now.toISOString()),
    auditStatement(
      db,
      { actor, action: 'day_off_added', detail: `Day off: ${what}, ${spanWords(first, last)}${form.reason ? ` (${form.reason})` : ''}` },
      now,
    ),
  ]);
  return seeOther(diaryAt(first, 'day-off-added'));
}

/** The rows a hire adds: a crew, a van or both, each counted on its day only, with the office's reason. */
function hireStatements(db: D1Database, form: Extract<HireForm, { action: 'hire' }>, sizes: ReturnType<typeof hireSizes>, at: string) {
  const statements: D1PreparedStatement[] = [];
  if (sizes.crewSize !== null) {
    statements.push(
      db
        .prepare('INSERT INTO crews (lead_name, size, created_at, hired_on, hired_reason) VALUES (?, ?, ?, ?, ?)')
        .bind(form.name, sizes.crewSize, at, form.date, form.reason),
    );
  }
  if (sizes.vanSize !== null) {
    statements.push(
      db
        .prepare('INSERT INTO vans (name, size, created_at, hired_on, hired_reason) VALUES (?, ?, ?, ?, ?)')
        .bind(form.name, sizes.vanSize, at, form.date, form.reason),
    );
  }
  return statements;
}

/** POST /office/diary/hire: hire a crew, a van or both for one day (a full day's override), or cancel a hire not yet used. */
async function changeHire(c: Context<OfficeBindings>, form: HireForm, posted: URLSearchParams): Promise<Response> {
  const values = Object.fromEntries(posted);
  const refused = (errors: Record<string, string>, status = 400) =>
    refusedOn(c, hireBack(values), { form: { errors, values } } satisfies DiaryPageState, status);
  const db = c.env.DB;
  const now = requestNow(c);
  const actor = c.var.staff.email;

  if (form.action === 'cancel-hire') {
    const { resource, id } = form.who;
    const table = TABLES[resource];
    const hired = await db
      .prepare(
        `SELECT hired_on AS date, ${resource === 'crew' ? 'lead_name' : 'name'} AS name FROM ${table} WHERE id = ? AND hired_on IS NOT NULL AND removed_at IS NULL`,
      )
      .bind(id)
      .first<{ date: string; name: string }>();
    if (!hired) return refused({ form: DIARY_MESSAGES.hire }, 404);
    // Only while no move is booked with it: the guard is in the statement, so a booking meanwhile keeps it.
    const [cancelled] = await db.batch([
      db
        .prepare(
          `UPDATE ${table} SET removed_at = ? WHERE id = ? AND removed_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM diary_entries WHERE ${resource}_id = ? AND move_date = ?)`,
        )
        .bind(now.toISOString(), id, id, hired.date),
      auditStatement(
        db,
        {
          actor,
          action: 'hire_cancelled',
          detail: `Hire cancelled: ${resource === 'crew' ? 'crew' : 'van'} ${hired.name} for ${formatLongDate(hired.date)}`,
        },
        now,
        { afterChange: true },
      ),
    ]);
    if (!cancelled?.meta.changes) return refused({ form: DIARY_MESSAGES.hireInUse }, 409);
    return seeOther(diaryAt(hired.date, 'hire-cancelled'));
  }

  const sizes = hireSizes(form);
  const errors = { ...sizes.errors };
  if (form.date < londonToday(now)) errors.date = DIARY_MESSAGES.hirePast;
  if (Object.keys(errors).length) return refused(errors);
  const reference = form.ref && isReference(form.ref) ? form.ref : undefined;
  const hired = [
    sizes.crewSize !== null ? `a crew of ${sizes.crewSize}` : '',
    sizes.vanSize !== null ? `a ${vanSizeLabel(sizes.vanSize).toLowerCase()}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  await db.batch([
    ...hireStatements(db, form, sizes, now.toISOString()),
    auditStatement(
      db,
      {
        actor,
        action: 'hired',
        ...(reference ? { reference } : {}),
        detail: `Hired for ${formatLongDate(form.date)}: ${hired} (${form.name}; ${HIRE_KINDS[form.what].toLowerCase()}). Reason: ${form.reason}`,
      },
      now,
    ),
  ]);
  return seeOther(diaryAt(form.date, 'hired', reference));
}

export function diaryDaysRoutes(routes: OfficeRoutes): void {
  routes.post(
    DIARY_DAYS_OFF_PATH,
    staffOnly,
    ...formRoute({ maxBytes: MAX_BODY, limit: officeLimit, schema: daysOffSchema, page: diaryFormPage(daysOffBack) }, changeDaysOff),
  );
  routes.all(DIARY_DAYS_OFF_PATH, (c) => refusalJson(c, REFUSALS.postOnly));
  routes.post(
    DIARY_HIRE_PATH,
    staffOnly,
    ...formRoute({ maxBytes: MAX_BODY, limit: officeLimit, schema: hireSchema, page: diaryFormPage(hireBack) }, changeHire),
  );
  routes.all(DIARY_HIRE_PATH, (c) => refusalJson(c, REFUSALS.postOnly));
}
