/**
 * Claims with an answer (issue 44 item 7): the one writer of the `claims` table, and its readers. A claim stands on a
 * damage report (its note and photos); the office moves it received -> assessing -> offered (a sum paid back through the
 * one refund path, refund-run.ts) or declined (a reason). Every step is stored with its audit line and the customer's
 * e-mail in one batch, guarded by the state it moves from, so a step pressed twice changes and sends nothing twice.
 */
import { CLAIM_STATE_LABELS, CLAIM_STEPS, CLAIM_WAIT_DAYS, type ClaimState, type ClaimStep } from '~/lib/claims';
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import type { Env } from '../env';
import type { MailContext } from './config';
import type { Row } from './email-layout';
import { mailContext } from './mail-context';
import { auditStatement } from './office/audit';
import { outboxInserts, queueEmails, type OutboxEmail } from './outbox';
import { paymentsFor } from './payments/checkout';
import { isPaid } from './payments/due';
import { toCustomer } from './payments/money-emails';
import { refundablePence } from './payments/refund';
import { askStoredRefunds, refundRows, refusedRefundTasks } from './payments/refund-run';
import type { StoredQuote } from './quote/stored-quote';

export interface Claim {
  id: number;
  reference: string;
  reportId: number | null;
  item: string;
  declaredPence: number;
  status: ClaimState;
  offeredPence: number | null;
  refundedPence: number | null;
  declineReason: string | null;
  openedBy: string;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `id, reference, report_id AS reportId, item, declared_pence AS declaredPence, status, offered_pence AS offeredPence,
  refunded_pence AS refundedPence, decline_reason AS declineReason, opened_by AS openedBy, created_at AS createdAt, updated_at AS updatedAt`;

export const AUDIT_ACTIONS = {
  opened: 'claim_opened',
  assess: 'claim_assessing',
  offer: 'claim_offered',
  decline: 'claim_declined',
} as const;

export async function claimsFor(db: D1Database, reference: string): Promise<Claim[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM claims WHERE reference = ? ORDER BY id`).bind(reference).all<Claim>();
  return results;
}

export const findClaim = (db: D1Database, id: number): Promise<Claim | null> =>
  db.prepare(`SELECT ${COLUMNS} FROM claims WHERE id = ?`).bind(id).first<Claim>();

/** Claims the cron found waiting more than CLAIM_WAIT_DAYS days and still unanswered, oldest first: "To do today". */
export async function claimsWaiting(db: D1Database): Promise<Claim[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM claims WHERE status IN ('received', 'assessing') AND waiting_at IS NOT NULL ORDER BY created_at, id LIMIT 50`,
    )
    .all<Claim>();
  return results;
}

/**
 * The cron trigger's look at unanswered claims: each one more than CLAIM_WAIT_DAYS days (by the clock) since it came
 * in is marked waiting, once, with an audit line, and so joins the office's "To do today" until it is answered.
 */
export async function markClaimsWaiting(db: D1Database, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CLAIM_WAIT_DAYS * 86_400_000).toISOString();
  const { results } = await db
    .prepare(
      `UPDATE claims SET waiting_at = ? WHERE status IN ('received', 'assessing') AND waiting_at IS NULL AND created_at < ?
       RETURNING reference, item`,
    )
    .bind(now.toISOString(), since)
    .all<{ reference: string; item: string }>();
  if (results.length > 0)
    await db.batch(
      results.map((claim) =>
        auditStatement(
          db,
          {
            actor: 'system',
            action: 'claim_waiting',
            reference: claim.reference,
            detail: `Claim for ${claim.item} unanswered after ${CLAIM_WAIT_DAYS} days: on To do today`,
          },
          now,
        ),
      ),
    );
  return results.length;
}

/** What the move's card payments could still give back: the most an offer can be. */
export async function refundableFor(db: D1Database, reference: string): Promise<number> {
  return (await paymentsFor(db, reference)).filter(isPaid).reduce((sum, payment) => sum + Math.max(0, refundablePence(payment)), 0);
}

const claimRows = (claim: Pick<Claim, 'item' | 'declaredPence'>): Row[] => [
  ['Item', claim.item],
  ['Value you gave', formatPence(claim.declaredPence)],
];

const claimKey = (reference: string, id: number | string, step: string) => `move:${reference}:claim:${id}:${step}`;

