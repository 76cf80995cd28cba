/** The cron trigger: retries failed e-mails (inside Resend's 24-hour idempotency window), reports those given up, deletes expired data. */
import type { Env } from './env';
import { undeliveredAlertEmail, type UndeliveredEmail } from './lib/emails';
import { config } from './lib/config';
import { withoutLink } from './lib/email-draft';
import { drainOutbox, sendEmail } from './lib/outbox';
import { deleteExpiredFormStates } from './lib/form-state';
import { RECORD_TABLES, RECORD_TYPES, type RecordType } from './lib/records';
import { expiredAccountRows } from './lib/account/tokens';

export const RETENTION_MONTHS = 24;
const BATCH = 50;
/** How long a run keeps retrying e-mails: well inside the 5 minutes before the next run. */
const DRAIN_MS = 2 * 60 * 1000;

export function retentionCutoff(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return cutoff.toISOString();
}

export async function alertGivenUp(env: Env): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT id, record_reference, kind, recipient, attempts, last_error, created_at FROM email_outbox
     WHERE status = 'gave_up' AND alerted_at IS NULL AND record_type != 'alert' ORDER BY id LIMIT ${BATCH}`,
  ).all<UndeliveredEmail>();
  if (results.length === 0) return 0;
  const alert = withoutLink(undeliveredAlertEmail(config(env).mail, results));
  const outcome = await sendEmail(env, alert, `alert:${results.map((r) => r.id).join(',')}`);
  if (!outcome.ok) {
    console.error(`could not alert the business about ${results.length} undelivered e-mails: ${outcome.error}`);
    return 0;
  }
  const ids = results.map((r) => r.id);
  await env.DB.prepare(`UPDATE email_outbox SET alerted_at = ? WHERE id IN (${ids.map(() => '?').join(',')})`)
    .bind(new Date().toISOString(), ...ids)
    .run();
  return results.length;
}

/** Deleted by the quote's age, not their own: a later row must not outlive the quote, out of reach of "Delete my data". */
const QUOTE_ROWS = ['quote_view_tokens', 'quote_staff_tokens', 'quote_events', 'move_reviews'];

export async function deleteExpired(env: Env, now: Date): Promise<void> {
  const cutoff = retentionCutoff(now);
  const expired = (type: RecordType) => `SELECT reference FROM ${RECORD_TABLES[type]} WHERE created_at < ?1`;
  await env.DB.batch([
    ...QUOTE_ROWS.map((table) => env.DB.prepare(`DELETE FROM ${table} WHERE reference IN (${expired('quote')})`).bind(cutoff)),
    env.DB.prepare(
      `DELETE FROM email_outbox WHERE created_at < ?1 OR ${RECORD_TYPES.map((type) => `record_reference IN (${expired(type)})`).join(' OR ')}`,
    ).bind(cutoff),
    ...RECORD_TYPES.map((type) => env.DB.prepare(`DELETE FROM ${RECORD_TABLES[type]} WHERE created_at < ?`).bind(cutoff)),
    // A referral code names its address: it goes once the address has no quote left and the code is past retention.
    env.DB.prepare('DELETE FROM referral_codes WHERE created_at < ? AND email NOT IN (SELECT lower(email) FROM quote_requests)').bind(
      cutoff,
    ),
    deleteExpiredFormStates(env.DB, now),
    ...expiredAccountRows(env.DB, now),
  ]);
}

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = new Date(controller.scheduledTime || Date.now());
  const retried = await drainOutbox(env, now, Date.now() + DRAIN_MS);
  const alerted = await alertGivenUp(env);
  await deleteExpired(env, now);
  console.log(`cron ${controller.cron}: retried ${retried.attempted} e-mails (${retried.sent} sent), alerted about ${alerted}`);
}
