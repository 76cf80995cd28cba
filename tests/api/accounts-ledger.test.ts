/**
 * The ledger and its reconciliation with Stripe (issue 45 item 3, its "done when") and who may see the money pages
 * (item 6), over HTTP. Each month is booked through the real payment paths with the Stripe stand-in's clock set inside
 * it (POST /clock): the customer pays on the stand-in's page, its events reach the Worker dated the same instant.
 *
 * Worked by hand for June 2025, registered for VAT at 20 %: 25 deposits of £40.00 + £12.37 × i (i = 0…24) make
 * 25 × £40.00 + £12.37 × 300 = £1,000.00 + £3,711.00 = £4,711.00 taken; 25 refunds from Stripe's dashboard of
 * £10.00 + £3.11 × j make £250.00 + £933.00 = £1,183.00 back; £3,528.00 net. The VAT within each amount is a sixth of
 * it, to the penny, as each receipt and credit note shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { acceptWrittenQuote } from '../shared/office-posts';
import { checkoutAt, deliveredEvent, FORM, makeQuote, pressPay, sendQuote, stripeApi, stripeUrl, type Made } from './card-payments';
import { parseCsv } from './csv';
import { apiBase, query, unique } from './helpers';
import { officeGet, officePost, OWNER_EMAIL, signInStaff } from './office';

const settings = (fields: Record<string, string>) => officePost(OFFICE_PATHS.settings, fields);

async function setClock(at: string): Promise<void> {
  const response = await fetch(`${stripeUrl()}/clock`, {
    method: 'POST',
    headers: { 'Content-Type': FORM },
    body: `at=${encodeURIComponent(at)}`,
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  expect((await settings({ vatRegistered: 'on', vatNumber: 'GB123456789' })).status).toBe(303);
});
afterAll(async () => {
  await setClock('');
  expect((await settings({ vatRegistered: 'off', vatNumber: '', moneyStaff: '' })).status).toBe(303);
});

const pounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
const shown = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const sixth = (pence: number) => Math.round(pence / 6);

/** A deposit of `pence` accepted and paid on the stand-in's page: the move and Stripe's PaymentIntent. */
async function paidDeposit(pence: number, tag?: string): Promise<{ quote: Made; sessionId: string }> {
  const quote = await makeQuote(tag);
  await sendQuote(quote, pounds(pence));
  const { sessionId } = checkoutAt(await acceptWrittenQuote(apiBase(), quote));
  await pressPay(sessionId);
  return { quote, sessionId };
}

const intentOf = async (sessionId: string) =>
  (await stripeApi<{ payment_intent: string }>(`/v1/checkout/sessions/${sessionId}`)).payment_intent;

/** Stripe's balance for [from, until) through its list's pages: charges and refunds, in pence. */
async function stripeBalance(from: string, until: string): Promise<{ charges: number; refunds: number; count: number }> {
  const totals = { charges: 0, refunds: 0, count: 0 };
  let after = '';
  for (;;) {
    const params = new URLSearchParams({
      'created[gte]': String(Date.parse(from) / 1000),
      'created[lt]': String(Date.parse(until) / 1000),
      limit: '20',
      ...(after ? { starting_after: after } : {}),
    });
    const page = await stripeApi<{ has_more: boolean; data: Array<{ id: string; type: string; amount: number }> }>(
      `/v1/balance_transactions?${params}`,
    );
    for (const txn of page.data) {
      if (txn.type === 'charge') totals.charges += txn.amount;
      else totals.refunds -= txn.amount;
      totals.count += 1;
    }
    if (!page.has_more) return totals;
    after = page.data.at(-1)!.id;
  }
}

const penceOf = (amount: string) => Math.round(Number(amount) * 100);
const fill = (html: string, name: string) => new RegExp(`data-fill="${name}"[^>]*>\\s*([^<]*?)\\s*<`).exec(html)?.[1];

const JUNE = { from: '2025-06-01', to: '2025-06-30' };
const june = `from=${JUNE.from}&to=${JUNE.to}`;
const DEPOSITS = Array.from({ length: 25 }, (_, i) => 4000 + 1237 * i);
const REFUNDS = Array.from({ length: 25 }, (_, j) => 1000 + 311 * j);

