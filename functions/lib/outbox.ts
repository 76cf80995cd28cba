// Idempotency keys are built from references, unique across record types, so no two rows (nor anything a client sends) share one.
// A link is written in only as the e-mail goes, as its token is never stored.
import { Resend } from 'resend';
import type { Env } from '../env';
import { config } from './config';
import { needsLink, readDraft, withLink, type EmailDraft, type EmailPayload } from './email-draft';
import { headerSafe } from './escape';
import { isRecordType, RECORD_TABLES, type EmailKind, type OutboxRecordType, type RecordType } from './records';
import { newSignInLink, signInUrl } from './account/tokens';
import { emailLink, newViewToken, viewTokenInsert } from './view-token';
import { newStaffToken, staffEmailLink } from './quote/staff-link';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'gave_up';

export interface OutboxEmail {
  recordType: OutboxRecordType;
  recordReference: string;
  kind: EmailKind;
  draft: EmailDraft;
  idempotencyKey: string;
  linkToken?: string;
}

export interface OutboxRow {
  id: number;
  record_type: OutboxRecordType;
  record_reference: string;
  kind: EmailKind;
  recipient: string;
  payload: string;
  idempotency_key: string;
  status: OutboxStatus;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
}

/** Retries stop before Resend forgets the idempotency key (24 h). */
export const RETRY_WINDOW_MS = 23 * 60 * 60 * 1000;
const SEND_TIMEOUT_MS = 10_000;
/** A row still 'pending' this long after its request started is picked up by the cron trigger. */
const PENDING_GRACE_MS = 2 * 60 * 1000;
const BATCH = 50;

export const outboxKey = (recordType: RecordType, reference: string, kind: EmailKind) => `${recordType}:${reference}:${kind}`;

