/**
 * Issue 43 item 5: partners paid through Stripe Connect, over HTTP against the Stripe stand-in.
 *
 * The move: the office's written quote of £495.00 (49,500p), its £123.75 deposit paid by card. The partner's share is
 * fixed when they claim it (the offers' work; here the partner_jobs row is written straight into D1): 85 % of the
 * price, 42,075p. The sums, worked by hand from the rule "share × refunded ÷ price, rounded down, on the running total":
 *   a refund of £33.33 after the transfer:  42,075 × 3,333 ÷ 49,500 = 2,833.05  → 2,833p taken back
 *   then £16.67 more (£50.00 refunded):     42,075 × 5,000 ÷ 49,500 = 4,250.00  → 4,250 − 2,833 = 1,417p more
 *     (refund by refund it would be 1,416.95 → 1,416p: the running total keeps the partner's part exact)
 *   the partner keeps 42,075 − 4,250 = 37,825p (£378.25)
 *   a refund of £99.00 before the transfer: 42,075 × 9,900 ÷ 49,500 = 8,415 → 42,075 − 8,415 = 33,660p transferred
 */
import { describe, expect, it } from 'vitest';
import { PAYOUT_PATHS } from '~/lib/partners/payouts';
import { REFUND_RETRY_MINUTES } from '~/lib/payments';
import { partnerEmail } from '../shared/stand-ins';
import { rowsWhen, stripeUrl } from './card-payments';
import { query, runCron } from './helpers';
import { officeGet, officePost, OWNER_EMAIL } from './office';
import { asPartner } from './partner-apply';
import {
  approvedPartner,
  dashboardRefund,
  getPaid,
  HOUR,
  insertJob,
  onMoveDay,
  ownerSignedIn,
  paidMove,
  PRICE,
  refundedPence,
  SHARE,
  signInAgain,
  tap,
  transfersTo,
} from './partner-connect';

