/**
 * The ledger's transfers to partners (issue 45 item 3), over HTTP: a partner's job paid out through the Stripe
 * stand-in (Connect) shows its transfer, and the reversal a later refund makes, on the ledger page and in its CSV; the
 * week and month groupings total it; the check against Stripe finds no difference. The stand-in's clock (POST /clock)
 * books each step in September 2025, a month no other test uses, so the month's totals are this test's alone; every
 * line is still picked out by its move's reference.
 *
 * Worked by hand (the move's written quote is £495.00, its deposit £123.75, the partner's share £420.75 = 42,075p):
 *   Wednesday 3 September 2025   the deposit, +£123.75
 *   Wednesday 10 September       the transfer of the share to the partner, −£420.75
 *   Wednesday 17 September       a refund of £33.33 from Stripe's dashboard, −£33.33, and the partner's part of it
 *                                taken back: 42,075 × 3,333 ÷ 49,500 = 2,833.05 → +£28.33
 * Stripe's fee on the deposit, at the stand-in's 1.5 % + 20p: 12,375 × 1.5 % = 185.625p → 186p (to the nearest penny,
 * a half up), + 20p = £2.06; none on the transfer, the refund or the reversal.
 * Weeks run Monday to Sunday:
 *   from Monday 1 September:  taken £123.75, fees £2.06, net £121.69
 *   from Monday 8 September:  to partners £420.75, net −£420.75
 *   from Monday 15 September: refunded £33.33, to partners −£28.33 (taken back), net −£5.00
 * The month: taken £123.75, fees £2.06, refunded £33.33, to partners £420.75 − £28.33 = £392.42, net £123.75 − £2.06
 * − £33.33 − £392.42 = −£304.06 (the weeks: £121.69 − £420.75 − £5.00 = −£304.06).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { partnerEmail } from '../shared/stand-ins';
import { rowsWhen, stripeUrl } from './card-payments';
import { parseCsv } from './csv';
import { query, runCron, unique } from './helpers';
import { officeGet, ownerCookie } from './office';
import {
  approvedPartner,
  dashboardRefund,
  FORM,
  getPaid,
  HOUR,
  insertJob,
  onMoveDay,
  ownerSignedIn,
  paidMove,
  SHARE,
  tap,
} from './partner-connect';

async function setClock(at: string): Promise<void> {
  const response = await fetch(`${stripeUrl()}/clock`, {
    method: 'POST',
    headers: { 'Content-Type': FORM },
    body: `at=${encodeURIComponent(at)}`,
  });
  expect(response.status).toBe(200);
}

afterAll(async () => {
  await setClock('');
});

const SEPTEMBER = 'from=2025-09-01&to=2025-09-30';
const fill = (html: string, name: string) => new RegExp(`data-fill="${name}"[^>]*>\\s*([^<]*?)\\s*<`).exec(html)?.[1];

/** The page's lines of one move: each row's cells, as text. */
function linesOf(html: string, reference: string): string[][] {
  return [...html.matchAll(/<tr[^>]*data-line="[^"]*"[^>]*>([\s\S]*?)<\/tr>/g)]
    .map(([, cells]) => [...cells!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map(([, text]) => text!.trim()))
    .filter((cells) => cells[1] === reference);
}

describe('the ledger with a partner paid out', () => {
  it('lists the transfer and its reversal with the partner’s name, totals them by week and month, and agrees with Stripe', async () => {
    // Already enabled at Stripe (+onboarded): "Get paid" makes the account, ready for transfers.
    const partner = await approvedPartner(partnerEmail('ledger', 'onboarded'));
    await getPaid(partner.cookie);
    expect(
      query(
        'SELECT payouts_enabled * transfers_active AS ready FROM partner_payout_accounts WHERE partner_reference = ?',
        partner.reference,
      ),
    ).toEqual([{ ready: 1 }]);

    await setClock('2025-09-03T09:00:00.000Z');
    const move = await paidMove();
    const jobId = insertJob(move.reference, partner.reference, SHARE);
    const doneAt = onMoveDay(move, 16);
    const payday = new Date(doneAt.getTime() + 48 * HOUR);
    // A run at payday on Stripe's real time first, before the job is done: whatever else is due by then (other tests'
    // refunds and sweeps) moves now, not in September 2025. A second run at the same instant has only the transfer.
    await setClock('');
    await runCron(payday);
    expect((await tap(move, new URLSearchParams({ action: 'done' }), doneAt)).status).toBe(303);

    await setClock('2025-09-10T09:00:00.000Z');
    await runCron(payday);
    const [transfer] = query<{ stripe_transfer_id: string; done_at: string }>(
      "SELECT stripe_transfer_id, done_at FROM partner_transfers WHERE job_id = ? AND status = 'succeeded'",
      jobId,
    );
    // Dated as Stripe dated it.
    expect(transfer!.done_at).toBe('2025-09-10T09:00:00.000Z');

    await setClock('2025-09-17T09:00:00.000Z');
    await dashboardRefund(move, 3_333);
    const [reversal] = await rowsWhen(
      () =>
        query<{ stripe_reversal_id: string; amount_pence: number }>(
          `SELECT r.stripe_reversal_id, r.amount_pence FROM partner_reversals r JOIN partner_transfers t ON t.id = r.transfer_id
           WHERE t.job_id = ? AND r.status = 'succeeded'`,
          jobId,
        ),
      (rows) => rows.length === 1,
    );
    expect(reversal!.amount_pence).toBe(2_833);
    const [refund] = await rowsWhen(
      () =>
        query<{ stripe_refund_id: string }>(
          "SELECT r.stripe_refund_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ? AND r.status = 'succeeded'",
          move.reference,
        ),
      (rows) => rows.length === 1,
    );
    await setClock('');

    // The page by week: the move's four lines in the order they happened, each group's subtotals and the month's.
    await ownerSignedIn();
    const weekly = await officeGet(`/office/ledger?${SEPTEMBER}&group=week`);
    expect(weekly.status).toBe(200);
    const html = await weekly.text();
    expect(linesOf(html, move.reference)).toEqual([
      ['Wednesday 3 September 2025', move.reference, 'Deposit', '', move.paymentIntent, '£123.75', expect.any(String), '£2.06'],
      [
        'Wednesday 10 September 2025',
        move.reference,
        'Transfer to the partner',
        'Dana Driver',
        transfer!.stripe_transfer_id,
        '-£420.75',
        'None',
        'None',
      ],
      [
        'Wednesday 17 September 2025',
        move.reference,
        'Refund of the deposit',
        '',
        refund!.stripe_refund_id,
        '-£33.33',
        expect.any(String),
        'None',
      ],
      [
        'Wednesday 17 September 2025',
        move.reference,
        'Taken back from the partner',
        'Dana Driver',
        reversal!.stripe_reversal_id,
        '£28.33',
        'None',
        'None',
      ],
    ]);
    const COLUMNS = ['taken', 'fees', 'refunded', 'transferred', 'net'];
    const week = (label: string) => COLUMNS.map((column) => fill(html, `${column}:Week from ${label}`));
    expect(week('Monday 1 September 2025')).toEqual(['£123.75', '£2.06', '£0.00', '£0.00', '£121.69']);
    expect(week('Monday 8 September 2025')).toEqual(['£0.00', '£0.00', '£0.00', '£420.75', '-£420.75']);
    expect(week('Monday 15 September 2025')).toEqual(['£0.00', '£0.00', '£33.33', '-£28.33', '-£5.00']);
    expect(COLUMNS.map((column) => fill(html, `${column}:The period`))).toEqual(['£123.75', '£2.06', '£33.33', '£392.42', '-£304.06']);
    expect(html).toContain('<option value="week" selected');

    // By month (the default): one group, the same totals.
    const monthly = await (await officeGet(`/office/ledger?${SEPTEMBER}`)).text();
    expect(COLUMNS.map((column) => fill(monthly, `${column}:Sep 2025`))).toEqual(['£123.75', '£2.06', '£33.33', '£392.42', '-£304.06']);

    // The CSV has the transfer and the reversal, with the partner's name.
    const rows = parseCsv(await (await officeGet(`/office/ledger.csv?${SEPTEMBER}`)).text()).filter((row) => row[1] === move.reference);
    expect(rows.map((row) => [row[0], row[2], row[3], row[4], row[7], row[8], row[9]])).toEqual([
      ['03/09/2025', 'Deposit', move.paymentIntent, '123.75', '', '2.06', '121.69'],
      ['10/09/2025', 'Transfer to the partner', transfer!.stripe_transfer_id, '-420.75', 'Dana Driver', '0.00', '-420.75'],
      ['17/09/2025', 'Refund of the deposit', refund!.stripe_refund_id, '-33.33', '', '0.00', '-33.33'],
      ['17/09/2025', 'Taken back from the partner', reversal!.stripe_reversal_id, '28.33', 'Dana Driver', '0.00', '28.33'],
    ]);

    // Stripe's balance has the transfer and its reversal too, matched by their ids: no difference.
    // Its own client for the check's rate limit, which the export tests run up on purpose.
    const checkedPage = await officeGet(`/office/ledger?${SEPTEMBER}&check=stripe`, ownerCookie(), { 'X-Test-Client': unique('ledger') });
    expect(checkedPage.status).toBe(200);
    const checked = await checkedPage.text();
    // As words, so a difference shows in the failure.
    const section = /data-show="ledger-check"[\s\S]*?<\/section>/.exec(checked)?.[0] ?? 'no check section';
    expect(section.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('No difference.');
    expect(checked).toContain('data-fill="check:none"');
    expect(checked).not.toContain('data-difference=');
  });
});
