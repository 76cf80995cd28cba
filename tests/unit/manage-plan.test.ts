/**
 * What a change makes of a stored quote (functions/lib/quote/manage.ts `planChange`), at a chosen moment: a new date
 * priced by the spec's rules, an estimate older than 28 days priced again before it is booked, and the refusals
 * passed on with the field they concern.
 */
import { describe, expect, it } from 'vitest';
import { planChange } from '../../functions/lib/quote/manage';
import type { StoredQuote } from '../../functions/lib/quote/stored-quote';
import { MOVE_DATE_MESSAGES } from '~/lib/move-date';
import { MOVE_REFUSALS } from '~/lib/move-status';
import type { PricingResult } from '~/lib/pricing';
import { NO_ADDRESS } from '~/lib/move-facts';

const MILES = 163.47;
/**
 * A studio with a sofa, 163.47 miles, by the spec's rules: £349 + round(138.47 × £2.50 = £346.18) £346 + £225 = £920 on
 * a weekday (the quote's Wednesday 9 December 2026); on a Saturday 15 % of £349 more (£52.35, £52): £972.
 */
const ON_A_WEEKDAY: PricingResult = {
  basePrice: 349,
  distanceCharge: 346,
  weekendSurcharge: 0,
  furnitureCosts: 225,
  access: [],
  accessCosts: 0,
  total: 920,
  distance: 163.5,
  freeMiles: 25,
  extraMiles: 138.5,
};
const ON_A_SATURDAY: PricingResult = { ...ON_A_WEEKDAY, weekendSurcharge: 52, total: 972 };
const created = '2026-11-24T10:00:00.000Z';

function quote(over: Partial<StoredQuote> = {}): StoredQuote {
  return {
    reference: 'SHF7K3M9Q',
    createdAt: created,
    via: 'json',
    source: 'web',
    idempotencyKey: 'key-12345678',
    bodyHash: 'hash',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '07700 900123',
    service: null,
    request: null,
    propertyId: 'studio',
    furnitureIds: ['sofa'],
    fromPostcode: 'SW1A 1AA',
    toPostcode: 'M1 1AE',
    addresses: { from: NO_ADDRESS, to: NO_ADDRESS },
    access: null,
    moveDate: '2026-12-09',
    additionalInfo: null,
    promoCode: null,
    shown: null,
    pricing: ON_A_WEEKDAY,
    verified: true,
    notes: [],
    distanceMiles: MILES,
    places: null,
    customerEmail: 'sent',
    lastCustomerEmail: 'sent',
    status: 'quoted',
    pricedAt: created,
    moveNotes: null,
    reviewed: false,
    accepted: null,
    version: 0,
    ...over,
  };
}

const at = (iso: string) => new Date(iso);

