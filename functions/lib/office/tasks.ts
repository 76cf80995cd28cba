/**
 * Every customer action lands in the office as something to do (issue 33 item 6): an office_tasks row and an audit line,
 * written in the batch that makes the change, so the to-do list never misses one and never shows one that did not happen.
 */
import type { MoveEvent } from '~/lib/move-status';
import { OFFICE_TASKS, URGENT_TASKS, type OfficeTaskKind } from '~/lib/office/pipeline';
import { insertValues } from '../d1';
import { auditStatement, auditStatementsFor } from './audit';

export const CUSTOMER_ACTOR = 'customer';

/** An ORDER BY term that lists the urgent tasks (money, issue 39) before the rest. */
export const URGENT_FIRST = `kind IN (${[...URGENT_TASKS].map((kind) => `'${kind}'`).join(', ')}) DESC`;

export interface OfficeTask {
  reference: string;
  kind: OfficeTaskKind;
  detail: string;
}

/** The task alone, for a writer whose own audit line already says what happened; `afterChange` as in d1.ts insertValues. */
export const taskStatement = (db: D1Database, task: OfficeTask, now: Date, { afterChange = false } = {}): D1PreparedStatement =>
  db
    .prepare(`INSERT INTO office_tasks (record_reference, kind, detail, created_at) ${insertValues(4, { afterChange })}`)
    .bind(task.reference, task.kind, task.detail, now.toISOString());

/**
 * The task only if the batch's previous statement changed a row and `condition` (SQL over ?4 onwards, `binds`) holds:
 * for a change that gives the office work only in some cases (a move booked online needs its crew booked).
 */
export const taskWhenStatement = (db: D1Database, task: OfficeTask, now: Date, condition: string, binds: unknown[]): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO office_tasks (record_reference, kind, detail, created_at) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1 AND (${condition})`,
    )
    .bind(task.reference, task.kind, task.detail, now.toISOString(), ...binds);

/**
 * The task and its audit line, both after the batch's previous statement (the change itself: `afterChange` as in d1.ts
 * insertValues), so a change refused by its version check leaves neither.
 */
export function customerTaskStatements(db: D1Database, task: OfficeTask, now: Date): D1PreparedStatement[] {
  return [
    taskStatement(db, task, now, { afterChange: true }),
    auditStatement(db, { actor: CUSTOMER_ACTOR, action: task.kind, reference: task.reference, detail: task.detail }, now, {
      afterChange: true,
    }),
  ];
}

/**
 * A task and audit line for each reference `referencesSql` selects (its own parameters first, then ?3–?5 here), for a
 * change that touches several leads at once (an erasure that keeps booked moves).
 */
export function customerTasksFor(
  db: D1Database,
  referencesSql: string,
  params: [unknown, unknown],
  kind: OfficeTaskKind,
  now: Date,
): D1PreparedStatement[] {
  const values = [...params, kind, OFFICE_TASKS[kind], now.toISOString()];
  return [
    db
      .prepare(`INSERT INTO office_tasks (record_reference, kind, detail, created_at) SELECT reference, ?3, ?4, ?5 FROM (${referencesSql})`)
      .bind(...values),
    auditStatementsFor(db, referencesSql, params, { actor: CUSTOMER_ACTOR, action: kind, detail: OFFICE_TASKS[kind] }, now),
  ];
}

/** The move page's changes the office must act on, by the event each records (functions/lib/quote/manage.ts). */
const MOVE_EVENT_TASKS: Partial<Record<MoveEvent['kind'], OfficeTaskKind>> = {
  booking_requested: 'booking_request',
  date_changed: 'date_change',
  cancelled: 'cancellation',
};

/** A customer's change to their move as a task, `detail` in the history's words; nothing for an event the office need not act on. */
export function moveEventTask(db: D1Database, reference: string, event: MoveEvent, detail: string, now: Date): D1PreparedStatement[] {
  const kind = event.kind === 'date_changed' && event.booked ? 'crew_for_new_date' : MOVE_EVENT_TASKS[event.kind];
  return kind ? customerTaskStatements(db, { reference, kind, detail }, now) : [];
}
