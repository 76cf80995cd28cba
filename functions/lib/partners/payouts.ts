/**
 * Partners paid through Stripe Connect (issue 43 item 5): the one writer of partner_payout_accounts, partner_transfers,
 * partner_reversals and partner_payout_releases (migrations/0075). Every row is stored before Stripe is asked and is
 * asked under its own idempotency key, so a cron run twice, two runs at once or a lost answer never pays twice:
 *   partner-account-<partner>   the Express account, created once
 *   partner-transfer-<job>      the job's one transfer (UNIQUE job_id: only the run that inserted it asks)
 *   partner-reversal-<id>       a reversal; UNIQUE (transfer, reversed_to_pence): the same refund seen twice reverses once
 * The rounding of a refund's part: src/lib/partners/payouts.ts.
 */
import { formatPence } from '~/lib/money';
import { REFUND_RETRY_MINUTES } from '~/lib/payments';
import { priceToPay } from '~/lib/price-to-pay';
import {
  dueAt,
  PAYOUT_DELAY_HOURS,
  PAYOUT_PATHS,
  reversedTarget,
  transferAmount,
  type EarningLine,
  type EarningsView,
  type PayoutAccountState,
  type ReversalLine,
} from '~/lib/partners/payouts';
import type { Env } from '../../env';
import { config } from '../config';
import { auditStatement } from '../office/audit';
import { taskStatement } from '../office/tasks';
import { findQuote } from '../quote/store';
import { stripeClient, type Stripe } from '../payments/stripe';
import type { PartnerRow } from './read';

/** A first try with no answer after this long is taken as lost and asked again (under the same key). */
const UNANSWERED_MINUTES = 5;
/** While one cron run asks, another leaves the row alone. */
const CLAIM_MINUTES = 10;

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

interface AccountRow {
  partner_reference: string;
  stripe_account_id: string | null;
  details_submitted: number;
  payouts_enabled: number;
  transfers_active: number;
}

export const payoutAccount = (db: D1Database, partnerReference: string) =>
  db.prepare('SELECT * FROM partner_payout_accounts WHERE partner_reference = ?').bind(partnerReference).first<AccountRow>();

export function accountState(row: AccountRow | null): PayoutAccountState {
  if (!row?.stripe_account_id) return 'none';
  if (row.payouts_enabled && row.transfers_active) return 'ready';
  return row.details_submitted ? 'pending' : 'started';
}

// ---- onboarding ----

export type Onboarding = { ok: true; url: string } | { ok: false; message: string };

const UNAVAILABLE = 'Payouts cannot be set up just now. Please try again in a few minutes.';

/**
 * "Get paid": the partner's Express account (made once: the row first, then Stripe under the partner's own key), and a
 * fresh single-use onboarding link on Stripe's hosted page, which sends them back to /partner.
 */
export async function startOnboarding(env: Env, partner: PartnerRow, now: Date): Promise<Onboarding> {
  const stripe = stripeClient(env);
  if (!stripe) return { ok: false, message: UNAVAILABLE };
  const db = env.DB;
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT INTO partner_payout_accounts (partner_reference, created_at, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (partner_reference) DO NOTHING`,
    )
    .bind(partner.reference, at, at)
    .run();
  let accountId = (await payoutAccount(db, partner.reference))?.stripe_account_id ?? null;
  try {
    if (!accountId) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'GB',
          email: partner.email,
          business_type: 'individual',
          // Transfers only: the partner never takes a card payment (the firm is the merchant of record).
          capabilities: { transfers: { requested: true } },
          metadata: { partner_reference: partner.reference },
        },
        { idempotencyKey: `partner-account-${partner.reference}` },
      );
      await db.batch([
        db
          .prepare(
            'UPDATE partner_payout_accounts SET stripe_account_id = ?, updated_at = ? WHERE partner_reference = ? AND stripe_account_id IS NULL',
          )
          .bind(account.id, at, partner.reference),
        auditStatement(
          db,
          {
            actor: partner.email,
            action: 'partner_payouts_started',
            reference: partner.reference,
            detail: `Set up payouts: Stripe account ${account.id}`,
          },
          now,
          { afterChange: true },
        ),
      ]);
      accountId = (await payoutAccount(db, partner.reference))?.stripe_account_id ?? account.id;
      await recordAccount(db, account, now);
    }
    const siteUrl = config(env).siteUrl;
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${siteUrl}${PAYOUT_PATHS.refresh}`,
      return_url: `${siteUrl}${PAYOUT_PATHS.back}`,
    });
    await auditStatement(
      db,
      { actor: partner.email, action: 'partner_payouts_link', reference: partner.reference, detail: 'Sent to Stripe to set up payouts' },
      now,
    ).run();
    return { ok: true, url: link.url };
  } catch (error) {
    console.error(`payouts for partner ${partner.reference}: Stripe refused: ${errorText(error)}`);
    return { ok: false, message: UNAVAILABLE };
  }
}