/** One job's lines on an earnings list (partner's or office's), as text. */
function earningOf(html: string, reference: string): Record<string, string> {
  const block = new RegExp(`data-earning="${reference}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
  const filled: Record<string, string> = {};
  for (const [, key, text] of block.matchAll(/data-fill="([a-z-]+)"[^>]*>([^<]*)</g))
    filled[key!] = filled[key!] ? `${filled[key!]} | ${text!.trim()}` : text!.trim();
  filled['data-state'] = /data-state="([a-z]+)"/.exec(block)?.[1] ?? '';
  return filled;
}

const totalOf = (html: string, name: string) => new RegExp(`data-fill="total-${name}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('partners paid through Stripe Connect', () => {
  it('onboards once, transfers the share 48 hours after Job done exactly once, and takes back its part of later refunds', async () => {
    const partner = await approvedPartner();
    const before = await (await asPartner('/partner', partner.cookie)).text();
    expect(before).toContain('data-payouts-state="none"');
    expect(before).toContain('Get paid: set up payouts with Stripe');

    // "Get paid": the Express account is made and stored, and the partner is sent to Stripe's hosted page.
    const link = await getPaid(partner.cookie);
    const [account] = query<{ stripe_account_id: string; payouts_enabled: number }>(
      'SELECT stripe_account_id, payouts_enabled FROM partner_payout_accounts WHERE partner_reference = ?',
      partner.reference,
    );
    expect(account).toEqual({ stripe_account_id: link.pathname.split('/')[3], payouts_enabled: 0 });
    const page = await fetch(link);
    expect(await page.text()).toContain('Complete onboarding');
    const completed = await fetch(`${link}/complete`, { method: 'POST', redirect: 'manual' });
    expect(completed.status).toBe(303);
    const back = new URL(completed.headers.get('location')!);
    expect(back.pathname).toBe(PAYOUT_PATHS.back);
    // Stripe's signed account.updated reaches the webhook; the return page asks Stripe as well.
    const returned = await asPartner(back.pathname, partner.cookie);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe('/partner#payouts');
    await rowsWhen(
      () =>
        query<{ ready: number }>(
          'SELECT payouts_enabled * transfers_active AS ready FROM partner_payout_accounts WHERE partner_reference = ?',
          partner.reference,
        ),
      (rows) => rows[0]?.ready === 1,
    );
    expect(await (await asPartner('/partner', partner.cookie)).text()).toContain('data-payouts-state="ready"');
    // Asked again (a second tap, a stale tab): the same account, never a second.
    const again = await asPartner(PAYOUT_PATHS.start, partner.cookie, new URLSearchParams());
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).pathname.split('/')[3]).toBe(account!.stripe_account_id);
    const accounts = (await (
      await fetch(`${stripeUrl()}/v1/accounts?limit=100`, { headers: { Authorization: 'Bearer sk_test_local_stripe_stand_in' } })
    ).json()) as { data: Array<{ id: string; email: string }> };
    expect(accounts.data.filter((each) => each.email === partner.email).map((each) => each.id)).toEqual([account!.stripe_account_id]);

    // The partner's job, done at 4 pm on the move's day.
    const move = await paidMove();
    const jobId = insertJob(move.reference, partner.reference, SHARE);
    const doneAt = onMoveDay(move, 16);
    expect((await tap(move, new URLSearchParams({ action: 'done' }), doneAt)).status).toBe(303);

    // 47 hours on: due, nothing transferred.
    await runCron(new Date(doneAt.getTime() + 47 * HOUR));
    expect(query('SELECT 1 FROM partner_transfers WHERE job_id = ?', jobId)).toEqual([]);
    expect(await transfersTo(account!.stripe_account_id)).toEqual([]);
    partner.cookie = await signInAgain(partner.email);
    const due = earningOf(await (await asPartner('/partner', partner.cookie)).text(), move.reference);
    expect(due).toMatchObject({ share: '£420.75', 'data-state': 'due', kept: '£420.75' });

    // 48 hours on, by two cron runs at once and one after: one transfer of the share.
    const at48 = new Date(doneAt.getTime() + 48 * HOUR);
    await Promise.all([runCron(at48), runCron(at48)]);
    await runCron(new Date(at48.getTime() + 5 * 60_000));
    const transfers = await transfersTo(account!.stripe_account_id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: SHARE,
      currency: 'gbp',
      transfer_group: move.reference,
      metadata: { job_id: String(jobId), reference: move.reference, partner_reference: partner.reference },
    });
    expect(
      query(
        'SELECT amount_pence, status, stripe_transfer_id, price_pence, refunded_before_pence FROM partner_transfers WHERE job_id = ?',
        jobId,
      ),
    ).toEqual([
      { amount_pence: SHARE, status: 'succeeded', stripe_transfer_id: transfers[0]!.id, price_pence: PRICE, refunded_before_pence: 0 },
    ]);

    // A refund of £33.33 afterwards: 2,833p taken back; then £16.67 more: 1,417p more (worked above).
    await dashboardRefund(move, 3_333);
    await rowsWhen(
      () => query('SELECT 1 FROM partner_reversals r JOIN partner_transfers t ON t.id = r.transfer_id WHERE t.job_id = ?', jobId),
      (rows) => rows.length === 1,
    );
    await dashboardRefund(move, 1_667);
    await expect.poll(() => refundedPence(move.reference), { timeout: 20_000 }).toBe(5_000);
    const reversals = await rowsWhen(
      () =>
        query<{ amount_pence: number; reversed_to_pence: number; refunded_pence: number; status: string; stripe_reversal_id: string }>(
          `SELECT r.amount_pence, r.reversed_to_pence, r.refunded_pence, r.status, r.stripe_reversal_id FROM partner_reversals r
           JOIN partner_transfers t ON t.id = r.transfer_id WHERE t.job_id = ? ORDER BY r.id`,
          jobId,
        ),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'succeeded'),
    );
    expect(reversals.map(({ stripe_reversal_id: _id, ...row }) => row)).toEqual([
      { amount_pence: 2_833, reversed_to_pence: 2_833, refunded_pence: 3_333, status: 'succeeded' },
      { amount_pence: 1_417, reversed_to_pence: 4_250, refunded_pence: 5_000, status: 'succeeded' },
    ]);
    // The cron's sweep finds nothing more to take back.
    await runCron(new Date(at48.getTime() + HOUR));
    const [standIn] = await transfersTo(account!.stripe_account_id);
    expect(standIn!.amount_reversed).toBe(4_250);
    expect(standIn!.reversals.data.map((r) => [r.id, r.amount]).toSorted()).toEqual(
      reversals.map((r) => [r.stripe_reversal_id, r.amount_pence]).toSorted(),
    );

    // The partner's page and the office's agree with D1 and the stand-in to the penny.
    partner.cookie = await signInAgain(partner.email);
    const mine = await (await asPartner('/partner', partner.cookie)).text();
    await ownerSignedIn();
    const office = await (await officeGet(`/office/partners/application?ref=${partner.reference}`)).text();
    for (const html of [mine, office]) {
      expect(earningOf(html, move.reference)).toMatchObject({
        share: '£420.75',
        'data-state': 'transferred',
        reversal: expect.stringMatching(/^£28\.33 on .* \| £14\.17 on /),
        kept: '£378.25',
      });
      expect([totalOf(html, 'transferred'), totalOf(html, 'reversed'), totalOf(html, 'kept')]).toEqual(['£420.75', '£42.50', '£378.25']);
    }
    expect(standIn!.amount - standIn!.amount_reversed).toBe(37_825);

    // Every step is in the move's history: the partner's, Stripe's and the system's.
    expect(
      query(
        'SELECT actor, action FROM audit_log WHERE record_reference = ? AND action LIKE ? ORDER BY id',
        partner.reference,
        'partner_payouts%',
      ),
    ).toEqual([
      { actor: partner.email, action: 'partner_payouts_started' },
      { actor: partner.email, action: 'partner_payouts_link' },
      { actor: 'stripe', action: 'partner_payouts_updated' },
      { actor: partner.email, action: 'partner_payouts_link' },
    ]);
    expect(
      query(
        "SELECT actor, action FROM audit_log WHERE record_reference = ? AND action LIKE 'partner_transfer%' ORDER BY id",
        move.reference,
      ),
    ).toEqual([
      { actor: 'system', action: 'partner_transfer_made' },
      { actor: 'system', action: 'partner_transfer_reversed' },
      { actor: 'system', action: 'partner_transfer_reversed' },
    ]);
  });

  it('a damage report holds the pay until staff release it; a refund before the transfer lowers it', async () => {
    const partner = await approvedPartner();
    const link = await getPaid(partner.cookie);
    const accountId = link.pathname.split('/')[3]!;
    expect((await fetch(`${link}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await rowsWhen(
      () =>
        query<{ ready: number }>(
          'SELECT payouts_enabled * transfers_active AS ready FROM partner_payout_accounts WHERE partner_reference = ?',
          partner.reference,
        ),
      (rows) => rows[0]?.ready === 1,
    );

    const move = await paidMove();
    const jobId = insertJob(move.reference, partner.reference, SHARE);
    const doneAt = onMoveDay(move, 15);
    expect((await tap(move, new URLSearchParams({ action: 'done' }), doneAt)).status).toBe(303);
    const problem = new FormData();
    problem.set('action', 'problem');
    problem.set('note', 'Scratched the hall table');
    expect((await tap(move, problem, new Date(doneAt.getTime() + HOUR))).status).toBe(303);
    // Refunded £99.00 before any transfer: nothing is reversed, the transfer will be lower.
    await dashboardRefund(move, 9_900);
    await expect.poll(() => refundedPence(move.reference), { timeout: 20_000 }).toBe(9_900);

    await runCron(new Date(doneAt.getTime() + 49 * HOUR));
    expect(query('SELECT 1 FROM partner_transfers WHERE job_id = ?', jobId)).toEqual([]);
    await ownerSignedIn();
    const held = await (await officeGet(`/office/partners/application?ref=${partner.reference}`)).text();
    // Held, and what it will be: the share less its part of the £99.00 refund.
    expect(earningOf(held, move.reference)).toMatchObject({ 'data-state': 'held', share: '£420.75', kept: '£336.60' });
    expect(held).toContain(`Release the pay for move ${move.reference}`);

    // A job of another partner's is not this partner's to release.
    expect((await officePost(PAYOUT_PATHS.release, { ref: 'P-NOT-THEIRS', job: String(jobId) })).status).toBe(404);
    const releasedAt = new Date(doneAt.getTime() + 50 * HOUR);
    const released = await officePost(PAYOUT_PATHS.release, { ref: partner.reference, job: String(jobId) });
    expect(released.status).toBe(303);
    expect(released.headers.get('location')).toBe(`/office/partners/application?ref=${partner.reference}#payouts`);
    await runCron(new Date(releasedAt.getTime() + 5 * 60_000));
    const transfers = await transfersTo(accountId);
    expect(transfers.map((t) => t.amount)).toEqual([33_660]);
    expect(query('SELECT amount_pence, refunded_before_pence FROM partner_transfers WHERE job_id = ?', jobId)).toEqual([
      { amount_pence: 33_660, refunded_before_pence: 9_900 },
    ]);
    expect(query('SELECT 1 FROM partner_reversals r JOIN partner_transfers t ON t.id = r.transfer_id WHERE t.job_id = ?', jobId)).toEqual(
      [],
    );
    expect(
      query("SELECT actor, detail FROM audit_log WHERE record_reference = ? AND action = 'partner_payout_released'", move.reference),
    ).toEqual([{ actor: OWNER_EMAIL, detail: `Released partner ${partner.reference}'s pay for this move` }]);
    partner.cookie = await signInAgain(partner.email);
    const mine = earningOf(await (await asPartner('/partner', partner.cookie)).text(), move.reference);
    expect(mine).toMatchObject({ share: '£420.75', 'data-state': 'transferred', kept: '£336.60' });
  });
  it('a transfer Stripe refuses is asked again under the same key, then left to the office with a task', async () => {
    // Already enabled at Stripe (+onboarded); every transfer to it answers 500 (+transferfail).
    const partner = await approvedPartner(partnerEmail('refused', 'onboarded', 'transferfail'));
    const link = await getPaid(partner.cookie);
    const accountId = link.pathname.split('/')[3]!;
    expect(
      query<{ ready: number }>(
        'SELECT payouts_enabled * transfers_active AS ready FROM partner_payout_accounts WHERE partner_reference = ?',
        partner.reference,
      ),
    ).toEqual([{ ready: 1 }]);
    const move = await paidMove();
    const jobId = insertJob(move.reference, partner.reference, SHARE);
    const doneAt = onMoveDay(move, 12);
    expect((await tap(move, new URLSearchParams({ action: 'done' }), doneAt)).status).toBe(303);

    // The first try and one per wait of REFUND_RETRY_MINUTES, each run long after the wait: 7 tries in all.
    let at = doneAt.getTime() + 48 * HOUR;
    await runCron(new Date(at));
    expect(query('SELECT status, attempts FROM partner_transfers WHERE job_id = ?', jobId)).toEqual([{ status: 'failed', attempts: 1 }]);
    for (let retry = 0; retry < REFUND_RETRY_MINUTES.length; retry += 1) {
      at += 13 * HOUR;
      await runCron(new Date(at));
    }
    expect(query('SELECT status, attempts, next_attempt_at FROM partner_transfers WHERE job_id = ?', jobId)).toEqual([
      { status: 'failed', attempts: REFUND_RETRY_MINUTES.length + 1, next_attempt_at: null },
    ]);
    expect(await transfersTo(accountId)).toEqual([]);
    const [task] = query<{ kind: string; detail: string }>(
      'SELECT kind, detail FROM office_tasks WHERE record_reference = ?',
      move.reference,
    ).filter((row) => row.kind === 'partner_payout_failed');
    expect(task!.detail).toBe(
      `Transfer of £420.75 to partner ${partner.reference}: Stripe said: A reserved address: transfers to this account fail.`,
    );
    partner.cookie = await signInAgain(partner.email);
    expect(earningOf(await (await asPartner('/partner', partner.cookie)).text(), move.reference)).toMatchObject({
      'data-state': 'refused',
      state: 'Transfer refused by Stripe: the office is sorting it out',
    });
    // One more run asks nothing again.
    await runCron(new Date(at + 13 * HOUR));
    expect(query('SELECT attempts FROM partner_transfers WHERE job_id = ?', jobId)).toEqual([
      { attempts: REFUND_RETRY_MINUTES.length + 1 },
    ]);
  });
});
