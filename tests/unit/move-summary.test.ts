/**
 * The top of the move page (issue 41 item 1) from plain facts: each stage's badge, the one price with its code, what is
 * paid and left with its day, and who is coming. Figures worked by hand: an estimate of £1,241 with FIRSTMOVE10 is
 * £1,116.90 (£124.10 off); a written quote of £1,361.00 lines with it is £1,224.90, its deposit £306.23, its balance
 * £918.67. A move on Tuesday 15 December 2026 has its balance due on Tuesday 8 December.
 */
import { describe, expect, it } from 'vitest';
import { moveSummary, type SummaryFacts } from '~/lib/move-summary';
import { owedOf, type PaidRow } from '~/lib/office/owed';
import { acceptedPrice, discountedPrice } from '~/lib/price-to-pay';

const MOVE = '2026-12-15';
const estimate = discountedPrice(1241, 'FIRSTMOVE10');
const written = { linesPence: 136_100, discountPence: 13_610, totalPence: 122_490, code: 'FIRSTMOVE10' };
const offer = { pay: acceptedPrice(written), depositPence: 30_623, lastDay: MOVE, accepted: false };
const CREW = { lead: 'Tom', size: 3, van: 'luton', window: '08-10' } as const;

function facts(over: Partial<SummaryFacts> & { paid?: PaidRow[]; acceptedTotal?: number } = {}): SummaryFacts {
  const { paid = [], acceptedTotal = null, ...rest } = over;
  const status = rest.status ?? 'quoted';
  const today = rest.today ?? '2026-12-01';
  return {
    status,
    moveDate: MOVE,
    today,
    jobDone: false,
    estimate,
    estimateUntil: null,
    written: null,
    crew: null,
    onTheWay: null,
    owed: owedOf({ status, moveDate: MOVE, writtenPence: acceptedTotal, estimatePence: estimate.pricePence, payments: paid }, today),
    ...rest,
  };
}
const deposit: PaidRow = { status: 'paid', amountPence: 30_623, refundedPence: 0 };
const balance: PaidRow = { status: 'paid', amountPence: 91_867, refundedPence: 0 };
const accepted = { ...offer, accepted: true };

