import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { cancellationTier, cancellationTiers } from '~/data/promises';
import { cancellationFeePence, moveStartsAt, noticeHours, refundAfterFeePence } from '~/lib/cancellation-fee';
import { addDays, londonInstant } from '~/lib/dates';
import { balanceDuePence, STRIPE_WEBHOOK_PATH } from '~/lib/payments';
import { STRIPE_WEBHOOK_PATH as STAND_IN_WEBHOOK_PATH } from '../../scripts/lib/stand-ins.mjs';
import { parseStripeForm, stripeSignature } from '../../stand-ins/stripe/server.mjs';
import { storedPayload } from '../../functions/lib/payments/webhook';
import type { Stripe } from '../../functions/lib/payments/stripe';

describe('payment maths', () => {
  it('leaves the balance after the deposit, never below nothing', () => {
    // £495.00 less a £123.75 deposit is £371.25.
    expect(balanceDuePence(49_500, 12_375)).toBe(37_125);
    expect(balanceDuePence(49_500, 49_500)).toBe(0);
    expect(balanceDuePence(10_000, 12_000)).toBe(0);
  });
});

describe('the Stripe stand-in', () => {
  it('sends its events to the path the Worker answers', () => {
    expect(STAND_IN_WEBHOOK_PATH).toBe(STRIPE_WEBHOOK_PATH);
  });

  it('signs as Stripe does: t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload">', () => {
    // Worked with Node's HMAC directly, as Stripe's documentation describes the scheme.
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"id":"evt_1"}').digest('hex');
    expect(stripeSignature('{"id":"evt_1"}', 'whsec_x', 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('reads the SDK’s nested form encoding back into objects and arrays', () => {
    const body =
      'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=gbp&line_items[0][price_data][unit_amount]=12375&metadata[reference]=SHF-1';
    expect(parseStripeForm(new URLSearchParams(body).toString())).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'gbp', unit_amount: '12375' } }],
      metadata: { reference: 'SHF-1' },
    });
  });
});

describe('the cancellation fee (src/data/promises.ts terms)', () => {
  it('counts notice by the clock to the start of the arrival window, 8 am on the day while none is set', () => {
    // 8 am on 13 March 2027 (GMT) less noon on the 10th: 2 days and 20 hours = 68 hours.
    expect(noticeHours(new Date('2027-03-10T12:00:00Z'), moveStartsAt('2027-03-13', null))).toBe(68);
    // A 10-12 window starts at 10 am: 2 hours more.
    expect(noticeHours(new Date('2027-03-10T12:00:00Z'), moveStartsAt('2027-03-13', '10-12'))).toBe(70);
    // A window the owner set as 7:30 to 9:30 (its key 07:30-09:30) starts half an hour earlier than 8 am.
    expect(noticeHours(new Date('2027-03-10T12:00:00Z'), moveStartsAt('2027-03-13', '07:30-09:30'))).toBe(67.5);
    // In summer London is an hour ahead: 8 am BST on 13 July is 07:00 UTC, so 67 hours after noon UTC on the 10th.
    expect(noticeHours(new Date('2027-07-10T12:00:00Z'), moveStartsAt('2027-07-13', null))).toBe(67);
    // After the start it is no notice at all.
    expect(noticeHours(new Date('2027-03-13T09:00:00Z'), moveStartsAt('2027-03-13', null))).toBe(0);
  });

  it('charges the tier’s share of the booked price and refunds what was paid beyond it', () => {
    // £495.00: 48 hours or more costs nothing; 24 to 48 hours 25 % = £123.75; under 24 hours 50 % = £247.50.
    expect(cancellationFeePence(49_500, 48)).toBe(0);
    expect(cancellationFeePence(49_500, 47.99)).toBe(12_375);
    expect(cancellationFeePence(49_500, 24)).toBe(12_375);
    expect(cancellationFeePence(49_500, 0)).toBe(24_750);
    // A £300.00 deposit less £123.75 is £176.25 back; a £123.75 deposit less £247.50 is nothing back (never negative).
    expect(refundAfterFeePence(30_000, 12_375)).toBe(17_625);
    expect(refundAfterFeePence(12_375, 24_750)).toBe(0);
  });

  /** The terms page's words for each tier, read as a customer reads them: "48 hours or more", "24 to 48", "Under 24". */
  const termsSay = (hours: number): string =>
    cancellationTiers.find((tier) => {
      const more = /^(\d+) hours or more$/.exec(tier.notice);
      const between = /^(\d+) to (\d+) hours$/.exec(tier.notice);
      const under = /^Under (\d+) hours$/.exec(tier.notice);
      if (more) return hours >= Number(more[1]);
      if (between) return hours >= Number(between[1]) && hours < Number(between[2]);
      return !!under && hours < Number(under[1]);
    })!.outcome;

  it('agrees with the terms page at every minute around midnight, in winter and in summer', () => {
    for (const moveDate of ['2027-01-20', '2027-07-21']) {
      const start = moveStartsAt(moveDate, null);
      // From 10 pm three evenings before to 2 am two nights before, each minute: 54 to 58 hours before 8 am, all free.
      const from = londonInstant(addDays(moveDate, -3), '22:00').getTime();
      for (let minute = 0; minute <= 4 * 60; minute += 1) {
        const at = new Date(from + minute * 60_000);
        const hours = noticeHours(at, start);
        expect(hours).toBeGreaterThan(53.9);
        expect(cancellationTier(hours).outcome).toBe(termsSay(hours));
        expect(cancellationFeePence(49_500, hours)).toBe(0);
      }
      // And around the 48-hour line (8 am two days before) and the 24-hour one, minute by minute.
      for (const [day, fee] of [
        [-2, 12_375],
        [-1, 24_750],
      ] as const) {
        const line = londonInstant(addDays(moveDate, day), '08:00').getTime();
        for (let minute = -90; minute <= 90; minute += 1) {
          const hours = noticeHours(new Date(line + minute * 60_000), start);
          expect(cancellationTier(hours).outcome).toBe(termsSay(hours));
          expect(cancellationFeePence(49_500, hours)).toBe(minute <= 0 ? (day === -2 ? 0 : 12_375) : fee);
        }
      }
    }
  });

  it('finds London wall-clock times on both sides of the clocks changing', () => {
    // The clocks go forward at 1 am GMT on 28 March 2027 and back at 1 am GMT on 31 October 2027.
    expect(londonInstant('2027-03-27', '08:00').toISOString()).toBe('2027-03-27T08:00:00.000Z');
    expect(londonInstant('2027-03-28', '08:00').toISOString()).toBe('2027-03-28T07:00:00.000Z');
    expect(londonInstant('2027-10-30', '08:00').toISOString()).toBe('2027-10-30T07:00:00.000Z');
    expect(londonInstant('2027-10-31', '08:00').toISOString()).toBe('2027-10-31T08:00:00.000Z');
    expect(londonInstant('2027-01-20', '00:01').toISOString()).toBe('2027-01-20T00:01:00.000Z');
    expect(londonInstant('2027-07-20', '00:01').toISOString()).toBe('2027-07-19T23:01:00.000Z');
  });
});