describe('the ledger', () => {
  it('fifty payments and refunds in June 2025: ledger, CSVs, report, D1 and Stripe agree to the penny, and the check finds no difference', async () => {
    const paid: Array<{ quote: Made; sessionId: string }> = [];
    // Five deposits a day, on the 2nd, 6th, 10th, 14th and 18th at 10:00 in London (09:00 UTC in summer).
    for (let day = 0; day < 5; day++) {
      await setClock(`2025-06-${String(2 + day * 4).padStart(2, '0')}T09:00:00.000Z`);
      const batch = DEPOSITS.slice(day * 5, day * 5 + 5);
      const made = await Promise.all(batch.map((pence) => paidDeposit(pence)));
      await Promise.all(made.map((one) => deliveredEvent(one.sessionId)));
      paid.push(...made);
    }
    const intents = await Promise.all(paid.map((one) => intentOf(one.sessionId)));
    // A refund of each from Stripe's dashboard, one a day from the 3rd, the last at 23:30 on the 27th (London).
    for (const [j, pence] of REFUNDS.entries()) {
      await setClock(`2025-06-${String(3 + j).padStart(2, '0')}T22:30:00.000Z`);
      const refund = (await (
        await fetch(`${stripeUrl()}/dashboard/refunds`, {
          method: 'POST',
          headers: { 'Content-Type': FORM },
          body: new URLSearchParams({ payment_intent: intents[j]!, amount: String(pence) }).toString(),
        })
      ).json()) as { id: string };
      await expect
        .poll(() => query("SELECT 1 FROM refunds WHERE stripe_refund_id = ? AND status = 'succeeded'", refund.id).length, {
          timeout: 20_000,
        })
        .toBe(1);
    }
    await setClock('');
    const references = paid.map((one) => one.quote.reference);
    await expect
      .poll(
        () => query(`SELECT COUNT(*) AS n FROM documents WHERE reference IN (${references.map(() => '?').join(',')})`, ...references)[0],
        {
          timeout: 30_000,
        },
      )
      .toEqual({ n: 50 });

    const [taken, back, net] = [471100, 118300, 352800];
    const vat = DEPOSITS.reduce((sum, p) => sum + sixth(p), 0) - REFUNDS.reduce((sum, p) => sum + sixth(p), 0);

    // D1, June in London: 1 June 00:00 BST is 31 May 23:00 UTC.
    const [start, until] = ['2025-05-31T23:00:00.000Z', '2025-06-30T23:00:00.000Z'];
    expect(query('SELECT SUM(amount_pence) AS p, COUNT(*) AS n FROM payments WHERE paid_at >= ? AND paid_at < ?', start, until)).toEqual([
      { p: taken, n: 25 },
    ]);
    expect(
      query(
        "SELECT SUM(amount_pence) AS p, COUNT(*) AS n FROM refunds WHERE status = 'succeeded' AND done_at >= ? AND done_at < ?",
        start,
        until,
      ),
    ).toEqual([{ p: back, n: 25 }]);
    // The stand-in, through its list's pages.
    expect(await stripeBalance(start, until)).toEqual({ charges: taken, refunds: back, count: 50 });

    const page = await officeGet(`/office/ledger?${june}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(fill(html, 'taken:Jun 2025')).toBe(shown(taken));
    expect(fill(html, 'refunded:Jun 2025')).toBe(shown(back));
    expect(fill(html, 'net:Jun 2025')).toBe(shown(net));
    expect(fill(html, 'vat:Jun 2025')).toBe(shown(vat));
    expect(fill(html, 'lines:Jun 2025')).toBe('50');
    expect(fill(html, 'net:The period')).toBe(shown(net));
    for (const intent of intents) expect(html).toContain(`data-line="${intent}"`);

    const csv = await officeGet(`/office/ledger.csv?${june}`);
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="ledger-${JUNE.from}-to-${JUNE.to}.csv"`);
    const [header, ...rows] = parseCsv(await csv.text());
    expect(header).toEqual(['Date', 'Reference', 'Kind', 'Stripe id', 'Amount', 'VAT', 'Amount less VAT', 'Partner']);
    // This test's own moves' rows, picked out by reference: other tests' rows may share the file's dates.
    const ours = rows.filter((row) => references.includes(row[1]!));
    expect(ours.length).toBe(50);
    expect(ours.reduce((sum, row) => sum + penceOf(row[4]!), 0)).toBe(net);
    expect(ours.reduce((sum, row) => sum + penceOf(row[5]!), 0)).toBe(vat);
    expect(ours.every((row) => penceOf(row[4]!) - penceOf(row[5]!) === penceOf(row[6]!))).toBe(true);
    expect(ours.find((row) => row[3] === intents[0])).toEqual([
      '02/06/2025',
      references[0],
      'Deposit',
      intents[0],
      '40.00',
      '6.67',
      '33.33',
      '',
    ]);

    const xero = parseCsv(await (await officeGet(`/office/reports/xero.csv?${june}`)).text()).slice(1);
    expect(xero.length).toBe(50);
    expect(xero.reduce((sum, row) => sum + penceOf(row[16]!) * penceOf(row[17]!), 0) / 100).toBe(net);

    const report = await (await officeGet(`/office/reports?${june}`)).text();
    expect(fill(report, 'taken:Jun 2025')).toBe(shown(net));
    expect(fill(report, 'figure:Revenue taken, less refunds')).toBe(shown(net));

    const checked = await officeGet(`/office/ledger?${june}&check=stripe`);
    expect(checked.status).toBe(200);
    const checkedHtml = await checked.text();
    expect(checkedHtml).toContain('data-fill="check:none"');
    expect(checkedHtml).not.toContain('data-difference=');
    expect(query("SELECT actor, detail FROM audit_log WHERE action = 'accounts_reconciled' ORDER BY id DESC LIMIT 1")).toEqual([
      { actor: OWNER_EMAIL, detail: `Checked the ledger against Stripe for ${JUNE.from} to ${JUNE.to}` },
    ]);
  });

  it('lists each difference made on purpose: a payment whose events never arrived, one Stripe took a penny short of', async () => {
    await setClock('2025-07-10T09:00:00.000Z');
    const agreed = await paidDeposit(12375);
    const lost = await paidDeposit(20000, 'webhooklost');
    const short = await paidDeposit(15000, 'pennyshort');
    await deliveredEvent(agreed.sessionId);
    await deliveredEvent(short.sessionId);
    await setClock('');
    await expect
      .poll(() => query('SELECT status FROM payments WHERE checkout_session_id = ?', short.sessionId))
      .toEqual([{ status: 'mismatch' }]);
    const [lostIntent, shortIntent] = [await intentOf(lost.sessionId), await intentOf(short.sessionId)];

    const html = await (await officeGet('/office/ledger?from=2025-07-01&to=2025-07-31&check=stripe')).text();
    expect(fill(html, 'check:count')).toBe('2 differences with Stripe:');
    const differences = [...html.matchAll(/<tr[^>]*data-difference="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, id, cells]) => [
      id,
      ...[...cells!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map(([, text]) => text!.trim()),
    ]);
    expect(differences.toSorted()).toEqual(
      [
        [lostIntent, 'At Stripe, not in our records', lostIntent, '', 'None', '£200.00'],
        [shortIntent, 'At Stripe, not in our records', shortIntent, '', 'None', '£149.99'],
      ].toSorted(),
    );
    // The agreed one is on the ledger; the two Stripe took and we did not count are not.
    expect(fill(html, 'taken:Jul 2025')).toBe('£123.75');
  });
});

describe('who may see the money pages', () => {
  const MONEY = ['/office/ledger', '/office/ledger.csv', '/office/reports', '/office/reports/xero.csv', '/office/reports/payments.csv'];

  it('the owner only, until the owner gives them to a member in settings; taken back, they are shut again', async () => {
    const email = `${unique('money-staff')}@example.com`;
    expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Sam Okafor', email })).status).toBe(303);
    const staff = await signInStaff(email);
    for (const path of MONEY) expect([path, (await officeGet(path, staff)).status]).toEqual([path, 404]);
    expect(await (await officeGet(OFFICE_PATHS.home, staff)).text()).not.toContain('href="/office/ledger"');
    expect((await officeGet('/office/ledger', null)).status).toBe(303);

    // Given them: every money page opens, the header links them; settings and staff stay the owner's.
    expect((await settings({ moneyStaff: `someone-else@example.com\n${email.toUpperCase()}` })).status).toBe(303);
    for (const path of MONEY) expect([path, (await officeGet(path, staff)).status]).toEqual([path, 200]);
    expect(await (await officeGet(OFFICE_PATHS.home, staff)).text()).toContain('href="/office/ledger"');
    expect((await officeGet(OFFICE_PATHS.settings, staff)).status).toBe(404);
    expect((await officePost(OFFICE_PATHS.settings, { moneyStaff: '' }, staff)).status).toBe(404);
    expect(query("SELECT actor, detail FROM audit_log WHERE action = 'accounts_exported' ORDER BY id DESC LIMIT 1")).toEqual([
      { actor: email, detail: expect.stringMatching(/^Downloaded the payments CSV for /) },
    ]);
    const [change] = query<{ actor: string; detail: string }>(
      "SELECT actor, detail FROM audit_log WHERE action = 'setting_changed' ORDER BY id DESC LIMIT 1",
    );
    expect(change).toEqual({ actor: OWNER_EMAIL, detail: expect.stringContaining(`someone-else@example.com, ${email}`) });

    expect((await settings({ moneyStaff: '' })).status).toBe(303);
    for (const path of MONEY) expect([path, (await officeGet(path, staff)).status]).toEqual([path, 404]);
  });

  it('refuses a line that is not an e-mail address, by its field', async () => {
    const refused = await settings({ moneyStaff: 'sam@example.com\nnot an address' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Line 2, “not an address”, is not an e-mail address, for example name@example.com.');
  });
});
