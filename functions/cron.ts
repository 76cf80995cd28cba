/**
 * The cron trigger: housekeeping only, as the e-mail queue sends and retries (functions/email-queue.ts). It deletes expired
 * data, queues the reminders before booked moves, tells the customers whose crew is late today (issue 44 item 3), settles card payments Stripe's events did not (issue 39: sessions open
 * or unfulfilled after 10 minutes, refunds to ask for again), pays partners' shares 48 hours after "Job done" (issue 43
 * item 5), queues again the e-mails whose message was lost, and
 * reports given-up ones the dead-letter queue could not.
 */
import { dataRetention } from '~/data/promises';
import { monthsBefore } from '~/lib/dates';
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
import { markClaimsWaiting } from './lib/claims';
import { tellLateness } from './lib/office/lateness';
import { readMissingFees, recoverPayments } from './lib/payments/fulfil';
import { retryRefunds } from './lib/payments/refund-retry';
import { deleteExpiredPartnerData, remindExpiries, suspendLapsed } from './lib/partners/applications';
import { callCustomersWithoutPartner } from './lib/partners/offers';
import { payPartners } from './lib/partners/payouts';

export const RETENTION_MONTHS = dataRetention.requestsMonths;

export const retentionCutoff = (now: Date): string => monthsBefore(now, RETENTION_MONTHS);

/** A booked move is a booking record: kept for the years the privacy policy names (UK tax law), not the 24 months. */
export const bookingCutoff = (now: Date): string => monthsBefore(now, dataRetention.bookingsYears * 12);

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
    ...officeRowDeletes(env.DB, RECORD_TYPES.map(expired).join(' UNION '), ...both),
    env.DB.prepare(
      `DELETE FROM email_outbox WHERE created_at < ?1 OR ${anyExpired.map((set) => `record_reference ${set}`).join(' OR ')}`,
    ).bind(...both),
    // A quote's tokens, history and review go with it, by the quote's age (ON DELETE CASCADE, migrations/0045).
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

/** One of the cron's jobs on its own: one that fails (Stripe down, say) stops none of the others; it then counts `none`. */
const alone = <T>(what: string, run: () => Promise<T>, none: T): Promise<T> =>
  run().catch((error: unknown) => {
    console.error(`cron: ${what}: ${String(error)}`);
    return none;
  });

// Deletes first, so nothing past retention is queued again.
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = new Date(controller.scheduledTime || Date.now());
  await deleteExpired(env, now);
  const photos = await deleteOrphanedJobPhotos(env, now);
  const reminded = await queueReminders(env, now);
  const late = await alone('lateness not checked', () => tellLateness(env, now), 0);
  const settled = await alone('card payments not settled', () => recoverPayments(env, now), 0);
  const fees = await alone("Stripe's fees not read", () => readMissingFees(env, now), 0);
  const refunds = await alone('refunds not asked again', () => retryRefunds(env, now), { made: 0, gaveUp: 0 });
  // Partners' documents (issue 43): reminders before expiry, a pause for a lapsed insurance or MOT, and old ones deleted.
  const expiring = await alone('partner reminders not sent', () => remindExpiries(env, now), 0);
  const paused = await alone('lapsed partners not paused', () => suspendLapsed(env, now), 0);
  const partnerFiles = await alone("partners' old documents not deleted", () => deleteExpiredPartnerData(env, now), 0);
  // Claims unanswered for a week join the office's "To do today" (issue 44 item 7).
  const waiting = await alone('waiting claims not marked', () => markClaimsWaiting(env.DB, now), 0);
  const toCall = await alone('moves given back not checked', () => callCustomersWithoutPartner(env.DB, now), 0);
  // Partners' pay (issue 43 item 5): transfers 48 hours after "Job done", and refunds' parts taken back.
  const payouts = await alone('partners not paid', () => payPartners(env, now), { transferred: 0, reversed: 0 });
  const swept = await sweepOutbox(env, now);
  const alerted = await alone('given-up e-mails not alerted', () => alertGivenUp(env), 0);
  console.log(
    `cron ${controller.cron}: deleted ${photos} job photos whose lead had gone, queued ${reminded} move reminders, told ${late} customers their crew is late, settled ${settled} card payments, read ${fees} of Stripe's fees, made ${refunds.made} refunds on a later try (${refunds.gaveUp} left to the office), reminded ${expiring} partners of a document's expiry, paused ${paused}, deleted ${partnerFiles} partners' documents past keeping, marked ${waiting} claims waiting, asked the office to call ${toCall} customers whose move has no partner, made ${payouts.transferred} partner transfers and ${payouts.reversed} reversals, queued ${swept.queued} lost e-mails again, gave up ${swept.gaveUp}, alerted about ${alerted}`,
  );
}
