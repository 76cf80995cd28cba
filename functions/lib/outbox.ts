// D1 keeps every e-mail and text a request stores (in the batch that stores its record) and what became of it; the queue
// carries only each row's idempotency key to the consumer that sends it (functions/email-queue.ts). Idempotency keys are
// built from references, unique across record types, so no two rows (nor anything a client sends) share one. A row's
// `channel` says how it goes: e-mail through Resend here, a text through the SMS provider (sms-outbox.ts).
import type { Env } from '../env';
import { config } from './config';
import { needsLink, readDraft, withLink, type LinkMaker, type MadeLink } from './email-draft';
import {
  isRecordType,
  RECORD_TABLES,
  type Delivery,
  type EmailKind,
  type OutboxRecordType,
  type OutboxRow,
  type RecordType,
} from './records';
export type { Delivery, OutboxChannel, OutboxRow, OutboxStatus } from './records';
import { sendEmail, type SendOutcome } from './send-email';
import { deliverText, type OutboxText } from './sms-outbox';

import type { OutboxMessage } from './records';
export type { OutboxEmail, OutboxMessage, OutboxText } from './records';

const isText = (message: OutboxMessage): message is OutboxText => 'text' in message;

export type { EmailMessage } from '../env';

/** Record type → the maker of its e-mails' links (functions/email-links.ts). */
export type LinkMakers = Partial<Record<OutboxRecordType, LinkMaker>>;

/** Retries stop before Resend forgets the idempotency key (24 h). */
export const RETRY_WINDOW_MS = 23 * 60 * 60 * 1000;
/** A row still waiting this long after its message was due has lost it: the cron trigger's sweep queues it again. */
export const SWEEP_AFTER_MS = 10 * 60 * 1000;
/** The longest delay Queues takes. */
const MAX_DELAY_SECONDS = 12 * 60 * 60;
/** Messages per sendBatch call (Queues' limit). */
const QUEUE_BATCH = 100;
const SWEEP_LIMIT = 500;

export const outboxKey = (recordType: RecordType, reference: string, kind: EmailKind) => `${recordType}:${reference}:${kind}`;

export const withinRetryWindow = (createdAt: string, now: Date) => now.getTime() <= new Date(createdAt).getTime() + RETRY_WINDOW_MS;

/** Before attempt `attempt + 1`: OUTBOX_RETRY_BASE_SECONDS, x4 for each attempt made. */
export const retryDelaySeconds = (env: Env, attempt: number) =>
  Math.min(MAX_DELAY_SECONDS, config(env).outbox.retryBaseSeconds * 4 ** Math.max(0, attempt - 1));

export const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Run in the same batch as the record. `afterChange` as in d1.ts insertValues: a refused change stores no e-mail. */
export function outboxInserts(db: D1Database, messages: OutboxMessage[], now: Date, { afterChange = false } = {}): D1PreparedStatement[] {
  const values = afterChange
    ? "SELECT ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ? WHERE changes() = 1"
    : "VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)";
  return messages.map((message) =>
    db
      .prepare(
        `INSERT INTO email_outbox (record_type, record_reference, kind, recipient, payload, idempotency_key, status, attempts, next_attempt_at, created_at, channel)
         ${values}`,
      )
      .bind(
        message.recordType,
        message.recordReference,
        message.kind,
        isText(message) ? message.text.to : message.draft.to,
        JSON.stringify(isText(message) ? message.text : message.draft),
        message.idempotencyKey,
        later(now, SWEEP_AFTER_MS),
        now.toISOString(),
        isText(message) ? 'sms' : 'email',
      ),
  );
}

/** After the batch that stored them. False when the queue did not take them: the sweep queues them again later. */
export async function queueEmails(env: Env, keys: string[]): Promise<boolean> {
  try {
    for (let start = 0; start < keys.length; start += QUEUE_BATCH) {
      await env.EMAIL_QUEUE.sendBatch(keys.slice(start, start + QUEUE_BATCH).map((key) => ({ body: { key } })));
    }
    return true;
  } catch (error) {
    console.error(`${keys.length} e-mails stored but not queued; the cron trigger's sweep will queue them`, String(error));
    return false;
  }
}