/** Stripe's view of an account, kept: the audit line only when its readiness changed. */
export async function recordAccount(db: D1Database, account: Stripe.Account, now: Date): Promise<void> {
  const row = await db.prepare('SELECT * FROM partner_payout_accounts WHERE stripe_account_id = ?').bind(account.id).first<AccountRow>();
  if (!row) return;
  const values = [account.details_submitted ? 1 : 0, account.payouts_enabled ? 1 : 0, account.capabilities?.transfers === 'active' ? 1 : 0];
  const state = accountState({ ...row, details_submitted: values[0]!, payouts_enabled: values[1]!, transfers_active: values[2]! });
  await db.batch([
    db
      .prepare(
        `UPDATE partner_payout_accounts SET details_submitted = ?1, payouts_enabled = ?2, transfers_active = ?3, updated_at = ?4
         WHERE stripe_account_id = ?5 AND (details_submitted, payouts_enabled, transfers_active) != (?1, ?2, ?3)`,
      )
      .bind(...values, now.toISOString(), account.id),
    auditStatement(
      db,
      { actor: 'stripe', action: 'partner_payouts_updated', reference: row.partner_reference, detail: `Payouts: ${state}` },
      now,
      { afterChange: true },
    ),
  ]);
}

/** account.updated (webhook.ts): Stripe is asked how the account stands now, as events may come out of order. */
export async function accountUpdated(env: Env, accountId: string, now: Date): Promise<void> {
  const stripe = stripeClient(env);
  const known = await env.DB.prepare('SELECT 1 FROM partner_payout_accounts WHERE stripe_account_id = ?').bind(accountId).first();
  if (!stripe || !known) return;
  await recordAccount(env.DB, await stripe.accounts.retrieve(accountId), now);
}

// ---- what is due, held and transferred ----

/** When the partner's "Job done" was first tapped, as SQL over a partner_jobs row `j`. */
const DONE_AT = `(SELECT min(r.created_at) FROM job_reports r WHERE r.reference = j.reference AND r.kind = 'done' AND r.created_at >= j.claimed_at)`;
/**
 * A damage report (the crew's problem, the customer's damage) since the job was claimed, or a card dispute, not covered
 * by a release: a release covers the reports there were (by id, whatever the clock said) and the disputes by then.
 */
const HELD = `(EXISTS (SELECT 1 FROM job_reports r WHERE r.reference = j.reference AND r.kind IN ('problem', 'customer_damage')
    AND r.created_at >= j.claimed_at AND r.id > coalesce((SELECT through_report_id FROM partner_payout_releases WHERE job_id = j.id), 0))
  OR EXISTS (SELECT 1 FROM payments p WHERE p.reference = j.reference AND p.disputed_at IS NOT NULL
    AND p.disputed_at > coalesce((SELECT released_at FROM partner_payout_releases WHERE job_id = j.id), '')))`;
