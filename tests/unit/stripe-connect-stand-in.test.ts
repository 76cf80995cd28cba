/**
 * Stripe Connect in the Stripe stand-in (issue 43 item 5), asked through the official SDK the Worker uses, with a real
 * browser's path through the hosted onboarding page (plain form posts) and the events checked with the SDK's own
 * constructEvent. Shapes and rules from Stripe's API reference: an account link is single-use and sends the browser to
 * return_url, or to refresh_url once used; a transfer needs the destination's transfers capability active; reversals
 * add up in amount_reversed and `reversed` is set once all is back; an idempotency key replays the first answer and
 * refuses other parameters.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_WEBHOOK_SECRET } from '../../stand-ins/stripe/server.mjs';
import { startStripeStandIn } from '../shared/stripe-stand-in';
import { partnerEmail } from '../shared/stand-ins';

interface Delivery {
  payload: string;
  signature: string;
}

let base: string;
const deliveries: Delivery[] = [];
let stripe: Stripe;
let close: () => Promise<unknown>;

beforeAll(async () => {
  ({ base, stripe, close } = await startStripeStandIn((payload, signature) => deliveries.push({ payload, signature })));
});

afterAll(() => close());

/** Once `count` have come, the events of `type` about `objectId`, each verified with the SDK as the Worker does. */
async function eventsOf(type: string, objectId: string, count = 1): Promise<Stripe.Event[]> {
  const verified = () =>
    deliveries
      .map((d) => stripe.webhooks.constructEvent(d.payload, d.signature, STAND_IN_WEBHOOK_SECRET))
      .filter((event) => event.type === type && (event.data.object as { id?: string }).id === objectId);
  await expect.poll(() => verified().length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(count);
  return verified();
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected Stripe to refuse it');
};

const newPartner = (email: string) =>
  stripe.accounts.create({
    type: 'express',
    country: 'GB',
    email,
    capabilities: { transfers: { requested: true } },
    business_type: 'individual',
  });

const post = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });
const links = (account: string) =>
  stripe.accountLinks.create({
    account,
    type: 'account_onboarding',
    refresh_url: `http://site.test/partner/payouts?again=${account}`,
    return_url: `http://site.test/partner/payouts?back=${account}`,
  });