/** Oldest first: a record's e-mails go in the order it stored them. */
async function outboxRows(db: D1Database, keys: string[]): Promise<OutboxRow[]> {
  if (keys.length === 0) return [];
  const { results } = await db
    .prepare(`SELECT * FROM email_outbox WHERE idempotency_key IN (${keys.map(() => '?').join(', ')}) ORDER BY id`)
    .bind(...keys)
    .all<OutboxRow>();
  return results;
}

const isOpen = (row: OutboxRow) => row.status === 'pending' || row.status === 'failed';

/** Each record once, by its type and reference (a quote and a later change to it share the reference). */
function recordStatuses(db: D1Database, rows: OutboxRow[]): D1PreparedStatement[] {
  const records = new Map(rows.map((row) => [`${row.record_type}:${row.record_reference}`, row]));
  return [...records.values()].flatMap(({ record_type: type, record_reference: reference }) =>
    isRecordType(type)
      ? [
          db
            .prepare(
              `UPDATE ${RECORD_TABLES[type]} SET email_status = (
                 SELECT CASE WHEN SUM(status != 'sent') = 0 THEN 'sent' WHEN SUM(status IN ('failed', 'gave_up')) > 0 THEN 'failed' ELSE 'pending' END
                 FROM email_outbox WHERE record_reference = ?1 AND record_type = ?2)
               WHERE reference = ?1`,
            )
            .bind(reference, type),
        ]
      : [],
  );
}

/** A text still being asked of the provider (sms-outbox.ts) is left to the consumer holding it. */
export const giveUpRow = (db: D1Database, row: OutboxRow, reason?: string) =>
  db
    .prepare(
      `UPDATE email_outbox SET status = 'gave_up', last_error = coalesce(?, last_error)
       WHERE idempotency_key = ? AND status IN ('pending', 'failed') AND (sending_until IS NULL OR sending_until < ?)`,
    )
    .bind(reason ?? null, row.idempotency_key, new Date().toISOString());

function recordOutcome(env: Env, row: OutboxRow, outcome: SendOutcome, retryAt: string): D1PreparedStatement {
  if (outcome.ok) {
    return env.DB.prepare(
      "UPDATE email_outbox SET status = 'sent', attempts = attempts + 1, provider_id = ?, sent_at = ?, last_error = NULL WHERE idempotency_key = ?",
    ).bind(outcome.id, new Date().toISOString(), row.idempotency_key);
  }
  console.warn(`e-mail ${row.idempotency_key} not sent (attempt ${row.attempts + 1}): ${outcome.error}`);
  // A duplicate message may have sent it meanwhile: 'sent' stays.
  return env.DB.prepare(
    "UPDATE email_outbox SET status = 'failed', attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE idempotency_key = ? AND status != 'sent'",
  ).bind(outcome.error, retryAt, row.idempotency_key);
}

/** A new link for each attempt (tokens are stored only as hashes), by the record type's own maker. */
async function makeLinks(env: Env, rows: OutboxRow[], links: LinkMakers, now: Date): Promise<Map<string, MadeLink | string>> {
  const made = new Map<string, MadeLink | string>();
  const { siteUrl } = config(env);
  for (const row of rows) {
    if (row.channel === 'sms' || !needsLink(readDraft(row.payload))) continue;
    const maker = links[row.record_type];
    made.set(
      row.idempotency_key,
      maker
        ? await maker(env.DB, { reference: row.record_reference, to: row.recipient }, siteUrl, now)
        : `no link maker for ${row.record_type} e-mails`,
    );
  }
  const inserts = [...made.values()].flatMap((link) => (typeof link === 'string' ? [] : [link.insert]));
  if (inserts.length > 0)
    await env.DB.batch(inserts).catch(async () => {
      // A token for a quote erased since its row was read fails its foreign key (0045) and, in one batch, every other
      // e-mail's: store each alone, and that one e-mail fails on its own.
      for (const [key, link] of made)
        if (typeof link !== 'string') await link.insert.run().catch(() => made.set(key, 'its record is gone: no link stored'));
    });
  return made;
}

/**
 * The queue consumer's work for one batch: each open row's link made and stored, each e-mail sent (one at a time, kind
 * to the provider's rate limit) with its row's idempotency key, and every outcome recorded in one batch; each text
 * through the SMS provider, claimed and recorded on its own (sms-outbox.ts).
 */