const REFUNDED = (reference: string) => `(SELECT coalesce(sum(refunded_pence), 0) FROM payments WHERE reference = ${reference})`;

interface TransferRow {
  id: number;
  job_id: number;
  reference: string;
  partner_reference: string;
  destination: string;
  share_pence: number;
  price_pence: number;
  refunded_before_pence: number;
  amount_pence: number;
  status: 'created' | 'failed' | 'succeeded' | 'nothing';
  stripe_transfer_id: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  done_at: string | null;
}

interface ReversalRow {
  id: number;
  transfer_id: number;
  amount_pence: number;
  reversed_to_pence: number;
  refunded_pence: number;
  status: 'created' | 'failed' | 'succeeded';
  stripe_reversal_id: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
}

/** The job's price, as the customer pays it: the accepted written quote, else the estimate less the code. */
async function jobPrice(db: D1Database, reference: string): Promise<number> {
  const quote = await findQuote(db, { reference });
  return (quote && priceToPay(quote)?.pricePence) ?? 0;
}

/**
 * The cron's payouts: each job done 48 hours ago or more, not held, not given back, to a partner whose account takes
 * transfers, gets its one transfer row and Stripe is asked; then the rows a failed or lost answer left are asked again,
 * and refunds not yet answered by a reversal are.
 */
export async function payPartners(env: Env, now: Date): Promise<{ transferred: number; reversed: number }> {
  const db = env.DB;
  if (!stripeClient(env)) return { transferred: 0, reversed: 0 };
  const cutoff = new Date(now.getTime() - PAYOUT_DELAY_HOURS * 3_600_000).toISOString();
  const { results: due } = await db
    .prepare(
      `SELECT j.id, j.reference, j.partner_reference, j.share_pence, a.stripe_account_id, ${REFUNDED('j.reference')} AS refunded
       FROM partner_jobs j JOIN partner_payout_accounts a ON a.partner_reference = j.partner_reference
       WHERE j.given_back_at IS NULL AND a.stripe_account_id IS NOT NULL AND a.payouts_enabled = 1 AND a.transfers_active = 1
         AND NOT EXISTS (SELECT 1 FROM partner_transfers t WHERE t.job_id = j.id)
         AND ${DONE_AT} <= ? AND NOT ${HELD}
       ORDER BY j.id LIMIT 50`,
    )
    .bind(cutoff)
    .all<{ id: number; reference: string; partner_reference: string; share_pence: number; stripe_account_id: string; refunded: number }>();
  let transferred = 0;
  for (const job of due) {
    const price = await jobPrice(db, job.reference);
    const amount = transferAmount(job.share_pence, price, job.refunded);
    const at = now.toISOString();
    const stored = await db
      .prepare(
        `INSERT INTO partner_transfers (job_id, reference, partner_reference, destination, share_pence, price_pence,
           refunded_before_pence, amount_pence, status, next_attempt_at, created_at, done_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (job_id) DO NOTHING RETURNING id`,
      )
      .bind(
        job.id,
        job.reference,
        job.partner_reference,
        job.stripe_account_id,
        job.share_pence,
        price,
        job.refunded,
        amount,
        amount > 0 ? 'created' : 'nothing',
        amount > 0 ? minutesFrom(now, UNANSWERED_MINUTES) : null,
        at,
        amount > 0 ? null : at,
      )
      .first<{ id: number }>();
    // Another run stored it first: it is that run's to ask.
    if (!stored) continue;
    if (amount === 0) {
      await auditStatement(
        db,
        {
          actor: 'system',
          action: 'partner_transfer_none',
          reference: job.reference,
          detail: 'Nothing to transfer to the partner: refunded in full',
        },
        now,
      ).run();
      continue;
    }
    if (await askTransfer(env, stored.id, now)) transferred += 1;
  }
  transferred += await retryTransfers(env, now);
  const reversed = await reverseWhereRefunded(env, now);
  return { transferred, reversed };
}

