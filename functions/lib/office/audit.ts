/**
 * The audit trail (issue 33 item 1): every staff action, and the customer's and crew's actions the office acts on, with
 * who and when. Each writer adds `auditStatement` to the batch that makes its change, so a change is never without
 * its line; the lead's page reads `auditTrail`.
 */
import { insertValues } from '../d1';

/** Who acted through a staff link from a business e-mail (issue 19): someone with the e-mail, not a signed-in member. */
export const STAFF_LINK_ACTOR = 'staff-link';

export interface AuditEntry {
  /** A staff address, 'customer', `crew:<first name>`, STAFF_LINK_ACTOR or 'system'. */
  actor: string;
  action: string;
  reference?: string | null;
  /** Plain words for the history, e.g. "Stage: new → contacted". Never a secret or a token. */
  detail?: string | null;
}

export interface AuditLine {
  createdAt: string;
  actor: string;
  action: string;
  detail: string | null;
}

/** `afterChange` as in d1.ts insertValues: the line is written only if the batch's previous statement changed a row. */
export const auditStatement = (db: D1Database, entry: AuditEntry, now: Date, { afterChange = false } = {}): D1PreparedStatement =>
  db
    .prepare(`INSERT INTO audit_log (created_at, actor, action, record_reference, detail) ${insertValues(5, { afterChange })}`)
    .bind(now.toISOString(), entry.actor, entry.action, entry.reference ?? null, entry.detail ?? null);

/** One line for each lead `referencesSql` selects (from its parameters ?1 and ?2): the customer's actions found by a query. */
export const auditStatementsFor = (
  db: D1Database,
  referencesSql: string,
  params: readonly [unknown, unknown],
  entry: { actor: string; action: string; detail: string },
  now: Date,
): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO audit_log (created_at, actor, action, record_reference, detail)
       SELECT ?3, ?4, ?5, reference, ?6 FROM (${referencesSql})`,
    )
    .bind(...params, now.toISOString(), entry.actor, entry.action, entry.detail);

export async function auditTrail(db: D1Database, reference: string): Promise<AuditLine[]> {
  const { results } = await db
    .prepare('SELECT created_at AS createdAt, actor, action, detail FROM audit_log WHERE record_reference = ? ORDER BY id')
    .bind(reference)
    .all<AuditLine>();
  return results;
}
