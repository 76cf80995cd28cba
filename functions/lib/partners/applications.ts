/**
 * The one writer of partner_applications and partner_documents (issue 43). An application's files go to R2 first (a
 * private bucket's prefix, served to staff only), then one batch stores the rows naming them, the office's task, the
 * audit line and the applicant's e-mail; only then is the e-mail queued.
 */
import { dataRetention } from '~/data/promises';
import { addDays, daysBetween, londonToday, monthsBefore } from '~/lib/dates';
import {
  detailsChanges,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  EXPIRING_KINDS,
  lapsedKinds,
  REMINDER_DAYS,
  type Application,
  type DocumentKind,
  type PartnerDetails,
} from '~/lib/partners/apply';
import { generateReference } from '~/lib/reference';
import type { Env } from '../../env';
import { insertValues } from '../d1';
import { mailContext } from '../mail-context';
import { auditStatement } from '../office/audit';
import { officeRowDeletes } from '../office/rows';
import { taskStatement } from '../office/tasks';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { applicationReceivedEmail, approvedEmail, expiryReminderEmail, refusedEmail, suspendedEmail } from './emails';
import { documentsOf, type PartnerRow } from './read';

export interface UploadedDocument {
  kind: DocumentKind;
  bytes: Uint8Array;
  /** A key of DOCUMENT_TYPES, read from its bytes. */
  type: string;
}

export const DOCUMENT_PREFIX = 'partner-documents/';
/** Only keys this module makes are ever read back. */
export const DOCUMENT_KEY_PATTERN = /^partner-documents\/[A-Za-z0-9]+\/[0-9a-f-]{36}\.(pdf|jpg|png)$/;
const documentKey = (reference: string, type: string) => `${DOCUMENT_PREFIX}${reference}/${crypto.randomUUID()}.${DOCUMENT_TYPES[type]}`;

/** Stores a new application with its documents; answers its reference. */
export async function storeApplication(env: Env, application: Application, files: UploadedDocument[], now: Date): Promise<string> {
  const reference = generateReference();
  const db = env.DB;
  const at = now.toISOString();
  const rows: D1PreparedStatement[] = [];
  for (const file of files) {
    const key = documentKey(reference, file.type);
    await env.PHOTOS.put(key, file.bytes, { httpMetadata: { contentType: file.type } });
    rows.push(
      db
        .prepare(`INSERT INTO partner_documents (reference, kind, r2_key, content_type, size, expires_on, uploaded_at) ${insertValues(7)}`)
        .bind(reference, file.kind, key, file.type, file.bytes.byteLength, application.expiries[file.kind] ?? null, at),
    );
  }
  const email: OutboxEmail = {
    recordType: 'partner',
    recordReference: reference,
    kind: 'customer',
    draft: applicationReceivedEmail(await mailContext(env), application, reference),
    idempotencyKey: `partner:${reference}:applied`,
  };
  const detail = `${application.name}, ${application.vanTonnes} t van, covers ${application.districts.join(', ')}`;
  await db.batch([
    db
      .prepare(
        `INSERT INTO partner_applications (reference, name, email, phone, districts, van_tonnes, registration, licence_since, created_at)
         ${insertValues(9)}`,
      )
      .bind(
        reference,
        application.name,
        application.email,
        application.phone,
        JSON.stringify(application.districts),
        application.vanTonnes,
        application.registration,
        application.licenceSince,
        at,
      ),
    ...rows,
    taskStatement(db, { reference, kind: 'partner_application', detail }, now),
    auditStatement(db, { actor: 'applicant', action: 'partner_applied', reference, detail: `Applied to be a partner: ${detail}` }, now),
    ...outboxInserts(db, [email], now),
  ]);
  await queueEmails(env, [email.idempotencyKey]);
  return reference;
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * The office's decision on an application (or on a paused partner's new documents): the status, its pending documents,
 * the audit line, the partner's e-mail and the reference's open tasks closed, in one batch guarded by the status it
 * was read in, so two staff deciding at once decide once. False when it had already changed.
 */