const transferRow = (db: D1Database, id: number) =>
  db.prepare('SELECT * FROM partner_transfers WHERE id = ?').bind(id).first<TransferRow>();

/** Asks Stripe for stored transfer `id` under the job's key; Stripe gives the first answer again to a second ask. */
async function askTransfer(env: Env, id: number, now: Date): Promise<boolean> {
  const db = env.DB;
  const stripe = stripeClient(env);
  const row = await transferRow(db, id);
  if (!stripe || !row || row.status === 'succeeded' || row.status === 'nothing') return false;
  return askStripe(
    db,
    'partner_transfers',
    row,
    () =>
      stripe.transfers.create(
        {
          amount: row.amount_pence,
          currency: 'gbp',
          destination: row.destination,
          transfer_group: row.reference,
          description: `Move ${row.reference}: the partner's share`,
          metadata: {
            transfer_id: String(row.id),
            job_id: String(row.job_id),
            reference: row.reference,
            partner_reference: row.partner_reference,
          },
        },
        { idempotencyKey: `partner-transfer-${row.job_id}` },
      ),
    {
      action: 'partner_transfer_made',
      detail: (stripeId) => `${formatPence(row.amount_pence)} transferred to partner ${row.partner_reference} (${stripeId})`,
      refused: `Transfer of ${formatPence(row.amount_pence)} to partner ${row.partner_reference}`,
    },
    now,
  );
}

type PayoutTable = 'partner_transfers' | 'partner_reversals';

/** Where each table keeps the id Stripe gave it. */
const STRIPE_ID = { partner_transfers: 'stripe_transfer_id', partner_reversals: 'stripe_reversal_id' } as const;

/**
 * One ask of Stripe for a stored transfer or reversal, and its answer stored: made, the row succeeds with Stripe's id and
 * time, its audit line chained on that change; refused (or the answer not stored), failed() books the next try.
 */
async function askStripe(
  db: D1Database,
  table: PayoutTable,
  row: { id: number; attempts: number; reference: string },
  ask: () => Promise<{ id: string; created: number }>,
  words: { action: string; detail: (stripeId: string) => string; refused: string },
  now: Date,
): Promise<boolean> {
  try {
    const made = await ask();
    await db.batch([
      db
        .prepare(
          `UPDATE ${table} SET status = 'succeeded', ${STRIPE_ID[table]} = ?, done_at = ?, next_attempt_at = NULL, last_error = NULL WHERE id = ? AND status != 'succeeded'`,
        )
        // Stripe's own time for it (its balance transaction's too), so the ledger dates it as Stripe does.
        .bind(made.id, new Date(made.created * 1000).toISOString(), row.id),
      auditStatement(db, { actor: 'system', action: words.action, reference: row.reference, detail: words.detail(made.id) }, now, {
        afterChange: true,
      }),
    ]);
    return true;
  } catch (error) {
    await failed(db, table, row, errorText(error), now, words.refused);
    return false;
  }
}

/** A refused ask: tried again after REFUND_RETRY_MINUTES' waits; after the last, the office makes it in Stripe by hand. */
async function failed(
  db: D1Database,
  table: PayoutTable,
  row: { id: number; attempts: number },
  error: string,
  now: Date,
  what: string,
): Promise<void> {
  const reference = await db
    .prepare(
      table === 'partner_transfers'
        ? 'SELECT reference FROM partner_transfers WHERE id = ?'
        : 'SELECT t.reference FROM partner_reversals r JOIN partner_transfers t ON t.id = r.transfer_id WHERE r.id = ?',
    )
    .bind(row.id)
    .first<string>('reference');
  console.error(`${what} (try ${row.attempts}): Stripe refused it: ${error}`);
  const wait = REFUND_RETRY_MINUTES[row.attempts - 1];
  const retryAt = wait === undefined ? null : minutesFrom(now, wait);
  await db.batch([
    db
      .prepare(`UPDATE ${table} SET status = 'failed', next_attempt_at = ?, last_error = ? WHERE id = ? AND status != 'succeeded'`)
      .bind(retryAt, error, row.id),
    ...(retryAt === null && reference
      ? [
          taskStatement(db, { reference, kind: 'partner_payout_failed', detail: `${what}: Stripe said: ${error}` }, now, {
            afterChange: true,
          }),
          auditStatement(db, { actor: 'system', action: 'partner_payout_failed', reference, detail: `${what} refused: ${error}` }, now, {
            afterChange: true,
          }),
        ]
      : []),
  ]);
}