describe('planChange', () => {
  it('records a booked move cancelled at short notice, with what it cost, and an unbooked one never', () => {
    // The notice itself is counted by the clock to the arrival window (payments/cancel-refund.ts lateCancellation).
    const booked = quote({ status: 'booked', moveDate: '2026-11-27' });
    const fee = { feePence: 12_375, paidPence: 30_000, refundPence: 17_625 };
    expect(planChange(booked, { action: 'cancel', shortNotice: true, fee }, at('2026-11-25T09:00:00Z'))).toMatchObject({
      ok: true,
      event: { kind: 'cancelled', shortNotice: true, fee },
    });
    expect(planChange(booked, { action: 'cancel', shortNotice: false }, at('2026-11-24T09:00:00Z'))).toMatchObject({
      ok: true,
      event: { kind: 'cancelled', shortNotice: false },
    });
    // A quote nobody booked costs nothing to cancel, however late.
    expect(
      planChange(quote({ moveDate: '2026-11-26' }), { action: 'cancel', shortNotice: true }, at('2026-11-25T09:00:00Z')),
    ).toMatchObject({
      event: { shortNotice: false },
    });
  });

  it('books a move by its deposit only while its date is ahead, only by a payment, and once (issue 39)', () => {
    const note = 'deposit of £123.75 paid by card';
    expect(planChange(quote(), { action: 'book_paid', note }, at('2026-11-25T09:00:00Z'), 'payment')).toMatchObject({
      ok: true,
      next: { status: 'booked' },
      event: { kind: 'confirmed', note, byPayment: true },
    });
    expect(planChange(quote({ status: 'declined' }), { action: 'book_paid', note }, at('2026-11-25T09:00:00Z'), 'payment')).toMatchObject({
      ok: true,
    });
    // The day after the move date: refused, so the payment is sent back (payments/fulfil.ts).
    expect(planChange(quote(), { action: 'book_paid', note }, at('2026-12-10T09:00:00Z'), 'payment')).toEqual({
      ok: false,
      message: MOVE_REFUSALS.moved,
    });
    expect(planChange(quote({ status: 'cancelled' }), { action: 'book_paid', note }, at('2026-11-25T09:00:00Z'), 'payment')).toEqual({
      ok: false,
      message: MOVE_REFUSALS.cancelled,
    });
    expect(planChange(quote({ status: 'booked' }), { action: 'book_paid', note }, at('2026-11-25T09:00:00Z'), 'payment')).toEqual({
      ok: false,
      message: MOVE_REFUSALS.alreadyBooked,
    });
    // Not the customer's to make, nor a payment's to cancel.
    expect(planChange(quote(), { action: 'book_paid', note }, at('2026-11-25T09:00:00Z'), 'customer')).toEqual({
      ok: false,
      message: MOVE_REFUSALS.notYours,
    });
    expect(planChange(quote(), { action: 'cancel' }, at('2026-11-25T09:00:00Z'), 'payment')).toEqual({
      ok: false,
      message: MOVE_REFUSALS.notYours,
    });
  });

  it('prices a new date by the spec’s rules from the measured distance, and records both dates', () => {
    const planned = planChange(quote(), { action: 'change_date', date: '2026-12-12' }, at('2026-11-25T09:00:00Z'));
    expect(planned).toMatchObject({
      ok: true,
      next: { moveDate: '2026-12-12', pricing: ON_A_SATURDAY, pricedAt: '2026-11-25T09:00:00.000Z', status: 'quoted' },
      event: { kind: 'date_changed', from: '2026-12-09', to: '2026-12-12', total: 972 },
    });
  });

  it('keeps an unpriced quote unpriced when its date changes', () => {
    const planned = planChange(
      quote({ pricing: null, distanceMiles: null, pricedAt: null }),
      { action: 'change_date', date: '2026-12-12' },
      at('2026-11-25T09:00:00Z'),
    );
    expect(planned).toMatchObject({ ok: true, next: { pricing: null, pricedAt: null }, event: { total: null } });
  });

  it('books at the estimate while it holds, and prices it again after 28 days', () => {
    const held = planChange(quote(), { action: 'request_booking' }, at('2026-12-08T12:00:00Z'));
    expect(held).toMatchObject({ ok: true, next: { pricedAt: created, status: 'booking_requested' }, event: { repriced: false } });
    // A quote priced when the tables were different: the request is priced again from today's tables.
    const stale = quote({ moveDate: '2027-01-20', pricing: { ...ON_A_WEEKDAY, total: 1 } });
    const expired = planChange(stale, { action: 'request_booking' }, at('2026-12-23T12:00:00Z'));
    // 20 January 2027 is a Wednesday.
    expect(expired).toMatchObject({
      ok: true,
      next: { pricing: ON_A_WEEKDAY, pricedAt: '2026-12-23T12:00:00.000Z' },
      event: { kind: 'booking_requested', total: 920, repriced: true },
    });
  });

  it('passes on the refusals, naming the date field for a date the booking rule refuses', () => {
    expect(planChange(quote(), { action: 'change_date', date: '2026-12-25' }, at('2026-11-25T09:00:00Z'))).toEqual({
      ok: false,
      message: MOVE_DATE_MESSAGES.closed('Christmas Day'),
      field: 'moveDate',
    });
    expect(planChange(quote({ status: 'cancelled' }), { action: 'access', access: null, notes: null }, at('2026-11-25T09:00:00Z'))).toEqual(
      {
        ok: false,
        message: MOVE_REFUSALS.cancelled,
      },
    );
    expect(planChange(quote(), { action: 'request_booking' }, at('2026-12-10T09:00:00Z'))).toEqual({
      ok: false,
      message: MOVE_REFUSALS.moved,
    });
  });
});
