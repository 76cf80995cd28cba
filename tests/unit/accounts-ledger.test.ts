/**
 * The ledger's totals and the reconciliation's rules (issue 45 item 3), worked by hand. The period is January 2026 in
 * London (GMT): [2026-01-01T00:00Z, 2026-02-01T00:00Z).
 */
import { describe, expect, it } from 'vitest';
import { ledgerRow, ledgerTotals, reconcile, type LedgerLine, type Movement } from '~/lib/office/accounts-ledger';

const PERIOD = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'] as const;
const line = (day: string, pence: number, vatPence: number | null, refund = false): LedgerLine => ({
  at: `${day}T12:00:00.000Z`,
  day,
  reference: 'SHF-ABC123',
  purpose: 'deposit',
  refund,
  pence,
  vatPence,
  stripeId: refund ? 're_1' : 'pi_1',
});
const move = (stripeId: string, pence: number, at: string, refund = false): Movement => ({ stripeId, pence, at, refund });

describe('the ledger’s totals', () => {
  it('sums each month and the period: £300.00 and £195.00 in, £176.25 back, VAT a sixth of each', () => {
    const { months, all } = ledgerTotals(
      [line('2026-01-05', 30000, 5000), line('2026-01-20', -17625, -2938, true), line('2026-02-03', 19500, 3250)],
      ['2026-01', '2026-02', '2026-03'],
    );
    expect(months).toEqual([
      { month: '2026-01', taken: 30000, refunded: 17625, net: 12375, vat: 2062, lines: 2 },
      { month: '2026-02', taken: 19500, refunded: 0, net: 19500, vat: 3250, lines: 1 },
      { month: '2026-03', taken: 0, refunded: 0, net: 0, vat: 0, lines: 0 },
    ]);
    expect(all).toEqual({ month: 'all', taken: 49500, refunded: 17625, net: 31875, vat: 5312, lines: 3 });
  });

  it('writes a refund’s line with its minus kept as a number, and no VAT as 0.00', () => {
    expect(ledgerRow(line('2026-01-20', -17625, -2938, true))).toBe(
      '20/01/2026,SHF-ABC123,Refund of the deposit,re_1,-176.25,-29.38,-146.87\r\n',
    );
    expect(ledgerRow(line('2026-01-05', 30000, null))).toBe('05/01/2026,SHF-ABC123,Deposit,pi_1,300.00,0.00,300.00\r\n');
  });
});

describe('the reconciliation', () => {
  it('finds nothing when both sides agree', () => {
    const both = [move('pi_a', 30000, '2026-01-05T10:00:00.000Z'), move('re_a', 17625, '2026-01-20T10:00:00.000Z', true)];
    expect(reconcile(both, both, [], PERIOD)).toEqual([]);
  });

  it('lists one missing on each side and an amount that differs', () => {
    const ours = [move('pi_a', 30000, '2026-01-05T10:00:00.000Z'), move('pi_b', 19500, '2026-01-06T10:00:00.000Z')];
    const theirs = [move('pi_a', 29999, '2026-01-05T10:00:00.000Z'), move('re_c', 5000, '2026-01-07T10:00:00.000Z', true)];
    expect(reconcile(ours, theirs, [], PERIOD)).toEqual([
      { kind: 'amount_differs', stripeId: 'pi_a', refund: false, reference: null, ours: 30000, stripes: 29999 },
      { kind: 'missing_at_stripe', stripeId: 'pi_b', refund: false, reference: null, ours: 19500, stripes: null },
      { kind: 'missing_in_d1', stripeId: 're_c', refund: true, reference: null, ours: null, stripes: 5000 },
    ]);
  });

  it('takes a payment made at 23:59:59 and recorded past midnight as one, and leaves out what is wholly outside', () => {
    const ours = [move('pi_edge', 1000, '2026-02-01T00:00:02.000Z'), move('pi_feb', 2000, '2026-02-01T10:00:00.000Z')];
    const theirs = [move('pi_edge', 1000, '2026-01-31T23:59:59.000Z'), move('pi_dec', 3000, '2025-12-31T23:00:00.000Z')];
    expect(reconcile(ours, theirs, [], PERIOD)).toEqual([]);
  });

  it('lists a fee or a transfer on Stripe’s balance as neither a payment nor a refund', () => {
    expect(reconcile([], [], [{ id: 'txn_1', type: 'stripe_fee', pence: -150, at: '2026-01-09T00:00:00.000Z' }], PERIOD)).toEqual([
      { kind: 'not_a_payment', stripeId: 'txn_1', refund: false, reference: null, ours: null, stripes: -150, stripeType: 'stripe_fee' },
    ]);
  });
});
