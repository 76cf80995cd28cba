/**
 * The outbox's texts (issue 44 item 4): a row with channel 'sms' sent through the SMS provider (sms.ts), retried with
 * the e-mails' backoff, given up and reported as they are. Twilio takes no idempotency key, so a row is claimed
 * (`sending_until`) before the provider is asked: a second delivery of the same queue message finds it claimed or sent
 * and sends nothing; and a retry after an attempt with no answer first asks the provider whether that one went.
 */
import type { Env } from '../env';
import { config } from './config';
import type { Delivery, OutboxRow, TextDraft } from './records';
export type { OutboxText, TextDraft } from './records';
import { clearConsentForPhone } from './sms-consent';
import { listSms, sendSms, type SmsRefusal } from './sms';
import { SMS_STATUS_PATH } from '~/lib/sms-paths';

/** Longer than the client's 10 s time-out: a claim outlives the request it covers. */
const CLAIM_MS = 30_000;
/** As the outbox's: a row waiting this long after it was due is queued again by the cron's sweep. */
const SWEEP_AFTER_MS = 10 * 60 * 1000;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Before attempt `attempt + 1`, as the outbox's e-mails (OUTBOX_RETRY_BASE_SECONDS, x4 each). */
const retryDelay = (env: Env, attempt: number) =>
  Math.min(12 * 60 * 60, config(env).outbox.retryBaseSeconds * 4 ** Math.max(0, attempt - 1));

/** Where the provider posts each change of a text's status: the row's own key in the query, as it arrives before its sid is stored. */
export const statusCallbackUrl = (env: Env, key: string) => `${config(env).siteUrl}${SMS_STATUS_PATH}?${new URLSearchParams({ key })}`;

const refusalText = (refusal: SmsRefusal) => `${refusal.code ? `${refusal.code}: ` : ''}${refusal.message}`.slice(0, 500);

/** Sends one text row; what the queue message needs next. */
export async function deliverText(env: Env, row: OutboxRow, attempt: number, now: Date): Promise<Delivery> {
  const db = env.DB;
  const key = row.idempotency_key;
  // The claim: only one consumer asks the provider for a row at a time; the one that does not get it has nothing to do.
  const claimed = await db
    .prepare(
      `UPDATE email_outbox SET sending_until = ?1 WHERE idempotency_key = ?2 AND status IN ('pending', 'failed')
         AND (sending_until IS NULL OR sending_until < ?3)`,
    )
    .bind(later(now, CLAIM_MS), key, now.toISOString())
    .run();
  if (!claimed.meta.changes) return { done: true };
  const draft = JSON.parse(row.payload) as TextDraft;
  const consent = await db
    .prepare('SELECT opted_in AS optedIn FROM sms_consents WHERE reference = ? AND phone = ? AND opted_in = 1')
    .bind(row.record_reference, draft.to)
    .first();
  // Turned off (the move page, or STOP) after it was stored: it never goes, and there is nothing to tell the business.
  if (!consent) {
    await finish(db, key, 'gave_up', { error: 'texts turned off before it was sent', alerted: now.toISOString() });
    return { done: true };
  }
  const settings = config(env).sms;
  // An earlier attempt may have reached the provider though its answer was lost: found, it counts as sent.
  if (row.attempts > 0 || row.sending_until !== null) {
    const listed = await listSms(settings, { to: draft.to, pageSize: 20 });
    // Twilio's dates are to the second.
    const since = new Date(row.created_at).getTime() - 1000;
    const sent =
      listed.ok && listed.messages.find((message) => message.body === draft.body && new Date(message.date_created).getTime() >= since);
    if (sent) {
      await finish(db, key, 'sent', { id: sent.sid, delivery: sent.status, at: now.toISOString() });
      return { done: true };
    }
  }
  const result = await sendSms(settings, {
    to: draft.to,
    body: draft.body,
    statusCallback: statusCallbackUrl(env, key),
    smartEncoded: true,
  });
  if (result.ok) {
    await finish(db, key, 'sent', { id: result.message.sid, delivery: result.message.status, at: now.toISOString() });
    return { done: true };
  }
  const { refusal } = result;
  console.warn(`text ${key} not sent (attempt ${row.attempts + 1}): ${refusalText(refusal)}`);
  if (refusal.optedOut) {
    // The number texted STOP to the provider: no text goes to it again, for any move, until the customer turns them on.
    await clearConsentForPhone(db, draft.to, 'stop', now);
    await finish(db, key, 'gave_up', { error: refusalText(refusal), alerted: now.toISOString() });
    return { done: true };
  }
  if (!refusal.retryable) {
    // A number no text can reach: the business is told, as for an e-mail given up.
    await finish(db, key, 'gave_up', { error: refusalText(refusal) });
    return { done: true };
  }
  const delaySeconds = retryDelay(env, attempt);
  await finish(db, key, 'failed', { error: refusalText(refusal), retryAt: later(now, delaySeconds * 1000 + SWEEP_AFTER_MS) });
  return { done: false, delaySeconds };
}

/** Records an attempt's outcome and lets the claim go. */
function finish(
  db: D1Database,
  key: string,
  status: 'sent' | 'failed' | 'gave_up',
  fields: { id?: string; delivery?: string; at?: string; error?: string; retryAt?: string; alerted?: string },
) {
  return db
    .prepare(
      `UPDATE email_outbox SET status = ?1, attempts = attempts + 1, sending_until = NULL, provider_id = coalesce(?2, provider_id),
         delivery_status = coalesce(delivery_status, ?3), sent_at = coalesce(?4, sent_at), last_error = ?5,
         next_attempt_at = coalesce(?6, next_attempt_at), alerted_at = coalesce(?7, alerted_at)
       WHERE idempotency_key = ?8 AND status != 'sent'`,
    )
    .bind(
      status,
      fields.id ?? null,
      fields.delivery ?? null,
      fields.at ?? null,
      fields.error ?? null,
      fields.retryAt ?? null,
      fields.alerted ?? null,
      key,
    )
    .run();
}

/** The provider's statuses in their order: a callback arriving late never moves a text back. */
const STATUS_ORDER = ['accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'];

/** A signed status callback: the row's delivery status, time and error code. False when no text has that key. */
export async function recordTextStatus(db: D1Database, key: string, params: URLSearchParams, now: Date): Promise<boolean> {
  const status = params.get('MessageStatus') ?? params.get('SmsStatus') ?? '';
  const rank = STATUS_ORDER.indexOf(status);
  if (rank < 0) return true;
  const error = params.get('ErrorCode');
  const rankOf = `coalesce(CASE delivery_status ${STATUS_ORDER.map((each, index) => `WHEN '${each}' THEN ${index}`).join(' ')} END, -1)`;
  const changed = await db
    .prepare(
      `UPDATE email_outbox SET delivery_status = ?1, delivery_at = ?2, delivery_error = ?3, provider_id = coalesce(provider_id, ?4)
       WHERE idempotency_key = ?5 AND channel = 'sms' AND ${rankOf} <= ?6`,
    )
    .bind(status, now.toISOString(), error, params.get('MessageSid'), key, rank)
    .run();
  if (changed.meta.changes) return true;
  return !!(await db.prepare("SELECT 1 FROM email_outbox WHERE idempotency_key = ? AND channel = 'sms'").bind(key).first());
}
