/**
 * The e-mail outbox. Every e-mail is a row written together with its record, then delivered through the
 * resend SDK with the row's idempotency key. A failed row is retried by the cron trigger with backoff and
 * the same key (Resend honours a key for 24 hours, so retries stop inside that window).
 */
import { Resend } from 'resend';
import type { Env } from '../env';
import { config } from './config';
import { headerSafe } from './escape';
import { RECORD_TABLES, type EmailKind, type OutboxRecordType, type RecordType } from './records';
import { withViewLink } from './view-token';

export interface EmailPayload {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

export interface OutboxEmail {
  recordType: OutboxRecordType;
  recordReference: string;
  kind: EmailKind;
  payload: EmailPayload;
  idempotencyKey: string;
}

export interface OutboxRow {
  id: number;
  record_type: OutboxRecordType;
  record_reference: string;
  kind: EmailKind;
  recipient: string;
  payload: string;
  idempotency_key: string;
  status: 'pending' | 'sent' | 'failed' | 'gave_up';
  attempts: number;
  created_at: string;
  next_attempt_at: string;
}

/** Retries stop before Resend forgets the idempotency key (24 h). */
export const RETRY_WINDOW_MS = 23 * 60 * 60 * 1000;
const SEND_TIMEOUT_MS = 10_000;
/** A row still 'pending' this long after its request started is picked up by the cron trigger. */
const PENDING_GRACE_MS = 2 * 60 * 1000;

/** Statements inserting the e-mails; run in the same batch as the record so neither exists without the other. */
export function outboxInserts(db: D1Database, emails: OutboxEmail[], now: Date): D1PreparedStatement[] {
  const created = now.toISOString();
  const due = new Date(now.getTime() + PENDING_GRACE_MS).toISOString();
  return emails.map((email) =>
    db
      .prepare(
        `INSERT INTO email_outbox (record_type, record_reference, kind, recipient, payload, idempotency_key, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      )
      .bind(
        email.recordType,
        email.recordReference,
        email.kind,
        email.payload.to,
        JSON.stringify(email.payload),
        email.idempotencyKey,
        due,
        created,
      ),
  );
}

function retryDelayMs(env: Env, attempts: number): number {
  return config(env).outbox.retryBaseSeconds * 4 ** Math.max(attempts - 1, 0) * 1000;
}

type SendOutcome = { ok: true; id: string } | { ok: false; error: string };

/** One send through the resend SDK (explicit baseUrl: the SDK's env fallback does not exist in workerd). */
export async function sendEmail(env: Env, payload: EmailPayload, idempotencyKey: string): Promise<SendOutcome> {
  const { apiKey, baseUrl } = config(env).resend;
  if (!apiKey) return { ok: false, error: 'RESEND_API_KEY is not set' };
  const resend = new Resend(apiKey, { baseUrl });
  const message = {
    from: headerSafe(payload.from, 254),
    to: headerSafe(payload.to, 254),
    subject: headerSafe(payload.subject, 200),
    html: payload.html,
    text: payload.text,
    ...(payload.replyTo ? { replyTo: headerSafe(payload.replyTo, 254) } : {}),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<SendOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, error: 'Resend did not answer in time' }), SEND_TIMEOUT_MS);
    });
    const send = resend.emails.send(message, { idempotencyKey }).then(({ data, error }): SendOutcome => {
      if (error || !data) return { ok: false, error: headerSafe(error?.message ?? 'Resend answered without an id', 500) };
      return { ok: true, id: data.id };
    });
    return await Promise.race([send, timeout]);
  } catch (error) {
    return { ok: false, error: headerSafe(error instanceof Error ? error.message : String(error), 500) };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/**
 * Attempts one outbox row and records the outcome; true when it is sent. A quote's customer e-mail is stored with
 * a placeholder for its view link (D1 keeps no token): the link is written in now, with `viewToken` when the
 * e-mail goes out with its request, else with a token made for this attempt.
 */
export async function deliver(
  env: Env,
  row: Pick<OutboxRow, 'id' | 'payload' | 'idempotency_key' | 'attempts' | 'created_at' | 'record_reference'>,
  now = new Date(),
  viewToken?: string,
): Promise<boolean> {
  const stored = JSON.parse(row.payload) as EmailPayload;
  const payload = await withViewLink(env.DB, config(env).siteUrl, row.record_reference, stored, viewToken);
  const outcome = await sendEmail(env, payload, row.idempotency_key);
  const attempts = row.attempts + 1;
  if (outcome.ok) {
    await env.DB.prepare(
      "UPDATE email_outbox SET status = 'sent', attempts = ?, provider_id = ?, sent_at = ?, last_error = NULL WHERE id = ?",
    )
      .bind(attempts, outcome.id, new Date().toISOString(), row.id)
      .run();
    return true;
  }
  const next = new Date(now.getTime() + retryDelayMs(env, attempts));
  const giveUp = attempts >= config(env).outbox.maxAttempts || next.getTime() > new Date(row.created_at).getTime() + RETRY_WINDOW_MS;
  await env.DB.prepare('UPDATE email_outbox SET status = ?, attempts = ?, last_error = ?, next_attempt_at = ? WHERE id = ?')
    .bind(giveUp ? 'gave_up' : 'failed', attempts, outcome.error, next.toISOString(), row.id)
    .run();
  console.warn(`e-mail ${row.id} not sent (attempt ${attempts}${giveUp ? ', giving up' : ''}): ${outcome.error}`);
  return false;
}

/** Sets a record's e-mail status from its outbox rows: sent when all are sent, failed when any failed. */
export async function refreshRecordStatus(db: D1Database, recordType: OutboxRecordType, reference: string): Promise<void> {
  if (recordType === 'alert') return;
  const table = RECORD_TABLES[recordType];
  await db
    .prepare(
      `UPDATE ${table} SET email_status = (
         SELECT CASE WHEN SUM(status != 'sent') = 0 THEN 'sent' WHEN SUM(status IN ('failed', 'gave_up')) > 0 THEN 'failed' ELSE 'pending' END
         FROM email_outbox WHERE record_reference = ?1)
       WHERE reference = ?1`,
    )
    .bind(reference)
    .run();
}

/** Delivers a request's e-mails right away (the cron trigger retries any that fail). Keys: kind -> sent? */
export async function deliverNow(
  env: Env,
  recordType: RecordType,
  reference: string,
  viewToken?: string,
): Promise<Partial<Record<EmailKind, boolean>>> {
  const { results } = await env.DB.prepare('SELECT * FROM email_outbox WHERE record_reference = ? AND status = ? ORDER BY id')
    .bind(reference, 'pending')
    .all<OutboxRow>();
  const outcomes = await Promise.all(results.map(async (row) => [row.kind, await deliver(env, row, new Date(), viewToken)] as const));
  await refreshRecordStatus(env.DB, recordType, reference);
  return Object.fromEntries(outcomes);
}