describe("what is kept of Stripe's events", () => {
  /** A session's own facts, as Stripe sends them and as they are kept. */
  const facts = {
    id: 'cs_1',
    object: 'checkout.session',
    amount_total: 12_375,
    currency: 'gbp',
    payment_intent: 'pi_1',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: 'SHF1',
    metadata: { payment_id: '3', reference: 'SHF1', purpose: 'deposit' },
  };
  const head = { id: 'evt_1', type: 'checkout.session.completed', created: 1_700_000_000, livemode: false };
  const event = {
    ...head,
    object: 'event',
    pending_webhooks: 1,
    data: {
      object: {
        ...facts,
        customer_email: 'ada@example.com',
        customer_details: { email: 'ada@example.com', name: 'Ada Lovelace', address: { postal_code: 'M1 1AA' }, phone: null },
        success_url: 'https://example.com/quote-confirmation?ref=SHF1',
      },
    },
  } as unknown as Stripe.Event;

  it('keeps the id, type and the payment’s facts, and none of the customer’s details', () => {
    expect(JSON.parse(storedPayload(event))).toEqual({ ...head, data: { object: facts } });
  });

  it('keeps the same of the events stored before (migration 0020), as the Worker now stores', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE app_meta (key TEXT PRIMARY KEY, value TEXT)');
    db.exec(readFileSync('migrations/0017_payments.sql', 'utf8'));
    const plant = db.prepare("INSERT INTO stripe_events (id, type, received_at, delivery, payload) VALUES (?, ?, '2026-11-01', 'd', ?)");
    plant.run('evt_1', event.type, JSON.stringify(event));
    db.exec(readFileSync('migrations/0020_stripe_event_payloads.sql', 'utf8'));
    const { payload } = db.prepare("SELECT payload FROM stripe_events WHERE id = 'evt_1'").get() as { payload: string };
    expect(JSON.parse(payload)).toEqual(JSON.parse(storedPayload(event)));
    expect(payload).not.toContain('ada@example.com');
    expect(payload).not.toContain('Lovelace');
  });
});
