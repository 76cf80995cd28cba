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
import { RECORD_TABLES, RECORD_TYPES } from './lib/records';
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

/** Tables of rows that belong to a record and go with it: a quote's tokens and history (none outlives its quote for long). */
const BELONGING_TABLES = ['email_outbox', 'quote_view_tokens', 'quote_staff_tokens', 'quote_events', 'move_reviews'];

/** Records past the retention period, and sign-in links and sessions past their end. */
export async function deleteExpired(env: Env, now: Date): Promise<void> {
  const cutoff = retentionCutoff(now);
  await env.DB.batch([
    ...[...BELONGING_TABLES, ...RECORD_TYPES.map((type) => RECORD_TABLES[type])].map((table) =>
      env.DB.prepare(`DELETE FROM ${table} WHERE created_at < ?`).bind(cutoff),
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