function receivedEmail(ctx: MailContext, quote: StoredQuote, claim: Pick<Claim, 'item' | 'declaredPence'>, key: string) {
  return toCustomer(ctx, quote, key, {
    subject: (firm) => `Your ${firm} claim is received`,
    headline: `we have your claim for your ${claim.item}`,
    paragraphs: ['The office will look at it, with your report and photos, and e-mail you at each step and with their answer.'],
    rows: [...claimRows(claim), ['Where it is', CLAIM_STATE_LABELS.received]],
  });
}

export interface NewClaim {
  item: string;
  declaredPence: number;
}

/**
 * The customer's claim, in the damage report's own batch (job-sheets.ts reportDamage): it goes straight after the
 * report's insert, so it names that report by `last_insert_rowid()`. The e-mail's key is queued by the caller after.
 */
export async function customerClaimStatements(env: Env, quote: StoredQuote, claim: NewClaim, now: Date) {
  const db = env.DB;
  const at = now.toISOString();
  const email = receivedEmail(await mailContext(env), quote, claim, claimKey(quote.reference, `report-at-${now.getTime()}`, 'received'));
  return {
    email,
    statements: [
      db
        .prepare(
          `INSERT INTO claims (reference, report_id, item, declared_pence, status, opened_by, created_at, updated_at)
           VALUES (?, last_insert_rowid(), ?, ?, 'received', 'customer', ?, ?)`,
        )
        .bind(quote.reference, claim.item, claim.declaredPence, at, at),
      auditStatement(
        db,
        {
          actor: 'customer',
          action: AUDIT_ACTIONS.opened,
          reference: quote.reference,
          detail: `Claim made: ${claim.item}, value ${formatPence(claim.declaredPence)}`,
        },
        now,
      ),
      ...outboxInserts(db, [email], now),
    ],
  };
}

/** The office opens a claim from a damage report of the move; false when that report already has one (or is not this move's). */
export async function openClaimFromReport(
  env: Env,
  quote: StoredQuote,
  reportId: number,
  claim: NewClaim,
  actor: string,
  now: Date,
): Promise<boolean> {
  const db = env.DB;
  const at = now.toISOString();
  const email = receivedEmail(await mailContext(env), quote, claim, claimKey(quote.reference, `report-${reportId}`, 'received'));
  const after = { afterChange: true };
  const [stored] = await db.batch([
    db
      .prepare(
        `INSERT INTO claims (reference, report_id, item, declared_pence, status, opened_by, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, 'received', ?5, ?6, ?6
         WHERE EXISTS (SELECT 1 FROM job_reports WHERE id = ?2 AND reference = ?1 AND kind IN ('customer_damage', 'problem'))
           AND NOT EXISTS (SELECT 1 FROM claims WHERE report_id = ?2)`,
      )
      .bind(quote.reference, reportId, claim.item, claim.declaredPence, actor, at),
    ...outboxInserts(db, [email], now, after),
    auditStatement(
      db,
      {
        actor,
        action: AUDIT_ACTIONS.opened,
        reference: quote.reference,
        detail: `Claim opened from a damage report: ${claim.item}, value ${formatPence(claim.declaredPence)}`,
      },
      now,
      after,
    ),
  ]);
  if (!stored?.meta.changes) return false;
  await queueEmails(env, [email.idempotencyKey]);
  return true;
}

const fromStates = (step: ClaimStep) => CLAIM_STEPS[step].map((state) => `'${state}'`).join(', ');

/** "Being assessed": false when the claim had already moved on. */
export async function assessClaim(env: Env, quote: StoredQuote, claim: Claim, actor: string, now: Date): Promise<boolean> {
  const db = env.DB;
  const email = toCustomer(await mailContext(env), quote, claimKey(quote.reference, claim.id, 'assessing'), {
    subject: (firm) => `Your ${firm} claim is being assessed`,
    headline: `the office is looking at your claim for your ${claim.item}`,
    paragraphs: ['We will e-mail you their answer.'],
    rows: [...claimRows(claim), ['Where it is', CLAIM_STATE_LABELS.assessing]],
  });
  const after = { afterChange: true };
  const [moved] = await db.batch([
    db
      .prepare(`UPDATE claims SET status = 'assessing', updated_at = ? WHERE id = ? AND status IN (${fromStates('assess')})`)
      .bind(now.toISOString(), claim.id),
    ...outboxInserts(db, [email], now, after),
    auditStatement(
      db,
      { actor, action: AUDIT_ACTIONS.assess, reference: quote.reference, detail: `Claim for ${claim.item}: being assessed` },
      now,
      after,
    ),
  ]);
  if (!moved?.meta.changes) return false;
  await queueEmails(env, [email.idempotencyKey]);
  return true;
}