export async function decideApplication(
  env: Env,
  partner: { reference: string; name: string; email: string; status: string },
  decision: Decision,
  staffEmail: string,
  now: Date,
): Promise<boolean> {
  const db = env.DB;
  const at = now.toISOString();
  const { reference } = partner;
  const status = decision.approve ? 'approved' : 'refused';
  const ctx = await mailContext(env);
  const email: OutboxEmail = {
    recordType: 'partner',
    recordReference: reference,
    kind: 'customer',
    draft: decision.approve ? approvedEmail(ctx, partner) : refusedEmail(ctx, partner, decision.reason),
    idempotencyKey: `partner:${reference}:${status}:${now.getTime()}`,
  };
  // The e-mail and the audit line each only if the statement before it changed a row: decided once, told once.
  const results = await db.batch([
    db
      .prepare(
        `UPDATE partner_applications SET status = ?1, refusal_reason = ?2, decided_at = ?3, decided_by = ?4
         WHERE reference = ?5 AND status = ?6`,
      )
      .bind(status, decision.approve ? null : decision.reason, at, staffEmail, reference, partner.status),
    ...outboxInserts(db, [email], now, { afterChange: true }),
    auditStatement(
      db,
      {
        actor: staffEmail,
        action: decision.approve ? 'partner_approved' : 'partner_refused',
        reference,
        detail: decision.approve ? `Approved ${partner.name} as a partner` : `Refused ${partner.name}: ${decision.reason}`,
      },
      now,
      { afterChange: true },
    ),
    db
      .prepare(
        `UPDATE partner_documents SET status = ?1 WHERE reference = ?2 AND status = 'pending'
         AND (SELECT decided_at FROM partner_applications WHERE reference = ?2) = ?3`,
      )
      .bind(status, reference, at),
    db
      .prepare(
        `UPDATE office_tasks SET done_at = ?1, done_by = ?2 WHERE record_reference = ?3 AND done_at IS NULL
         AND (SELECT decided_at FROM partner_applications WHERE reference = ?3) = ?1`,
      )
      .bind(at, staffEmail, reference),
  ]);
  if ((results[0]?.meta.changes ?? 0) === 0) return false;
  await queueEmails(env, [email.idempotencyKey]);
  return true;
}

const SYSTEM = 'system';

interface ExpiringRow {
  id: number;
  kind: DocumentKind;
  expiresOn: string;
  reminded30: string | null;
  reminded7: string | null;
  reference: string;
  name: string;
  email: string;
}

/**
 * The cron's reminders (issue 43 item 2): each approved document of a partner 30 and 7 days before it expires, once
 * each (a document first seen inside 7 days gets the 7-day one only); none for one already replaced by a later one.
 * Answers how many were queued.
 */
export async function remindExpiries(env: Env, now: Date): Promise<number> {
  const db = env.DB;
  const today = londonToday(now);
  const { results } = await db
    .prepare(
      `SELECT d.id, d.kind, d.expires_on AS expiresOn, d.reminded_30_at AS reminded30, d.reminded_7_at AS reminded7,
              p.reference, p.name, p.email
       FROM partner_documents d JOIN partner_applications p ON p.reference = d.reference
       WHERE p.status IN ('approved', 'suspended') AND d.status = 'approved' AND d.expires_on BETWEEN ?1 AND ?2
         AND (d.reminded_30_at IS NULL OR (d.expires_on <= ?3 AND d.reminded_7_at IS NULL))
         AND NOT EXISTS (SELECT 1 FROM partner_documents n WHERE n.reference = d.reference AND n.kind = d.kind
                         AND n.status IN ('pending', 'approved') AND n.expires_on > d.expires_on)
       ORDER BY d.id LIMIT 200`,
    )
    .bind(today, addDays(today, REMINDER_DAYS[0]), addDays(today, REMINDER_DAYS[1]))
    .all<ExpiringRow>();
  const ctx = results.length > 0 ? await mailContext(env) : null;
  const keys: string[] = [];
  for (const row of results) {
    const days = daysBetween(today, row.expiresOn);
    const stage = days <= REMINDER_DAYS[1] ? 7 : 30;
    const label = DOCUMENT_KINDS[row.kind].label;
    const email: OutboxEmail = {
      recordType: 'partner',
      recordReference: row.reference,
      kind: 'customer',
      draft: expiryReminderEmail(ctx!, row, { label, expiresOn: row.expiresOn }, days),
      idempotencyKey: `partner:${row.reference}:expiry${stage}:${row.id}`,
    };
    // The 7-day reminder marks the 30-day one too, so a late first look never sends both.
    const marks = stage === 7 ? 'reminded_7_at = ?1, reminded_30_at = COALESCE(reminded_30_at, ?1)' : 'reminded_30_at = ?1';
    await db.batch([
      db.prepare(`UPDATE partner_documents SET ${marks} WHERE id = ?2 AND reminded_${stage}_at IS NULL`).bind(now.toISOString(), row.id),
      ...outboxInserts(db, [email], now, { afterChange: true }),
      auditStatement(
        db,
        {
          actor: SYSTEM,
          action: 'partner_expiry_reminder',
          reference: row.reference,
          detail: `${label} expires in ${days} days: reminded`,
        },
        now,
        { afterChange: true },
      ),
    ]);
    keys.push(email.idempotencyKey);
  }
  if (keys.length > 0) await queueEmails(env, keys);
  return keys.length;
}