/** Opens the link as a browser does and presses one of the page's buttons; answers where the browser is sent. */
async function onboard(account: string, button: 'Complete onboarding' | 'Submit for verification' | 'Save and finish later') {
  const link = await links(account);
  const page = await fetch(link.url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = new RegExp(`<form method="post" action="([^"]+)"><button type="submit">${button}</button>`).exec(html)?.[1];
  expect(action, `the page offers "${button}"`).toBeDefined();
  const pressed = await post(new URL(action!, link.url).href);
  expect(pressed.status).toBe(303);
  return { link, location: pressed.headers.get('location') };
}

describe('an Express partner account', () => {
  it('starts unable to take transfers, with what Stripe needs listed', async () => {
    const account = await newPartner(partnerEmail('new'));
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'GB',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { transfers: 'inactive' },
      requirements: { disabled_reason: 'requirements.past_due' },
    });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements?.currently_due).toEqual(expect.arrayContaining(['external_account', 'tos_acceptance.date']));
    const refused = await errorOf(stripe.transfers.create({ amount: 1000, currency: 'gbp', destination: account.id }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused.code).toBe('insufficient_capabilities_for_transfer');
    expect((await stripe.accounts.retrieve(account.id)).id).toBe(account.id);
  });

  it('onboards through the hosted page: enabled, back to return_url, and a signed account.updated', async () => {
    const account = await newPartner(partnerEmail('onboards'));
    const { link, location } = await onboard(account.id, 'Complete onboarding');
    expect(link).toMatchObject({ object: 'account_link' });
    expect(link.expires_at - link.created).toBe(300);
    expect(location).toBe(`http://site.test/partner/payouts?back=${account.id}`);

    const now = await stripe.accounts.retrieve(account.id);
    expect(now).toMatchObject({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
    expect(now.requirements).toMatchObject({ currently_due: [], disabled_reason: null });
    // Only card payments would make it take charges: a partner paid by transfers never does.
    expect(now.charges_enabled).toBe(false);

    const [event] = await eventsOf('account.updated', account.id);
    expect(event!.account).toBe(account.id);
    expect((event!.data.object as Stripe.Account).payouts_enabled).toBe(true);
    expect(event!.data.previous_attributes).toMatchObject({ payouts_enabled: false, details_submitted: false });
  });

  it('a link is single-use: opened again it sends the browser to refresh_url', async () => {
    const account = await newPartner(partnerEmail('link'));
    const link = await links(account.id);
    expect((await fetch(link.url)).status).toBe(200);
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`http://site.test/partner/payouts?again=${account.id}`);
    const refused = await errorOf(
      stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', return_url: 'http://site.test/' }),
    );
    expect(refused.param).toBe('refresh_url');
  });

  it('left for later stays as it was; submitted waits for verification until Stripe verifies it', async () => {
    const later = await newPartner(partnerEmail('later'));
    expect((await onboard(later.id, 'Save and finish later')).location).toContain('back=');
    expect(await stripe.accounts.retrieve(later.id)).toMatchObject({ details_submitted: false, payouts_enabled: false });

    const pending = await newPartner(partnerEmail('pending'));
    await onboard(pending.id, 'Submit for verification');
    expect(await stripe.accounts.retrieve(pending.id)).toMatchObject({
      details_submitted: true,
      payouts_enabled: false,
      capabilities: { transfers: 'pending' },
      requirements: { disabled_reason: 'requirements.pending_verification' },
    });
    expect((await post(`${base}/connect/accounts/${pending.id}/verify`)).status).toBe(200);
    expect(await stripe.accounts.retrieve(pending.id)).toMatchObject({ payouts_enabled: true, capabilities: { transfers: 'active' } });
    const events = await eventsOf('account.updated', pending.id, 2);
    // Each delivery is on its own, so they may arrive in either order.
    expect(events.map((e) => (e.data.object as Stripe.Account).capabilities?.transfers).sort()).toEqual(['active', 'pending']);
  });

  it('restricted by Stripe, it takes no transfers until onboarded again', async () => {
    const account = await newPartner(partnerEmail('restricted', 'onboarded'));
    expect(account.payouts_enabled).toBe(true);
    await post(`${base}/connect/accounts/${account.id}/restrict`);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      payouts_enabled: false,
      requirements: { currently_due: ['individual.verification.document'] },
    });
    expect((await errorOf(stripe.transfers.create({ amount: 500, currency: 'gbp', destination: account.id }))).code).toBe(
      'insufficient_capabilities_for_transfer',
    );
    await onboard(account.id, 'Complete onboarding');
    expect((await stripe.transfers.create({ amount: 500, currency: 'gbp', destination: account.id })).amount).toBe(500);
  });

  it('an unknown account is refused as Stripe refuses one the key cannot see', async () => {
    const refused = await errorOf(stripe.accounts.retrieve('acct_nobody'));
    expect(refused.statusCode).toBe(403);
    expect(refused.code).toBe('account_invalid');
  });
});