/** "Declined" with the reason the customer is e-mailed: false when the claim had already moved on. */
export async function declineClaim(env: Env, quote: StoredQuote, claim: Claim, reason: string, actor: string, now: Date): Promise<boolean> {
  const db = env.DB;
  const email = toCustomer(await mailContext(env), quote, claimKey(quote.reference, claim.id, 'declined'), {
    subject: (firm) => `Your ${firm} claim: our answer`,
    headline: `we are sorry: we have declined your claim for your ${claim.item}`,
    paragraphs: [`Our reason: ${reason}`, 'If you think we have this wrong, reply to this e-mail or call us.'],
    rows: [...claimRows(claim), ['Where it is', CLAIM_STATE_LABELS.declined]],
  });
  const after = { afterChange: true };
  const [moved] = await db.batch([
    db
      .prepare(
        `UPDATE claims SET status = 'declined', decline_reason = ?, updated_at = ? WHERE id = ? AND status IN (${fromStates('decline')})`,
      )
      .bind(reason, now.toISOString(), claim.id),
    ...outboxInserts(db, [email], now, after),
    auditStatement(
      db,
      { actor, action: AUDIT_ACTIONS.decline, reference: quote.reference, detail: `Claim for ${claim.item} declined: ${reason}` },
      now,
      after,
    ),
  ]);
  if (!moved?.meta.changes) return false;
  await queueEmails(env, [email.idempotencyKey]);
  return true;
}

/**
 * "Offer": the claim is stored as offered with its refund rows in one batch; then Stripe is asked for each (the one
 * refund path's keys; one Stripe refuses is asked again by the cron, which e-mails when it goes through);
 * then what was refunded, the audit line, a task for a refund that cannot be asked again and the customer's e-mail.
 * False when the claim had already moved on (nothing refunded).
 */
export async function offerClaim(env: Env, quote: StoredQuote, claim: Claim, pence: number, actor: string, now: Date): Promise<boolean> {
  const db = env.DB;
  const reference = quote.reference;
  // The offer and its refund rows are one batch: once the claim says offered, something will send the money back.
  const reason = `claim ${claim.id}: ${claim.item}`;
  const [offered] = await db.batch([
    db
      .prepare(
        `UPDATE claims SET status = 'offered', offered_pence = ?, updated_at = ? WHERE id = ? AND status IN (${fromStates('offer')})`,
      )
      .bind(pence, now.toISOString(), claim.id),
    ...(await refundRows(db, reference, pence, reason, now)),
  ]);
  if (offered!.meta.changes !== 1) return false;
  const run = await askStoredRefunds(env, reference, reason, pence, now);
  const refunded = run.made.reduce((sum, made) => sum + made.amountPence, 0);
  const byHand = run.leftPence - run.onItsWayPence;
  const paragraphs = [
    refunded === pence
      ? `We have refunded ${formatPence(pence)} to your card.`
      : refunded > 0
        ? `We have refunded ${formatPence(refunded)} of it to your card.`
        : '',
    run.onItsWayPence > 0
      ? `${formatPence(run.onItsWayPence)} is on its way: Stripe, who handle our card payments, did not take it at the first try, so we are asking again. We will e-mail you when it has gone through.`
      : '',
    byHand > 0 ? `We could not refund ${formatPence(byHand)} automatically: our office will refund it to your card by hand.` : '',
  ].filter(Boolean);
  const email: OutboxEmail = toCustomer(await mailContext(env), quote, claimKey(reference, claim.id, 'offered'), {
    subject: (firm) => `Your ${firm} claim: ${formatPence(pence)} offered`,
    headline: `we offer ${formatPence(pence)} for your ${claim.item}`,
    paragraphs,
    rows: [
      ...claimRows(claim),
      ['Offered', formatPence(pence)],
      ...run.made.map((made): Row => ['Refund reference', made.stripeRefundId]),
      ['Date', formatLongDate(londonToday(now))],
    ],
  });
  await db.batch([
    db.prepare('UPDATE claims SET refunded_pence = ? WHERE id = ?').bind(refunded, claim.id),
    auditStatement(
      db,
      {
        actor,
        action: AUDIT_ACTIONS.offer,
        reference,
        detail: `Claim for ${claim.item}: ${formatPence(pence)} offered${run.said.length ? `: ${run.said.join(', ')}` : ''}`,
      },
      now,
    ),
    ...refusedRefundTasks(db, reference, run, now),
    ...outboxInserts(db, [email], now),
  ]);
  await queueEmails(env, [email.idempotencyKey]);
  return true;
}