/**
 * The cron's pause (issue 43 item 2): an approved partner without a current approved insurance or MOT is suspended,
 * told why, and the office gets a task; the office's approval of a new document (decideApplication) lifts it.
 */
export async function suspendLapsed(env: Env, now: Date): Promise<number> {
  const db = env.DB;
  const today = londonToday(now);
  const missing = EXPIRING_KINDS.map(
    (kind) =>
      `NOT EXISTS (SELECT 1 FROM partner_documents d WHERE d.reference = p.reference AND d.kind = '${kind}'
       AND d.status = 'approved' AND d.expires_on >= ?1)`,
  );
  const { results } = await db
    .prepare(
      `SELECT p.reference, p.name, p.email FROM partner_applications p WHERE p.status = 'approved' AND (${missing.join(' OR ')}) LIMIT 200`,
    )
    .bind(today)
    .all<{ reference: string; name: string; email: string }>();
  const ctx = results.length > 0 ? await mailContext(env) : null;
  const keys: string[] = [];
  for (const partner of results) {
    const lapsed = lapsedKinds(await documentsOf(db, partner.reference), today, ['approved']).map((kind) => DOCUMENT_KINDS[kind].label);
    const email: OutboxEmail = {
      recordType: 'partner',
      recordReference: partner.reference,
      kind: 'customer',
      draft: suspendedEmail(ctx!, partner, lapsed),
      idempotencyKey: `partner:${partner.reference}:suspended:${now.getTime()}`,
    };
    const detail = `Paused automatically: ${lapsed.join(', ')} lapsed`;
    await db.batch([
      db
        .prepare("UPDATE partner_applications SET status = 'suspended' WHERE reference = ? AND status = 'approved'")
        .bind(partner.reference),
      ...outboxInserts(db, [email], now, { afterChange: true }),
      auditStatement(db, { actor: SYSTEM, action: 'partner_suspended', reference: partner.reference, detail }, now, { afterChange: true }),
      taskStatement(db, { reference: partner.reference, kind: 'partner_suspended', detail }, now, { afterChange: true }),
    ]);
    keys.push(email.idempotencyKey);
  }
  if (keys.length > 0) await queueEmails(env, keys);
  return keys.length;
}

/** The partner's own change of the days they can work, with its audit line. */
export async function setWorkDays(db: D1Database, partner: { reference: string; email: string }, days: number[], now: Date): Promise<void> {
  await db.batch([
    db.prepare('UPDATE partner_applications SET work_days = ? WHERE reference = ?').bind(JSON.stringify(days), partner.reference),
    auditStatement(
      db,
      {
        actor: partner.email,
        action: 'partner_days_set',
        reference: partner.reference,
        detail: `Days they can work: ${days.join(',') || 'none'}`,
      },
      now,
    ),
  ]);
}

/**
 * The partner's own change of phone, districts and van (issue 43 item 3): one guarded update, the audit line saying what
 * changed from what to what, and for a new van the office's task to check its MOT and insurance. The update holds only
 * if the row still has the details read (`partner`), so a second tab's change is never overwritten unseen. Offers read
 * partner_applications, so the next one uses the new districts and van. 'same' writes nothing; 'stale' when the row had
 * changed meanwhile.
 */