describe('transfers and reversals', () => {
  it('a transfer, its balance transaction, two partial reversals adding up, and its events', async () => {
    const partner = await newPartner(partnerEmail('paid', 'onboarded'));
    const transfer = await stripe.transfers.create({
      amount: 42_50,
      currency: 'gbp',
      destination: partner.id,
      transfer_group: 'move:AB12CD34E',
      metadata: { job: 'AB12CD34E' },
    });
    expect(transfer).toMatchObject({
      object: 'transfer',
      amount: 42_50,
      amount_reversed: 0,
      currency: 'gbp',
      destination: partner.id,
      transfer_group: 'move:AB12CD34E',
      metadata: { job: 'AB12CD34E' },
      reversed: false,
    });
    const txn = await stripe.balanceTransactions.retrieve(transfer.balance_transaction as string);
    expect(txn).toMatchObject({ type: 'transfer', amount: -42_50, net: -42_50, fee: 0, source: transfer.id });

    const first = await stripe.transfers.createReversal(transfer.id, { amount: 10_00, metadata: { refund: 're_1' } });
    expect(first).toMatchObject({ object: 'transfer_reversal', amount: 10_00, transfer: transfer.id, metadata: { refund: 're_1' } });
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 10_00, reversed: false });
    const tooMuch = await errorOf(stripe.transfers.createReversal(transfer.id, { amount: 32_51 }));
    expect(tooMuch.param).toBe('amount');
    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(32_50);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 42_50, reversed: true });
    expect((await stripe.balanceTransactions.retrieve(rest.balance_transaction as string)).amount).toBe(32_50);

    const reversals = await stripe.transfers.listReversals(transfer.id);
    expect(reversals.data.map((r) => r.amount)).toEqual([32_50, 10_00]);
    expect((await stripe.transfers.retrieveReversal(transfer.id, first.id)).amount).toBe(10_00);
    expect((await stripe.transfers.list({ destination: partner.id })).data.map((t) => t.id)).toEqual([transfer.id]);
    expect((await stripe.transfers.list({ transfer_group: 'move:AB12CD34E' })).data).toHaveLength(1);

    await eventsOf('transfer.created', transfer.id);
    const reversed = await eventsOf('transfer.reversed', transfer.id, 2);
    expect(reversed.map((e) => (e.data.object as Stripe.Transfer).amount_reversed).sort((a, b) => a - b)).toEqual([10_00, 42_50]);
  });

  it('an idempotency key makes one transfer, replays it, and refuses other parameters', async () => {
    const partner = await newPartner(partnerEmail('once', 'onboarded'));
    const key = `transfer:${partner.id}`;
    const params = { amount: 120_00, currency: 'gbp', destination: partner.id };
    const first = await stripe.transfers.create(params, { idempotencyKey: key });
    const again = await stripe.transfers.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await errorOf(stripe.transfers.create({ ...params, amount: 120_01 }, { idempotencyKey: key }));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((await stripe.transfers.list({ destination: partner.id })).data).toHaveLength(1);
  });

  it('keys are one space with Checkout and refunds; the same key twice at once still makes one transfer', async () => {
    const partner = await newPartner(partnerEmail('shared', 'onboarded'));
    const params = { amount: 75_00, currency: 'gbp', destination: partner.id };
    const sessionKey = `session:${partner.id}`;
    await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        success_url: 'https://shiftly.example/paid',
        line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: 75_00, product_data: { name: 'Deposit' } } }],
      },
      { idempotencyKey: sessionKey },
    );
    expect(await errorOf(stripe.transfers.create(params, { idempotencyKey: sessionKey }))).toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
    // The second waits for the first (Stripe answers 409 idempotency_key_in_use, which the SDK retries) and replays it.
    const key = `transfer:${partner.id}`;
    const [one, two] = await Promise.all([
      stripe.transfers.create(params, { idempotencyKey: key }),
      stripe.transfers.create(params, { idempotencyKey: key }),
    ]);
    expect(two.id).toBe(one.id);
    expect((await stripe.transfers.list({ destination: partner.id })).data).toHaveLength(1);
  });

  it('a tagged partner makes transfers fail for that partner alone', async () => {
    const failing = await newPartner(partnerEmail('down', 'onboarded', 'transferfail'));
    const down = await errorOf(
      stripe.transfers.create({ amount: 100, currency: 'gbp', destination: failing.id }, { idempotencyKey: `k:${failing.id}` }),
    );
    expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError);
    // The failure is kept under its key: a retry gets the same answer, as from Stripe.
    const replay = await errorOf(
      stripe.transfers.create({ amount: 100, currency: 'gbp', destination: failing.id }, { idempotencyKey: `k:${failing.id}` }),
    );
    expect(replay.headers?.['idempotent-replayed']).toBe('true');

    const burst = await newPartner(partnerEmail('burst', 'onboarded', 'transferfailtimes2'));
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        await stripe.transfers.create({ amount: 100, currency: 'gbp', destination: burst.id }).then(
          () => 200,
          (e: Stripe.errors.StripeError) => e.statusCode,
        ),
      );
    }
    expect(statuses).toEqual([429, 429, 200]);

    const poor = await newPartner(partnerEmail('poor', 'onboarded', 'balanceinsufficient'));
    expect((await errorOf(stripe.transfers.create({ amount: 100, currency: 'gbp', destination: poor.id }))).code).toBe(
      'balance_insufficient',
    );

    const spent = await newPartner(partnerEmail('spent', 'onboarded', 'reversalrefused'));
    const paid = await stripe.transfers.create({ amount: 100, currency: 'gbp', destination: spent.id });
    expect((await errorOf(stripe.transfers.createReversal(paid.id, { amount: 50 }))).code).toBe('balance_insufficient');

    const fine = await newPartner(partnerEmail('fine', 'onboarded'));
    expect((await stripe.transfers.create({ amount: 100, currency: 'gbp', destination: fine.id })).amount).toBe(100);
  });
});