describe('moveSummary', () => {
  it('an estimate: the price with its code, nothing to pay, how long it holds', () => {
    const top = moveSummary(facts({ estimateUntil: '2026-12-29' }));
    expect(top.badge).toBe('Quoted');
    expect(top.price).toEqual({
      label: 'Your estimate',
      amount: '£1,116.90',
      note: '£1,241 less FIRSTMOVE10 (10% off your first booking)',
      when: 'Valid until Tuesday 29 December 2026.',
    });
    expect(top.money).toEqual([['To pay now', 'Nothing']]);
    expect(top.crew).toEqual([]);
  });

  it('an estimate past its 28 days says it is priced again', () => {
    const top = moveSummary(facts({ today: '2026-12-10', estimateUntil: '2026-12-09' }));
    expect(top.price.when).toBe('This estimate ended on Wednesday 9 December 2026: we price your move again when you ask to book.');
  });

  it('a written quote on offer is the one price; its deposit is what accepting takes', () => {
    const top = moveSummary(facts({ status: 'booking_requested', written: offer }));
    expect(top.stage).toBe('offered');
    expect(top.badge).toBe('Written quote to accept');
    expect(top.price).toEqual({
      label: 'Your written quote',
      amount: '£1,224.90',
      note: '£1,361.00 less FIRSTMOVE10 (10% off your first booking)',
      when: 'Accept it by Tuesday 15 December 2026.',
    });
    expect(top.money).toEqual([
      ['To pay now', 'Nothing'],
      ['When you accept', 'A £306.23 deposit by card, which books your move'],
    ]);
  });

  it('a written quote past its last day has ended', () => {
    const top = moveSummary(facts({ today: '2026-12-11', written: { ...offer, lastDay: '2026-12-10' } }));
    expect(top.badge).toBe('Written quote ended');
    expect(top.price.when).toBe('It ended on Thursday 10 December 2026.');
  });

  it('accepted, the deposit not paid: the deposit now, then the balance by its day', () => {
    const top = moveSummary(facts({ status: 'booking_requested', written: accepted, acceptedTotal: 122_490 }));
    expect(top.badge).toBe('Quote accepted');
    expect(top.money).toEqual([
      ['To pay now', 'The £306.23 deposit, which books your move'],
      ['Then', '£918.67 by Tuesday 8 December 2026'],
    ]);
  });

  it('booked online: the estimate is the price, not a written quote the firm wrote (issue 41 item 2)', () => {
    const top = moveSummary(facts({ status: 'booked', written: { ...accepted, online: true }, acceptedTotal: 122_490, paid: [deposit] }));
    expect(top.badge).toBe('Booked');
    expect(top.price.label).toBe('Your price');
    expect(top.money).toEqual([
      ['Paid', '£306.23'],
      ['Left to pay', '£918.67 by Tuesday 8 December 2026'],
    ]);
  });

  it('booked by its deposit: paid, left with its day, and when the crew is told', () => {
    const top = moveSummary(facts({ status: 'booked', written: accepted, acceptedTotal: 122_490, paid: [deposit] }));
    expect(top.badge).toBe('Booked');
    expect(top.price.label).toBe('Your price: your written quote');
    expect(top.money).toEqual([
      ['Paid', '£306.23'],
      ['Left to pay', '£918.67 by Tuesday 8 December 2026'],
    ]);
    expect(top.crew).toEqual([['Your crew', 'We e-mail you who is coming and when, once your crew is booked in our diary.']]);
  });

  it('from its day, the balance is due now', () => {
    const top = moveSummary(facts({ status: 'booked', today: '2026-12-08', written: accepted, acceptedTotal: 122_490, paid: [deposit] }));
    expect(top.money).toContainEqual(['Left to pay', '£918.67, due now']);
  });

  it('with its crew: who, the van, the arrival window; and on the day, on the way', () => {
    const booked = facts({ status: 'booked', written: accepted, acceptedTotal: 122_490, paid: [deposit], crew: CREW });
    expect(moveSummary(booked).crew).toEqual([
      ['Who is coming', 'A crew of 3, led by Tom'],
      ['Van', 'Luton van'],
      ['Arriving', '8–10 am on Tuesday 15 December 2026'],
    ]);
    const onTheDay = moveSummary({ ...booked, today: MOVE, onTheWay: { crew: 'Tom', eta: '09:10' } });
    expect(onTheDay.crew).toContainEqual(['On the way', 'Tom expects to arrive at about 09:10']);
  });

  it('the balance paid: booked and paid in full (never the deposit badge again)', () => {
    const top = moveSummary(facts({ status: 'booked', written: accepted, acceptedTotal: 122_490, paid: [deposit, balance], crew: CREW }));
    expect(top.stage).toBe('paid');
    expect(top.badge).toBe('Booked and paid');
    expect(top.money).toEqual([['Paid', '£1,224.90: paid in full']]);
  });

  it('done: the crew reported it, or its day has passed', () => {
    const paid = { status: 'booked' as const, written: accepted, acceptedTotal: 122_490, paid: [deposit, balance], crew: CREW };
    expect(moveSummary(facts({ ...paid, jobDone: true })).badge).toBe('Done');
    expect(moveSummary(facts({ ...paid, today: '2026-12-16' })).badge).toBe('Done');
  });

  it('cancelled after the deposit: what was paid and what came back', () => {
    const refunded: PaidRow = { status: 'refunded', amountPence: 30_623, refundedPence: 30_623 };
    const top = moveSummary(facts({ status: 'cancelled', written: accepted, acceptedTotal: 122_490, paid: [refunded] }));
    expect(top.badge).toBe('Cancelled');
    expect(top.price.label).toBe('Its price');
    expect(top.money).toEqual([
      ['Paid', '£306.23'],
      ['Refunded to your card', '£306.23'],
    ]);
    expect(top.crew).toEqual([]);
  });

  it('not priced yet: the office prices it', () => {
    const top = moveSummary(facts({ estimate: null }));
    expect(top.price).toMatchObject({ amount: "We'll confirm your price", pending: true });
  });
});