export async function deliverEmails(
  env: Env,
  messages: Array<{ key: string; attempt: number }>,
  links: LinkMakers,
  now = new Date(),
): Promise<Map<string, Delivery>> {
  const deliveries = new Map<string, Delivery>(messages.map(({ key }) => [key, { done: true }]));
  const all = (await outboxRows(env.DB, [...deliveries.keys()])).filter(isOpen);
  const attempt = (key: string) => messages.find((message) => message.key === key)?.attempt ?? 1;
  for (const row of all.filter((each) => each.channel === 'sms' && withinRetryWindow(each.created_at, now)))
    deliveries.set(row.idempotency_key, await deliverText(env, row, attempt(row.idempotency_key), now));
  const open = all.filter((row) => row.channel !== 'sms' || !withinRetryWindow(row.created_at, now));
  if (open.length === 0) return deliveries;
  const due = open.filter((row) => withinRetryWindow(row.created_at, now));
  const late = open.filter((row) => !withinRetryWindow(row.created_at, now));
  const made = await makeLinks(env, due, links, now);
  const attempts = new Map(messages.map(({ key, attempt }) => [key, attempt]));
  const outcomes: Array<{ row: OutboxRow; outcome: SendOutcome; delaySeconds: number }> = [];
  for (const row of due) {
    const link = made.get(row.idempotency_key);
    const draft = readDraft(row.payload);
    const outcome: SendOutcome =
      typeof link === 'string'
        ? { ok: false, error: link }
        : await sendEmail(env, withLink(draft, link ?? { html: '', text: '' }), row.idempotency_key);
    outcomes.push({ row, outcome, delaySeconds: retryDelaySeconds(env, attempts.get(row.idempotency_key) ?? 1) });
  }
  await env.DB.batch([
    ...outcomes.map(({ row, outcome, delaySeconds }) => recordOutcome(env, row, outcome, later(now, delaySeconds * 1000 + SWEEP_AFTER_MS))),
    ...late.map((row) => giveUpRow(env.DB, row, "past Resend's 24-hour idempotency window")),
    ...recordStatuses(env.DB, open),
  ]);
  for (const { row, outcome, delaySeconds } of outcomes) {
    if (!outcome.ok) deliveries.set(row.idempotency_key, { done: false, delaySeconds });
  }
  return deliveries;
}

/** The dead-letter queue's consumer: these e-mails had every retry the queue allows. */
export async function giveUp(env: Env, keys: string[]): Promise<void> {
  const open = (await outboxRows(env.DB, keys)).filter(isOpen);
  if (open.length === 0) return;
  await env.DB.batch([...open.map((row) => giveUpRow(env.DB, row)), ...recordStatuses(env.DB, open)]);
}

/**
 * The cron trigger's sweep: a row still open well after its message was due lost that message (the queue send failed,
 * or the queue dropped it). It is queued again, or given up once past the retry window.
 */
export async function sweepOutbox(env: Env, now: Date): Promise<{ queued: number; gaveUp: number }> {
  const { results } = await env.DB.prepare(
    `SELECT * FROM email_outbox WHERE status IN ('pending', 'failed') AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ${SWEEP_LIMIT}`,
  )
    .bind(now.toISOString())
    .all<OutboxRow>();
  if (results.length === 0) return { queued: 0, gaveUp: 0 };
  const due = results.filter((row) => withinRetryWindow(row.created_at, now));
  const late = results.filter((row) => !withinRetryWindow(row.created_at, now));
  // Marked before they are queued: if queueing fails, the next run finds them again.
  const next = later(now, SWEEP_AFTER_MS);
  await env.DB.batch([
    ...due.map((row) => env.DB.prepare('UPDATE email_outbox SET next_attempt_at = ? WHERE id = ?').bind(next, row.id)),
    ...late.map((row) => giveUpRow(env.DB, row, "past Resend's 24-hour idempotency window")),
    ...recordStatuses(env.DB, late),
  ]);
  const keys = due.map((row) => row.idempotency_key);
  const queued = await queueEmails(env, keys);
  return { queued: queued ? due.length : 0, gaveUp: late.length };
}
