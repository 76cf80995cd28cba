/**
 * The cron trigger: housekeeping only, as the e-mail queue sends and retries (functions/email-queue.ts). It deletes expired
 * data, queues the reminders before booked moves, settles card payments Stripe's events did not (issue 39: sessions open
 * or unfulfilled after 10 minutes, refunds to ask for again), queues again the e-mails whose message was lost, and
 * reports given-up ones the dead-letter queue could not.
 */
import { dataRetention } from '~/data/promises';
import type { Env } from './env';
import { alertGivenUp } from './lib/give-up-alert';
import { sweepOutbox } from './lib/outbox';
import { deleteExpiredFormStates } from './lib/form-state';
import { RECORD_TABLES, RECORD_TYPES, type RecordType } from './lib/records';
import { expiredSignInLinks } from './lib/account/tokens';
import { expiredSessions } from './lib/sessions';
import { officeRowDeletes } from './lib/office/rows';
import { deleteOrphanedJobPhotos } from './lib/office/job-sheets';
import { queueReminders } from './lib/quote/reminders';
import { recoverPayments } from './lib/payments/fulfil';
import { retryRefunds } from './lib/payments/refund-retry';

export const RETENTION_MONTHS = dataRetention.requestsMonths;

const monthsBefore = (now: Date, months: number): string => {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
};

export const retentionCutoff = (now: Date): string => monthsBefore(now, RETENTION_MONTHS);

/** A booked move is a booking record: kept for the years the privacy policy names (UK tax law), not the 24 months. */
export const bookingCutoff = (now: Date): string => monthsBefore(now, dataRetention.bookingsYears * 12);

/** Deleted by the quote's age, not their own: a later row must not outlive the quote, out of reach of "Delete my data". */
const QUOTE_ROWS = ['quote_view_tokens', 'quote_staff_tokens', 'quote_events', 'move_reviews'];

export async function deleteExpired(env: Env, now: Date): Promise<void> {
  const cutoff = retentionCutoff(now);
  // ?1 the 24-month cutoff, ?2 the bookings' one: every statement below binds both.
  const expired = (type: RecordType) =>
    type === 'quote'
      ? `SELECT reference FROM quote_requests WHERE (created_at < ?1 AND status != 'booked') OR created_at < ?2`
      : `SELECT reference FROM ${RECORD_TABLES[type]} WHERE created_at < ?1 AND ?2 IS NOT NULL`;
  const anyExpired = RECORD_TYPES.map((type) => `IN (${expired(type)})`);
  const both = [cutoff, bookingCutoff(now)] as const;
  await env.DB.batch([
    ...QUOTE_ROWS.map((table) => env.DB.prepare(`DELETE FROM ${table} WHERE reference IN (${expired('quote')})`).bind(...both)),
    ...officeRowDeletes(env.DB, RECORD_TYPES.map(expired).join(' UNION '), ...both),
    env.DB.prepare(
      `DELETE FROM email_outbox WHERE created_at < ?1 OR ${anyExpired.map((set) => `record_reference ${set}`).join(' OR ')}`,
    ).bind(...both),
    ...RECORD_TYPES.map((type) => env.DB.prepare(`DELETE FROM ${RECORD_TABLES[type]} WHERE reference IN (${expired(type)})`).bind(...both)),
    // Card payments, refunds and Stripe's events are financial records, kept for the bookings' years by their own dates
    // (they hold no personal data: a payment outlives an erased or expired quote, which it refers to by reference only).
    env.DB.prepare('DELETE FROM refunds WHERE payment_id IN (SELECT id FROM payments WHERE created_at < ?)').bind(both[1]),
    env.DB.prepare('DELETE FROM payments WHERE created_at < ?').bind(both[1]),
    env.DB.prepare('DELETE FROM stripe_events WHERE received_at < ?').bind(both[1]),
    // A referral code names its address: it goes once the address has no quote left and the code is past retention.
    env.DB.prepare('DELETE FROM referral_codes WHERE created_at < ? AND email NOT IN (SELECT lower(email) FROM quote_requests)').bind(
      cutoff,
    ),
    deleteExpiredFormStates(env.DB, now),
    expiredSignInLinks(env.DB, now),
    expiredSessions(env.DB, now),
  ]);
}

// Deletes first, so nothing past retention is queued again.
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = new Date(controller.scheduledTime || Date.now());
  await deleteExpired(env, now);
  const photos = await deleteOrphanedJobPhotos(env, now);
  const reminded = await queueReminders(env, now);
  // Each on its own: Stripe down must not stop the e-mails, nor one payment the others.
  const settled = await recoverPayments(env, now).catch((error: unknown) => {
    console.error(`cron: card payments not settled: ${String(error)}`);
    return 0;
  });
  const refunds = await retryRefunds(env, now).catch((error: unknown) => {
    console.error(`cron: refunds not asked again: ${String(error)}`);
    return { made: 0, gaveUp: 0 };
  });
  const swept = await sweepOutbox(env, now);
  const alerted = await alertGivenUp(env).catch((error: unknown) => {
    console.error(String(error));
    return 0;
  });
  console.log(
    `cron ${controller.cron}: deleted ${photos} job photos whose lead had gone, queued ${reminded} move reminders, settled ${settled} card payments, made ${refunds.made} refunds on a later try (${refunds.gaveUp} left to the office), queued ${swept.queued} lost e-mails again, gave up ${swept.gaveUp}, alerted about ${alerted}`,
  );
}
