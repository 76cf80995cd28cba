/**
 * The Stripe stand-in answers as Stripe does (issue 39 item 10), asked through the official SDK the Worker uses, so
 * what the SDK makes of each answer (objects, lists, errors, its own retries) is what the Worker will meet. Its events
 * go to a small receiver here. Shapes and rules from Stripe's API reference: a session can be expired only while open;
 * an idempotency key replays the first answer that reached the endpoint (500s too) and refuses other parameters; lists
 * are newest first; charge.refunded carries the charge with its refunded total.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../shared/stripe-stand-in';

interface Received {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

let base: string;
const received: Received[] = [];
let stripe: Stripe;
let close: () => Promise<unknown>;

beforeAll(async () => {
  ({ base, stripe, close } = await startStripeStandIn((payload) => received.push(JSON.parse(payload) as Received)));
});

afterAll(() => close());

const session = (email: string, amount = 12_375, key?: string) =>
  stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: amount, product_data: { name: 'Deposit' } } }],
      customer_email: email,
      metadata: { reference: email },
      success_url: 'http://site.test/back?payment={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://site.test/back?payment=cancelled',
    },
    key ? { idempotencyKey: key } : {},
  );

const press = (id: string) => fetch(`${base}/pay/${id}/pay`, { method: 'POST', redirect: 'manual' });
const control = (path: string, body: Record<string, string | number> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** The receiver's events of `type` about `object id` (a session's, or a payment intent's for charges and disputes). */
async function eventsOf(type: string, about: string): Promise<Received[]> {
  const match = () => received.filter((e) => e.type === type && (e.data.object.id === about || e.data.object.payment_intent === about));
  await expect.poll(() => match().length, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
  return match();
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected Stripe to refuse it');
};

describe('the Stripe stand-in through the Stripe SDK', () => {
  it('gives the same session for the same idempotency key, and refuses the key with other parameters', async () => {
    const first = await session('ada@example.com', 12_375, 'payment-key-1');
    const again = await session('ada@example.com', 12_375, 'payment-key-1');
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await errorOf(session('ada@example.com', 15_000, 'payment-key-1'));
    expect(other.type).toBe('StripeIdempotencyError');
    expect(other.message).toContain('same parameters');
  });

  it('lists sessions newest first by status, retrieves one, and expires only an open one, with its event', async () => {
    const older = await session('bo@example.com');
    const newer = await session('bo@example.com');
    const open = await stripe.checkout.sessions.list({ status: 'open', limit: 100 });
    const ids = open.data.map((s) => s.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(open.object).toBe('list');

    const expired = await stripe.checkout.sessions.expire(older.id);
    expect(expired).toMatchObject({ id: older.id, status: 'expired', payment_status: 'unpaid', url: null });
    expect((await stripe.checkout.sessions.retrieve(older.id)).status).toBe('expired');
    const refused = await errorOf(stripe.checkout.sessions.expire(older.id));
    expect(refused.type).toBe('StripeInvalidRequestError');
    expect(refused.statusCode).toBe(400);
    expect((await eventsOf('checkout.session.expired', older.id))[0]!.data.object.status).toBe('expired');
    expect((await stripe.checkout.sessions.list({ status: 'open', limit: 100 })).data.map((s) => s.id)).not.toContain(older.id);
    // Its page takes no payment.
    expect(await (await press(older.id)).text()).toContain('This payment is expired.');
  });

  it('pays, retrieves the payment intent expanded, refunds with charge.refunded, and lists the refunds', async () => {
    const made = await session('cy@example.com');
    expect((await press(made.id)).status).toBe(303);
    const [completed] = await eventsOf('checkout.session.completed', made.id);
    expect(completed!.data.object).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 12_375, currency: 'gbp' });
    const paid = await stripe.checkout.sessions.retrieve(made.id, { expand: ['payment_intent'] });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 12_375 });
    expect((await stripe.checkout.sessions.list({ payment_intent: intent.id })).data.map((s) => s.id)).toEqual([made.id]);
    // A completed session cannot be expired.
    expect((await errorOf(stripe.checkout.sessions.expire(made.id))).statusCode).toBe(400);

    const refund = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 2_375, metadata: { refund_id: '7' } },
      { idempotencyKey: 'refund-7' },
    );
    expect(refund).toMatchObject({ object: 'refund', amount: 2_375, status: 'succeeded', metadata: { refund_id: '7' } });
    const [refunded] = await eventsOf('charge.refunded', intent.id);
    expect(refunded!.data.object).toMatchObject({ object: 'charge', amount: 12_375, amount_refunded: 2_375, refunded: false });
    // £123.75 less £23.75 leaves £100.00: £100.01 is too much.
    const tooMuch = await errorOf(stripe.refunds.create({ payment_intent: intent.id, amount: 10_001 }));
    expect(tooMuch.code).toBe('amount_too_large');
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data.map((r) => r.id)).toEqual([refund.id]);
  });

  it('takes its fee on a charge as Stripe’s balance shows one: fee, fee_details and net; none on a refund', async () => {
    // The stand-in's 1.5 % + 20p: £123.75 → 185.625p, to the nearest penny (a half up) 186p, + 20p = 206p; net £121.69.
    const made = await session('fee@example.com');
    expect((await press(made.id)).status).toBe(303);
    const intentId = (await stripe.checkout.sessions.retrieve(made.id)).payment_intent as string;
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.balance_transaction'] });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', amount: 12_375, payment_intent: intentId });
    expect(charge.balance_transaction).toMatchObject({
      object: 'balance_transaction',
      type: 'charge',
      source: charge.id,
      created: charge.created,
      amount: 12_375,
      fee: 206,
      net: 12_169,
      fee_details: [{ amount: 206, currency: 'gbp', type: 'stripe_fee', application: null, description: 'Stripe processing fees' }],
    });
    // Not expanded, each is its id.
    expect(typeof (await stripe.paymentIntents.retrieve(intentId)).latest_charge).toBe('string');
    const refund = await stripe.refunds.create({ payment_intent: intentId, amount: 1_000 });
    const [refundTxn] = (await stripe.balanceTransactions.list({ source: refund.id })).data;
    expect(refundTxn).toMatchObject({ type: 'refund', amount: -1_000, fee: 0, fee_details: [], net: -1_000 });
    expect((await errorOf(stripe.paymentIntents.retrieve('pi_test_none'))).code).toBe('resource_missing');
  });

  it('fails to answer for a PaymentIntent as many times as the customer’s address asks (+intentfailtimes1), then answers', async () => {
    const made = await session('ada+intentfailtimes1@example.com');
    expect((await press(made.id)).status).toBe(303);
    const intentId = (await stripe.checkout.sessions.retrieve(made.id)).payment_intent as string;
    expect((await errorOf(stripe.paymentIntents.retrieve(intentId))).statusCode).toBe(500);
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('succeeded');
  });

  it('replays a refund that failed with a 500 under its key, and lets a refused burst through on a later try', async () => {
    const failing = await session('di+refundfail@example.com');
    await press(failing.id);
    const intent = (await stripe.checkout.sessions.retrieve(failing.id)).payment_intent as string;
    const first = await errorOf(stripe.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey: 'refund-fail-1' }));
    expect(first.statusCode).toBe(500);
    const again = await errorOf(stripe.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey: 'refund-fail-1' }));
    expect(again.headers?.['idempotent-replayed']).toBe('true');

    const burst = await session('di+refundfailtimes2@example.com');
    await press(burst.id);
    const burstIntent = (await stripe.checkout.sessions.retrieve(burst.id)).payment_intent as string;
    for (let i = 0; i < 2; i++) {
      const refused = await errorOf(
        stripe.refunds.create({ payment_intent: burstIntent, amount: 100 }, { idempotencyKey: 'refund-burst' }),
      );
      expect(refused.type).toBe('StripeRateLimitError');
    }
    const third = await stripe.refunds.create({ payment_intent: burstIntent, amount: 100 }, { idempotencyKey: 'refund-burst' });
    expect(third.amount).toBe(100);
  });

  it('completes a delayed payment unpaid, then settles it either way with the async events', async () => {
    const settles = await session('ed+asyncpay@example.com');
    await press(settles.id);
    const [completed] = await eventsOf('checkout.session.completed', settles.id);
    expect(completed!.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(
      ((await stripe.checkout.sessions.retrieve(settles.id, { expand: ['payment_intent'] })).payment_intent as Stripe.PaymentIntent).status,
    ).toBe('processing');
    expect((await control(`/sessions/${settles.id}/settle`, { outcome: 'succeeded' })).status).toBe(200);
    expect((await eventsOf('checkout.session.async_payment_succeeded', settles.id))[0]!.data.object.payment_status).toBe('paid');

    const fails = await session('ed+asyncpay@example.com');
    await press(fails.id);
    await control(`/sessions/${fails.id}/settle`, { outcome: 'failed' });
    expect((await eventsOf('checkout.session.async_payment_failed', fails.id))[0]!.data.object.payment_status).toBe('unpaid');
    const intent = (await stripe.checkout.sessions.retrieve(fails.id, { expand: ['payment_intent'] }))
      .payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('requires_payment_method');
  });

  it('sends a dashboard refund without metadata, a dispute, and refuses to refund a disputed charge', async () => {
    const made = await session('fi@example.com');
    await press(made.id);
    const intent = (await stripe.checkout.sessions.retrieve(made.id)).payment_intent as string;
    expect((await control('/dashboard/refunds', { payment_intent: intent, amount: 1_000 })).status).toBe(200);
    const [refunded] = await eventsOf('charge.refunded', intent);
    expect(refunded!.data.object.amount_refunded).toBe(1_000);
    expect((await stripe.refunds.list({ payment_intent: intent })).data[0]!.metadata).toEqual({});

    expect((await control('/dashboard/disputes', { payment_intent: intent })).status).toBe(200);
    const [disputed] = await eventsOf('charge.dispute.created', intent);
    // What is left after the £10.00 refund: £113.75.
    expect(disputed!.data.object).toMatchObject({ object: 'dispute', amount: 11_375, status: 'needs_response', currency: 'gbp' });
    expect((await errorOf(stripe.refunds.create({ payment_intent: intent, amount: 100 }))).code).toBe('charge_disputed');
  });

  it('takes a penny less, or euros, when the customer’s address asks for it', async () => {
    const short = await session('gi+pennyshort@example.com');
    await press(short.id);
    expect((await stripe.checkout.sessions.retrieve(short.id)).amount_total).toBe(12_374);
    const euros = await session('gi+euros@example.com');
    await press(euros.id);
    expect(await stripe.checkout.sessions.retrieve(euros.id)).toMatchObject({ amount_total: 12_375, currency: 'eur' });
  });
});
