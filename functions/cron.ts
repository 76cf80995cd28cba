/**
 * The cron trigger: housekeeping only, as the e-mail queue sends and retries (functions/email-queue.ts). It deletes expired
 * data, queues again the e-mails whose message was lost, and reports given-up ones the dead-letter queue could not.
 */
import type { Env } from './env';
import { alertGivenUp } from './lib/give-up-alert';
import { sweepOutbox } from './lib/outbox';
import { deleteExpiredFormStates } from './lib/form-state';
import { RECORD_TABLES, RECORD_TYPES, type RecordType } from './lib/records';
import { expiredAccountRows } from './lib/account/tokens';
import { expiredStaffSessions } from './lib/office/staff';

export const RETENTION_MONTHS = 24;

export function retentionCutoff(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return cutoff.toISOString();
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
    expiredStaffSessions(env.DB, now),
  ]);
}

// Deletes first, so nothing past retention is queued again.
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = new Date(controller.scheduledTime || Date.now());
  await deleteExpired(env, now);
  const swept = await sweepOutbox(env, now);
  const alerted = await alertGivenUp(env).catch((error: unknown) => {
    console.error(String(error));
    return 0;
  });
  console.log(`cron ${controller.cron}: queued ${swept.queued} lost e-mails again, gave up ${swept.gaveUp}, alerted about ${alerted}`);
}