export async function setDetails(
  db: D1Database,
  partner: PartnerRow,
  details: PartnerDetails,
  now: Date,
): Promise<'saved' | 'same' | 'stale'> {
  const { changes, vanChanged } = detailsChanges(partner, details);
  if (changes.length === 0) return 'same';
  const { reference, email } = partner;
  const results = await db.batch([
    db
      .prepare(
        `UPDATE partner_applications SET phone = ?1, districts = ?2, van_tonnes = ?3, registration = ?4
         WHERE reference = ?5 AND phone = ?6 AND districts = ?7 AND van_tonnes = ?8 AND registration = ?9`,
      )
      .bind(
        details.phone,
        JSON.stringify(details.districts),
        details.vanTonnes,
        details.registration,
        reference,
        partner.phone,
        JSON.stringify(partner.districts),
        partner.vanTonnes,
        partner.registration,
      ),
    auditStatement(
      db,
      { actor: email, action: 'partner_details_set', reference, detail: `Changed their details: ${changes.join('; ')}` },
      now,
      { afterChange: true },
    ),
    ...(vanChanged
      ? [
          taskStatement(
            db,
            {
              reference,
              kind: 'partner_van',
              detail: `New van ${details.vanTonnes} t, ${details.registration} (was ${partner.vanTonnes} t, ${partner.registration}): check its MOT and insurance`,
            },
            now,
            { afterChange: true },
          ),
        ]
      : []),
  ]);
  return (results[0]?.meta.changes ?? 0) > 0 ? 'saved' : 'stale';
}

/** A partner's new document (a renewal, or the one that lifts a pause): R2 first, then its row, the office's task and the audit line. */
export async function addDocument(
  env: Env,
  partner: { reference: string; email: string },
  file: UploadedDocument,
  expiresOn: string | null,
  now: Date,
): Promise<void> {
  const key = documentKey(partner.reference, file.type);
  await env.PHOTOS.put(key, file.bytes, { httpMetadata: { contentType: file.type } });
  const db = env.DB;
  const label = DOCUMENT_KINDS[file.kind].label;
  const detail = expiresOn ? `New ${label.toLowerCase()}, expires ${expiresOn}` : `New ${label.toLowerCase()}`;
  await db.batch([
    db
      .prepare(`INSERT INTO partner_documents (reference, kind, r2_key, content_type, size, expires_on, uploaded_at) ${insertValues(7)}`)
      .bind(partner.reference, file.kind, key, file.type, file.bytes.byteLength, expiresOn, now.toISOString()),
    taskStatement(db, { reference: partner.reference, kind: 'partner_document', detail }, now),
    auditStatement(db, { actor: partner.email, action: 'partner_document_uploaded', reference: partner.reference, detail }, now),
  ]);
}

/**
 * Partners' data past its keeping (issue 43, the privacy policy's "If you apply to drive with us"): a refused
 * application with its documents, a refused document, and an expired document a newer approved one of its kind has
 * replaced, each PARTNER_RETENTION_MONTHS after the decision or expiry. The files go from R2 first: a row left by a
 * failed delete is tried again by the next run, where an object left without its row would be kept for ever. An
 * application the marketplace has offered a job to stays with its history. Answers how many documents went.
 */
export async function deleteExpiredPartnerData(env: Env, now: Date): Promise<number> {
  const db = env.DB;
  const before = monthsBefore(now, dataRetention.partnerMonths);
  const refused = `SELECT reference FROM partner_applications p WHERE status = 'refused' AND decided_at < ?1
    AND NOT EXISTS (SELECT 1 FROM partner_offers o WHERE o.partner_reference = p.reference)
    AND NOT EXISTS (SELECT 1 FROM partner_jobs j WHERE j.partner_reference = p.reference)`;
  const { results } = await db
    .prepare(
      `SELECT id, r2_key AS key FROM partner_documents d WHERE reference IN (${refused})
       OR (status = 'refused' AND uploaded_at < ?1)
       OR (status = 'approved' AND expires_on < substr(?1, 1, 10) AND EXISTS (SELECT 1 FROM partner_documents newer
         WHERE newer.reference = d.reference AND newer.kind = d.kind AND newer.status = 'approved' AND newer.expires_on > d.expires_on))
       LIMIT 1000`,
    )
    .bind(before)
    .all<{ id: number; key: string }>();
  if (results.length > 0) await env.PHOTOS.delete(results.map((row) => row.key));
  await db.batch([
    ...results.map((row) => db.prepare('DELETE FROM partner_documents WHERE id = ?').bind(row.id)),
    // The office's tasks and audit lines name the applicant: they go with the application.
    ...officeRowDeletes(db, refused, before),
    db.prepare(`DELETE FROM email_outbox WHERE record_type = 'partner' AND record_reference IN (${refused})`).bind(before),
    db.prepare(`DELETE FROM partner_applications WHERE reference IN (${refused})`).bind(before),
  ]);
  return results.length;
}