/** Claims a row for this run by counting its try, as read: a run racing this one finds it changed and leaves it. */
const claim = (
  db: D1Database,
  table: PayoutTable,
  row: { id: number; status: string; attempts: number; next_attempt_at: string | null },
  now: Date,
) =>
  db
    .prepare(
      `UPDATE ${table} SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND status = ? AND attempts = ?
         AND coalesce(next_attempt_at, '') = coalesce(?, '')`,
    )
    .bind(minutesFrom(now, CLAIM_MINUTES), row.id, row.status, row.attempts, row.next_attempt_at)
    .run();

const dueAgain = (table: string) =>
  `SELECT * FROM ${table} WHERE status IN ('failed', 'created') AND next_attempt_at IS NOT NULL AND next_attempt_at <= ? ORDER BY id LIMIT 50`;

async function retryTransfers(env: Env, now: Date): Promise<number> {
  const { results } = await env.DB.prepare(dueAgain('partner_transfers')).bind(now.toISOString()).all<TransferRow>();
  let made = 0;
  for (const row of results) {
    if ((await claim(env.DB, 'partner_transfers', row, now)).meta.changes !== 1) continue;
    if (await askTransfer(env, row.id, now)) made += 1;
  }
  return made;
}

// ---- refunds after the transfer ----

/**
 * The partner's part of the move's refunds not yet reversed, for each transfer made on move `reference`: stored first
 * (the transfer's new reversed total is unique), then asked of Stripe. Called when a refund is recorded (webhook.ts)
 * and by the cron for any the event did not reach.
 */
export async function reversePartnerShares(env: Env, reference: string, now: Date): Promise<number> {
  const db = env.DB;
  const { results: transfers } = await db
    .prepare(`SELECT t.*, ${REFUNDED('t.reference')} AS refunded FROM partner_transfers t WHERE t.reference = ? AND t.status = 'succeeded'`)
    .bind(reference)
    .all<TransferRow & { refunded: number }>();
  let reversed = 0;
  for (const transfer of transfers) {
    const target = reversedTarget(
      {
        sharePence: transfer.share_pence,
        pricePence: transfer.price_pence,
        refundedBeforePence: transfer.refunded_before_pence,
        amountPence: transfer.amount_pence,
      },
      transfer.refunded,
    );
    const stored = await db
      .prepare(
        `INSERT OR IGNORE INTO partner_reversals (transfer_id, amount_pence, reversed_to_pence, refunded_pence, status, next_attempt_at, created_at)
         SELECT ?1, ?2 - (SELECT coalesce(max(reversed_to_pence), 0) FROM partner_reversals WHERE transfer_id = ?1), ?2, ?3, 'created', ?4, ?5
         WHERE ?2 > (SELECT coalesce(max(reversed_to_pence), 0) FROM partner_reversals WHERE transfer_id = ?1) RETURNING id`,
      )
      .bind(transfer.id, target, transfer.refunded, minutesFrom(now, UNANSWERED_MINUTES), now.toISOString())
      .first<{ id: number }>();
    if (stored && (await askReversal(env, stored.id, now))) reversed += 1;
  }
  return reversed;
}

