/** What a move owes (issue 40 item 5): every state, the sums worked by hand in whole pence. */
import { describe, expect, it } from 'vitest';
import { owedOf, type OwedFacts } from '~/lib/office/owed';

const move = '2026-12-15';
const facts = (over: Partial<OwedFacts> = {}): OwedFacts => ({
  status: 'booked',
  moveDate: move,
  writtenPence: 115_965,
  estimatePence: 105_120,
  payments: [],
  ...over,
});
const deposit = { status: 'paid' as const, amountPence: 28_991, refundedPence: 0 };

describe('owedOf', () => {
  it('a booked move with its deposit paid owes the rest, due seven days before the move', () => {
    // £1,159.65 less the £289.91 deposit: £869.74, due by Tuesday 8 December 2026.
    expect(owedOf(facts({ payments: [deposit] }), '2026-12-01')).toEqual({
      state: 'owed',
      totalPence: 115_965,
      basis: 'written',
      paidPence: 28_991,
      refundedPence: 0,
      balancePence: 86_974,
      dueOn: '2026-12-08',
    });
  });

  it('is overdue from the day after the balance’s last day, never on it', () => {
    expect(owedOf(facts({ payments: [deposit] }), '2026-12-08').state).toBe('owed');
    expect(owedOf(facts({ payments: [deposit] }), '2026-12-09').state).toBe('overdue');
    expect(owedOf(facts({ payments: [deposit] }), '2026-12-20').balancePence).toBe(86_974);
  });

  it('counts a refund back: paid £289.91 and the balance £869.74, then £100.00 refunded leaves £969.74 owed', () => {
    const balance = { status: 'paid' as const, amountPence: 86_974, refundedPence: 0 };
    expect(owedOf(facts({ payments: [deposit, balance] }), '2026-12-10')).toMatchObject({ state: 'paid', balancePence: 0 });
    const refunded = { ...balance, status: 'partially_refunded' as const, refundedPence: 10_000 };
    expect(owedOf(facts({ payments: [deposit, refunded] }), '2026-12-10')).toMatchObject({
      state: 'overdue',
      paidPence: 115_965,
      refundedPence: 10_000,
      balancePence: 10_000,
    });
  });

  it('leaves out payments that never went through', () => {
    const started = { status: 'created' as const, amountPence: 86_974, refundedPence: 0 };
    const refused = { status: 'failed' as const, amountPence: 86_974, refundedPence: 0 };
    expect(owedOf(facts({ payments: [deposit, started, refused] }), '2026-12-01')).toMatchObject({
      paidPence: 28_991,
      balancePence: 86_974,
    });
  });

  it('an estimate booked by staff without a written quote owes its price to pay', () => {
    expect(owedOf(facts({ writtenPence: null }), '2026-12-01')).toMatchObject({
      basis: 'estimate',
      totalPence: 105_120,
      balancePence: 105_120,
    });
  });

  it('owes nothing until a written quote is accepted or the move is booked, and nothing more once cancelled', () => {
    expect(owedOf(facts({ status: 'quoted', writtenPence: null }), '2026-12-01')).toMatchObject({ state: 'not_agreed', totalPence: null });
    // Accepted, its deposit not paid yet: the total is agreed, nothing is overdue until it is booked.
    expect(owedOf(facts({ status: 'quoted' }), '2026-12-10')).toMatchObject({ state: 'owed', balancePence: 115_965 });
    expect(owedOf(facts({ status: 'cancelled', payments: [deposit] }), '2026-12-10')).toMatchObject({
      state: 'cancelled',
      balancePence: 0,
      paidPence: 28_991,
    });
  });
});
