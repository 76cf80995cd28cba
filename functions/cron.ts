/**
 * The cron trigger: retries e-mails that failed (same idempotency key, with backoff, inside Resend's 24-hour
 * idempotency window) until none is due or the run's time is up, alerts the business about any it gave up on, and
 * deletes records older than 24 months, and sign-in links and sessions that have expired.
 */
import type { Env } from './env';
import { undeliveredAlertEmail, type UndeliveredEmail } from './lib/emails';
import { config } from './lib/config';
import { withoutLink } from './lib/email-draft';
import { drainOutbox, sendEmail } from './lib/outbox';
import { deleteExpiredFormStates } from './lib/quote/form-state';
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

/** One e-mail to the business listing every e-mail given up on and not yet reported. */
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

/**
 * Rows that belong to a quote and go with it: its tokens, history and review, by the quote's own age (they are made
 * after it: a change months later must not outlive the quote, nor stay where "Delete my data", which finds them
 * through the quote, can no longer reach them).
 */
const QUOTE_ROWS = ['quote_view_tokens', 'quote_staff_tokens', 'quote_events', 'move_reviews'];

/**
 * Records past the retention period with everything that belongs to them, referral codes of addresses with no quote
 * left, and sign-in links and sessions past their end.
 */
export async function deleteExpired(env: Env, now: Date): Promise<void> {
  const cutoff = retentionCutoff(now);
  const expired = (type: RecordType) => `SELECT reference FROM ${RECORD_TABLES[type]} WHERE created_at < ?1`;
  await env.DB.batch([
    ...QUOTE_ROWS.map((table) => env.DB.prepare(`DELETE FROM ${table} WHERE reference IN (${expired('quote')})`).bind(cutoff)),
    // A record's e-mails (its own, and a quote's later ones), and any e-mail row that old.
    env.DB.prepare(
      `DELETE FROM email_outbox WHERE created_at < ?1 OR ${RECORD_TYPES.map((type) => `record_reference IN (${expired(type)})`).join(' OR ')}`,
    ).bind(cutoff),
    ...RECORD_TYPES.map((type) => env.DB.prepare(`DELETE FROM ${RECORD_TABLES[type]} WHERE created_at < ?`).bind(cutoff)),
    // A referral code names its address: it goes once the address has no quote left and the code is past retention.
    env.DB.prepare('DELETE FROM referral_codes WHERE created_at < ? AND email NOT IN (SELECT lower(email) FROM quote_requests)').bind(
      cutoff,
    ),
    // The quote form's pages between a post and its redirect live minutes, not months.
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