async function askReversal(env: Env, id: number, now: Date): Promise<boolean> {
  const db = env.DB;
  const stripe = stripeClient(env);
  const row = await db
    .prepare(
      `SELECT r.*, t.stripe_transfer_id, t.reference, t.partner_reference FROM partner_reversals r
       JOIN partner_transfers t ON t.id = r.transfer_id WHERE r.id = ?`,
    )
    .bind(id)
    .first<ReversalRow & { stripe_transfer_id: string; reference: string; partner_reference: string }>();
  if (!stripe || !row || row.status === 'succeeded') return false;
  return askStripe(
    db,
    'partner_reversals',
    row,
    () =>
      stripe.transfers.createReversal(
        row.stripe_transfer_id,
        { amount: row.amount_pence, metadata: { reversal_id: String(row.id), reference: row.reference } },
        { idempotencyKey: `partner-reversal-${row.id}` },
      ),
    {
      action: 'partner_transfer_reversed',
      detail: (stripeId) =>
        `${formatPence(row.amount_pence)} taken back from partner ${row.partner_reference}'s transfer ${row.stripe_transfer_id} (${stripeId}): their part of ${formatPence(row.refunded_pence)} refunded to the customer`,
      refused: `Reversal of ${formatPence(row.amount_pence)} from partner ${row.partner_reference}`,
    },
    now,
  );
}

/** The cron's sweep: reversals to ask again, and moves refunded since their transfer with no reversal stored for it. */
async function reverseWhereRefunded(env: Env, now: Date): Promise<number> {
  const db = env.DB;
  let reversed = 0;
  const { results: again } = await db.prepare(dueAgain('partner_reversals')).bind(now.toISOString()).all<ReversalRow>();
  for (const row of again) {
    if ((await claim(db, 'partner_reversals', row, now)).meta.changes !== 1) continue;
    if (await askReversal(env, row.id, now)) reversed += 1;
  }
  const { results: refunded } = await db
    .prepare(
      `SELECT DISTINCT t.reference FROM partner_transfers t WHERE t.status = 'succeeded'
         AND ${REFUNDED('t.reference')} > coalesce((SELECT max(refunded_pence) FROM partner_reversals WHERE transfer_id = t.id), t.refunded_before_pence)
       LIMIT 50`,
    )
    .all<{ reference: string }>();
  for (const { reference } of refunded) reversed += await reversePartnerShares(env, reference, now);
  return reversed;
}

// ---- holds ----

/** Staff release a held job: paid at the next run once its 48 hours have passed. False: not a job of this partner's. */
export async function releaseHold(env: Env, partnerReference: string, jobId: number, staffEmail: string, now: Date): Promise<boolean> {
  const db = env.DB;
  const job = await db
    .prepare('SELECT id, reference FROM partner_jobs WHERE id = ? AND partner_reference = ?')
    .bind(jobId, partnerReference)
    .first<{ id: number; reference: string }>();
  if (!job) return false;
  const at = now.toISOString();
  await db.batch([
    db
      .prepare(
        `INSERT INTO partner_payout_releases (job_id, through_report_id, released_at, released_by)
         VALUES (?1, (SELECT coalesce(max(id), 0) FROM job_reports WHERE reference = ?4), ?2, ?3)
         ON CONFLICT (job_id) DO UPDATE SET through_report_id = excluded.through_report_id, released_at = ?2, released_by = ?3`,
      )
      .bind(job.id, at, staffEmail, job.reference),
    auditStatement(
      db,
      {
        actor: staffEmail,
        action: 'partner_payout_released',
        reference: job.reference,
        detail: `Released partner ${partnerReference}'s pay for this move`,
      },
      now,
    ),
    auditStatement(
      db,
      {
        actor: staffEmail,
        action: 'partner_payout_released',
        reference: partnerReference,
        detail: `Released the pay for move ${job.reference}`,
      },
      now,
    ),
  ]);
  return true;
}

