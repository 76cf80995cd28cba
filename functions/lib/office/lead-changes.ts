/**
 * What staff change on a lead (issue 33 item 2): a note, the follow-up date, the stage (a lost lead says why) and who
 * handles it. Each is one batch with its audit line; the first of them makes the lead's office_leads row.
 */
import { z } from 'zod';
import { formatLongDate, readDate } from '~/lib/dates';
import { LIMITS } from '~/lib/limits';
import { LEAD_AUDIT_ACTIONS, LEAD_FORM_MESSAGES as M, LOST_REASON_MAX, NOTE_MAX } from '~/lib/office/leads';
import { LEAD_STAGES, OFFICE_TASKS, STAGE_LABELS, type OfficeTaskKind } from '~/lib/office/pipeline';
import { auditStatement } from './audit';
import { leadRowChanged, leadRowMade, type LeadRowChange } from './office-leads';
import type { StaffChoice } from '~/lib/office/leads';
import type { LeadSummary, StaffMember } from '~/lib/views/office';

const text = (max: number, empty: string, tooLong: string) => z.string({ error: empty }).trim().min(1, empty).max(max, tooLong);

/**
 * A lead page's note, follow-up, stage and handler forms (the lead's `ref` is read as typed, to find the lead). Whether a
 * handler is on the staff is asked of D1 by the handler (`handlerRefusal`).
 */
export const leadChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('note'), note: text(NOTE_MAX, M.note, M.noteTooLong) }),
  z.object({
    action: z.literal('follow_up'),
    // Empty clears the date.
    followUpOn: z
      .string()
      .trim()
      .default('')
      .refine((value) => value === '' || readDate(value) !== null, M.followUp)
      .transform((value) => (value === '' ? '' : readDate(value)!)),
  }),
  z
    .object({
      action: z.literal('stage'),
      stage: z.enum(LEAD_STAGES, { error: M.stage }),
      lostReason: z.string().trim().max(LOST_REASON_MAX, M.lostReasonTooLong).default(''),
    })
    .refine((value) => value.stage !== 'lost' || value.lostReason !== '', { message: M.lostReason, path: ['lostReason'] }),
  // An address, or empty for nobody: longer than one can be is no one on the staff.
  z.object({ action: z.literal('handler'), handler: z.string().trim().toLowerCase().max(LIMITS.email, M.handler).default('') }),
]);

export type LeadChange = z.infer<typeof leadChangeSchema>;
export type FieldErrors = Partial<Record<string, string>>;

/** The handler's message when the change hands the lead to someone not on the staff (`staff`); null otherwise. */
export function handlerRefusal(change: LeadChange, staff: readonly StaffChoice[]): FieldErrors | null {
  if (change.action === 'handler' && change.handler !== '' && !staff.some((each) => each.email === change.handler)) {
    return { handler: M.handler };
  }
  return null;
}

const ensureRow = (db: D1Database, lead: LeadSummary, at: string) => leadRowMade(db, lead.reference, lead.type, at);

const update = (db: D1Database, lead: LeadSummary, at: string, change: LeadRowChange) => leadRowChanged(db, lead.reference, change, at);

/** The batch that makes `change` on `lead`, its audit line included. */
export function leadChangeStatements(
  db: D1Database,
  lead: LeadSummary,
  change: LeadChange,
  staff: StaffMember,
  choices: readonly StaffChoice[],
  now: Date,
): D1PreparedStatement[] {
  const at = now.toISOString();
  const audit = (action: string, detail: string) =>
    auditStatement(db, { actor: staff.email, action, reference: lead.reference, detail }, now);
  switch (change.action) {
    case 'note':
      return [
        ensureRow(db, lead, at),
        db
          .prepare('INSERT INTO office_notes (record_reference, author, created_at, note) VALUES (?, ?, ?, ?)')
          .bind(lead.reference, staff.email, at, change.note),
        audit(LEAD_AUDIT_ACTIONS.note, 'Note added'),
      ];
    case 'follow_up': {
      const on = change.followUpOn || null;
      return [
        ensureRow(db, lead, at),
        update(db, lead, at, { follow_up_on: on }),
        audit(LEAD_AUDIT_ACTIONS.follow_up, on ? `Follow-up set for ${formatLongDate(on)}` : 'Follow-up date cleared'),
      ];
    }
    case 'stage': {
      const reason = change.stage === 'lost' ? change.lostReason : null;
      const detail = `Stage: ${STAGE_LABELS[lead.stage]} → ${STAGE_LABELS[change.stage]}${reason ? ` (${reason})` : ''}`;
      return [
        ensureRow(db, lead, at),
        update(db, lead, at, { stage: change.stage, lost_reason: reason }),
        audit(LEAD_AUDIT_ACTIONS.stage, detail),
      ];
    }
    case 'handler': {
      const handler = change.handler || null;
      const name = choices.find((each) => each.email === handler)?.name;
      return [
        ensureRow(db, lead, at),
        update(db, lead, at, { handler }),
        audit(LEAD_AUDIT_ACTIONS.handler, handler ? `Handled by ${name ?? handler}` : 'Handler removed'),
      ];
    }
  }
}

/** Marks an open task done, with its audit line; changes nothing for a task already done or unknown. */
export async function finishTask(db: D1Database, id: number, staff: StaffMember, now: Date): Promise<boolean> {
  const task = await db
    .prepare('SELECT record_reference AS reference, kind FROM office_tasks WHERE id = ? AND done_at IS NULL')
    .bind(id)
    .first<{ reference: string; kind: OfficeTaskKind }>();
  if (!task) return false;
  const [done] = await db.batch([
    db
      .prepare('UPDATE office_tasks SET done_at = ?, done_by = ? WHERE id = ? AND done_at IS NULL')
      .bind(now.toISOString(), staff.email, id),
    auditStatement(
      db,
      {
        actor: staff.email,
        action: LEAD_AUDIT_ACTIONS.task,
        reference: task.reference,
        detail: `Done: ${OFFICE_TASKS[task.kind] ?? task.kind}`,
      },
      now,
      { afterChange: true },
    ),
  ]);
  return done?.meta.changes === 1;
}