/** Run in the same batch as the record. `afterChange` as in d1.ts insertValues: a refused change sends no e-mail. */
export function outboxInserts(db: D1Database, emails: OutboxEmail[], now: Date, { afterChange = false } = {}): D1PreparedStatement[] {
  const created = now.toISOString();
  const due = new Date(now.getTime() + PENDING_GRACE_MS).toISOString();
  const values = afterChange
    ? "SELECT ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ? WHERE changes() = 1"
    : "VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)";
  return emails.map((email) =>
    db
      .prepare(
        `INSERT INTO email_outbox (record_type, record_reference, kind, recipient, payload, idempotency_key, status, attempts, next_attempt_at, created_at)
         ${values}`,
      )
      .bind(
        email.recordType,
        email.recordReference,
        email.kind,
        email.draft.to,
        JSON.stringify(email.draft),
        email.idempotencyKey,
        due,
        created,
      ),
  );
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

interface Attempt {
  recordType: OutboxRecordType;
  idempotencyKey: string;
  recordReference: string;
  draft: EmailDraft;
  attempts: number;
  createdAt: string;
}

function recordOutcome(env: Env, attempt: Attempt, outcome: SendOutcome, now: Date): D1PreparedStatement {
  const attempts = attempt.attempts + 1;
  if (outcome.ok) {
    return env.DB.prepare(
      "UPDATE email_outbox SET status = 'sent', attempts = ?, provider_id = ?, sent_at = ?, last_error = NULL WHERE idempotency_key = ?",
    ).bind(attempts, outcome.id, new Date().toISOString(), attempt.idempotencyKey);
  }
  const { retryBaseSeconds, maxAttempts } = config(env).outbox;
  const next = new Date(now.getTime() + retryBaseSeconds * 4 ** (attempts - 1) * 1000);
  const giveUp = attempts >= maxAttempts || next.getTime() > new Date(attempt.createdAt).getTime() + RETRY_WINDOW_MS;
  console.warn(`e-mail ${attempt.idempotencyKey} not sent (attempt ${attempts}${giveUp ? ', giving up' : ''}): ${outcome.error}`);
  return env.DB.prepare(
    'UPDATE email_outbox SET status = ?, attempts = ?, last_error = ?, next_attempt_at = ? WHERE idempotency_key = ?',
  ).bind(giveUp ? 'gave_up' : 'failed', attempts, outcome.error, next.toISOString(), attempt.idempotencyKey);
}

function recordStatus(db: D1Database, recordType: OutboxRecordType, reference: string): D1PreparedStatement[] {
  if (!isRecordType(recordType)) return [];
  return [
    db
      .prepare(
        `UPDATE ${RECORD_TABLES[recordType]} SET email_status = (
           SELECT CASE WHEN SUM(status != 'sent') = 0 THEN 'sent' WHEN SUM(status IN ('failed', 'gave_up')) > 0 THEN 'failed' ELSE 'pending' END
           FROM email_outbox WHERE record_reference = ?1 AND record_type = ?2)
         WHERE reference = ?1`,
      )
      .bind(reference, recordType),
  ];
}

function linkFor(env: Env, attempt: Attempt, token: string): { html: string; text: string } {
  const { siteUrl } = config(env);
  if (attempt.recordType === 'staff' || attempt.recordType === 'review') return staffEmailLink(siteUrl, attempt.recordReference, token);
  if (attempt.recordType !== 'signin') return emailLink(siteUrl, attempt.recordReference, token);
  const url = signInUrl(siteUrl, token);
  return { html: url.replaceAll('&', '&amp;'), text: url };
}

async function send(env: Env, attempt: Attempt, token: string | undefined): Promise<SendOutcome> {
  if (!needsLink(attempt.draft)) return sendEmail(env, withLink(attempt.draft, { html: '', text: '' }), attempt.idempotencyKey);
  if (!token) return { ok: false, error: 'no link token for this e-mail' };
  return sendEmail(env, withLink(attempt.draft, linkFor(env, attempt, token)), attempt.idempotencyKey);
}

export async function deliverNow(
  env: Env,
  recordType: OutboxRecordType,
  reference: string,
  emails: OutboxEmail[],
  createdAt: Date,
  viewToken?: string,
): Promise<Partial<Record<EmailKind, boolean>>> {
  const attempts = emails.map((email) => ({ ...email, attempts: 0, createdAt: createdAt.toISOString() }));
  const outcomes = await Promise.all(attempts.map((attempt) => send(env, attempt, attempt.linkToken ?? viewToken)));
  const now = new Date();
  await env.DB.batch([
    ...attempts.map((attempt, i) => recordOutcome(env, attempt, outcomes[i]!, now)),
    ...recordStatus(env.DB, recordType, reference),
  ]);
  return Object.fromEntries(emails.map((email, i) => [email.kind, outcomes[i]!.ok]));
}

// `deadline` in epoch ms. A row that fails again is due after `now`, so each is tried once a run.
// A link gets a new token, as the first one is nowhere to be found by then.
export async function drainOutbox(env: Env, now: Date, deadline: number): Promise<{ attempted: number; sent: number }> {
  let attempted = 0;
  let sent = 0;
  while (Date.now() < deadline) {
    const { results } = await env.DB.prepare(
      `SELECT * FROM email_outbox WHERE status IN ('pending', 'failed') AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ${BATCH}`,
    )
      .bind(now.toISOString())
      .all<OutboxRow>();
    if (results.length === 0) break;
    const attempts = results.map((row) => ({
      idempotencyKey: row.idempotency_key,
      recordReference: row.record_reference,
      draft: readDraft(row.payload),
      attempts: row.attempts,
      createdAt: row.created_at,
      recordType: row.record_type,
    }));
    const tokens = new Map<string, string>();
    const tokenInserts: D1PreparedStatement[] = [];
    for (const attempt of attempts) {
      if (!needsLink(attempt.draft)) continue;
      if (attempt.recordType === 'signin') {
        // A new sign-in link, valid from now: the one made when it was asked for is nowhere to be found.
        const link = await newSignInLink(env.DB, attempt.draft.to, new Date());
        tokens.set(attempt.idempotencyKey, link.token);
        tokenInserts.push(link.insert);
        continue;
      }
      if (attempt.recordType === 'staff' || attempt.recordType === 'review') {
        const purpose = attempt.recordType === 'staff' ? 'booking' : 'review';
        const staff = await newStaffToken(env.DB, attempt.recordReference, now, purpose);
        tokens.set(attempt.idempotencyKey, staff.token);
        tokenInserts.push(staff.insert);
        continue;
      }
      if (attempt.recordType !== 'quote' && attempt.recordType !== 'move') continue;
      const view = await newViewToken();
      tokens.set(attempt.idempotencyKey, view.token);
      tokenInserts.push(viewTokenInsert(env.DB, attempt.recordReference, view, now.toISOString()));
    }
    if (tokenInserts.length > 0) await env.DB.batch(tokenInserts);
    const outcomes: SendOutcome[] = [];
    // One at a time: kind to the provider's rate limit.
    for (const attempt of attempts) outcomes.push(await send(env, attempt, tokens.get(attempt.idempotencyKey)));
    // Each record once, by its type and reference (a quote and a later change to it share the reference).
    const records = new Map(attempts.map((attempt) => [`${attempt.recordType}:${attempt.recordReference}`, attempt]));
    await env.DB.batch([
      ...attempts.map((attempt, i) => recordOutcome(env, attempt, outcomes[i]!, now)),
      ...[...records.values()].flatMap((attempt) => recordStatus(env.DB, attempt.recordType, attempt.recordReference)),
    ]);
    attempted += attempts.length;
    sent += outcomes.filter((outcome) => outcome.ok).length;
  }
  return { attempted, sent };
}