// ---- earnings, as the partner and the office see them ----

interface JobLine {
  id: number;
  reference: string;
  share_pence: number;
  move_date: string | null;
  done_at: string | null;
  held: number;
  refunded: number;
  released_by: string | null;
}

export async function earningsOf(db: D1Database, partnerReference: string): Promise<EarningsView> {
  const [account, jobs, transfers, reversals] = await Promise.all([
    payoutAccount(db, partnerReference),
    db
      .prepare(
        `SELECT j.id, j.reference, j.share_pence, q.move_date, ${DONE_AT} AS done_at, ${HELD} AS held, ${REFUNDED('j.reference')} AS refunded,
           (SELECT released_by FROM partner_payout_releases WHERE job_id = j.id) AS released_by
         FROM partner_jobs j LEFT JOIN quote_requests q ON q.reference = j.reference
         WHERE j.partner_reference = ? AND j.given_back_at IS NULL ORDER BY j.claimed_at DESC, j.id DESC LIMIT 200`,
      )
      .bind(partnerReference)
      .all<JobLine>(),
    db.prepare('SELECT * FROM partner_transfers WHERE partner_reference = ?').bind(partnerReference).all<TransferRow>(),
    db
      .prepare(
        `SELECT r.* FROM partner_reversals r JOIN partner_transfers t ON t.id = r.transfer_id WHERE t.partner_reference = ? ORDER BY r.id`,
      )
      .bind(partnerReference)
      .all<ReversalRow>(),
  ]);
  // Not transferred yet: what will be, less the partner's part of any refund so far (the price only when needed).
  const dueNow = new Map<number, number>();
  for (const job of jobs.results)
    if (job.refunded > 0 && !transfers.results.some((t) => t.job_id === job.id))
      dueNow.set(job.id, transferAmount(job.share_pence, await jobPrice(db, job.reference), job.refunded));
  const lines = jobs.results.map((job): EarningLine => {
    const transfer = transfers.results.find((t) => t.job_id === job.id);
    const lineReversals = transfer
      ? reversals.results
          .filter((r) => r.transfer_id === transfer.id)
          .map((r): ReversalLine => ({
            amountPence: r.amount_pence,
            at: r.created_at,
            status: r.status,
            stripeReversalId: r.stripe_reversal_id,
          }))
      : [];
    const reversedPence = lineReversals.reduce((sum, r) => sum + r.amountPence, 0);
    const transferred = transfer?.status === 'succeeded';
    const state = transfer
      ? transfer.status === 'succeeded'
        ? 'transferred'
        : transfer.status === 'nothing'
          ? 'nothing'
          : transfer.status === 'failed' && transfer.next_attempt_at === null
            ? 'refused'
            : 'transferring'
      : !job.done_at
        ? 'working'
        : job.held
          ? 'held'
          : 'due';
    return {
      jobId: job.id,
      reference: job.reference,
      moveDate: job.move_date,
      sharePence: job.share_pence,
      state,
      doneAt: job.done_at,
      dueAt: job.done_at ? dueAt(job.done_at) : null,
      releasedBy: job.released_by,
      transferredPence: transferred ? transfer.amount_pence : null,
      transferredAt: transferred ? transfer.done_at : null,
      stripeTransferId: transfer?.stripe_transfer_id ?? null,
      reversals: lineReversals,
      keptPence: transfer
        ? transferred
          ? transfer.amount_pence - reversedPence
          : transfer.amount_pence
        : (dueNow.get(job.id) ?? job.share_pence),
    };
  });
  const sum = (pick: (line: EarningLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    account: accountState(account),
    lines,
    totals: {
      sharePence: sum((line) => line.sharePence),
      transferredPence: sum((line) => line.transferredPence ?? 0),
      reversedPence: sum((line) => line.reversals.reduce((total, r) => total + r.amountPence, 0)),
      keptPence: sum((line) => line.keptPence),
    },
  };
}
