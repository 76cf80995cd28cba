/**
 * The ledger's totals and the reconciliation's rules (issue 45 item 3), worked by hand. The period is January 2026 in
 * London (GMT): [2026-01-01T00:00Z, 2026-02-01T00:00Z).
 */
import { describe, expect, it } from 'vitest';
import { groupLabel, ledgerRow, ledgerTotals, reconcile, weekOf, type LedgerLine, type Movement } from '~/lib/office/accounts-ledger';

const PERIOD = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'] as const;
const line = (day: string, pence: number, vatPence: number | null, refund = false, feePence: number | null = 0): LedgerLine => ({
  at: `${day}T12:00:00.000Z`,
  day,
  reference: 'SHF-ABC123',
  kind: refund ? 'refund' : 'payment',
  purpose: 'deposit',
  partner: null,
  pence,
  vatPence,
  feePence,
  stripeId: refund ? 're_1' : 'pi_1',
});
const move = (stripeId: string, pence: number, at: string, refund = false, feePence?: number | null): Movement => ({
  stripeId,
  pence,
  at,
  kind: refund ? 'refund' : 'payment',
  ...(feePence === undefined ? {} : { feePence }),
});
const noFees = { fees: 0, feesUnknown: 0 };

describe('the ledger’s totals', () => {
  it('sums each month and the period: £300.00 and £195.00 in, £176.25 back, VAT a sixth of each', () => {
    const { months, all } = ledgerTotals(
      [line('2026-01-05', 30000, 5000), line('2026-01-20', -17625, -2938, true), line('2026-02-03', 19500, 3250)],
      ['2026-01', '2026-02', '2026-03'],
    );
    expect(months).toEqual([
      { month: '2026-01', taken: 30000, refunded: 17625, transferred: 0, ...noFees, net: 12375, vat: 2062, lines: 2 },
      { month: '2026-02', taken: 19500, refunded: 0, transferred: 0, ...noFees, net: 19500, vat: 3250, lines: 1 },
      { month: '2026-03', taken: 0, refunded: 0, transferred: 0, ...noFees, net: 0, vat: 0, lines: 0 },
    ]);
    expect(all).toEqual({ month: 'all', taken: 49500, refunded: 17625, transferred: 0, ...noFees, net: 31875, vat: 5312, lines: 3 });
  });

  it('writes a refund’s line with its minus kept as a number, and no VAT as 0.00', () => {
    expect(ledgerRow(line('2026-01-20', -17625, -2938, true))).toBe(
      '20/01/2026,SHF-ABC123,Refund of the deposit,re_1,-176.25,-29.38,-146.87,,0.00,-176.25\r\n',
    );
    expect(ledgerRow(line('2026-01-05', 30000, null))).toBe('05/01/2026,SHF-ABC123,Deposit,pi_1,300.00,0.00,300.00,,0.00,300.00\r\n');
  });
});

describe('Stripe’s fees in the ledger', () => {
  // Worked by hand at the stand-in's 1.5 % + 20p: £123.75 → 185.625p, to the nearest penny 186p, + 20p = 206p (£2.06);
  // £300.00 → 450p + 20p = 470p (£4.70). A third payment, £195.00, has a fee not read from Stripe yet.
  const lines = [
    line('2026-01-05', 12375, null, false, 206),
    line('2026-01-06', 30000, null, false, 470),
    line('2026-01-07', 19500, null, false, null),
  ];

  it('totals the fees known apart, counts those not yet known, and takes only the known ones off the net', () => {
    const { all } = ledgerTotals(lines, [], 'month');
    // Taken £123.75 + £300.00 + £195.00 = £618.75; fees £2.06 + £4.70 = £6.76; net £618.75 − £6.76 = £611.99.
    expect(all).toMatchObject({ taken: 61875, fees: 676, feesUnknown: 1, net: 61199, lines: 3 });
  });

  it('writes each payment’s fee and net of it, and leaves both blank while the fee is not read (a number or nothing), never 0.00', () => {
    expect(ledgerRow(lines[0]!)).toBe('05/01/2026,SHF-ABC123,Deposit,pi_1,123.75,0.00,123.75,,2.06,121.69\r\n');
    expect(ledgerRow(lines[2]!)).toBe('07/01/2026,SHF-ABC123,Deposit,pi_1,195.00,0.00,195.00,,,\r\n');
  });
});

describe('the ledger’s groups, with a partner’s transfer and its reversal', () => {
  // Sunday 4 January 2026: £300.00 in; Monday 5th: £255.00 to the partner; Sunday 11th: £17.00 of it taken back;
  // Monday 12th: £20.00 refunded. Weeks run Monday to Sunday: the 4th is in the week from Monday 29 December 2025.
  const partner = (day: string, pence: number, kind: 'transfer' | 'reversal'): LedgerLine => ({
    ...line(day, pence, null),
    kind,
    purpose: null,
    partner: 'Ada Vans',
    stripeId: kind === 'transfer' ? 'tr_1' : 'trr_1',
  });
  const lines = [
    line('2026-01-04', 30000, null),
    partner('2026-01-05', -25500, 'transfer'),
    partner('2026-01-11', 1700, 'reversal'),
    line('2026-01-12', -2000, null, true),
  ];
  const blank = { taken: 0, refunded: 0, transferred: 0, ...noFees, net: 0, vat: 0 };

  it('takes Monday as a week’s first day', () => {
    expect([weekOf('2026-01-04'), weekOf('2026-01-05'), weekOf('2026-01-11'), weekOf('2026-01-12')]).toEqual([
      '2025-12-29',
      '2026-01-05',
      '2026-01-05',
      '2026-01-12',
    ]);
    expect(groupLabel('2025-12-29', 'week')).toBe('Week from Monday 29 December 2025');
  });

  it('sums each week, and the period: £300.00 in, £20.00 back, £238.00 to the partner, £42.00 net', () => {
    const { months, all } = ledgerTotals(lines, [], 'week');
    expect(months).toEqual([
      { ...blank, month: '2025-12-29', taken: 30000, net: 30000, lines: 1 },
      { ...blank, month: '2026-01-05', transferred: 23800, net: -23800, lines: 2 },
      { ...blank, month: '2026-01-12', refunded: 2000, net: -2000, lines: 1 },
    ]);
    expect(all).toEqual({ ...blank, month: 'all', taken: 30000, refunded: 2000, transferred: 23800, net: 4200, lines: 4 });
  });

  it('lists every month the period touches, and only the days with a line', () => {
    expect(ledgerTotals(lines, ['2025-12', '2026-01'], 'month').months.map((each) => [each.month, each.net])).toEqual([
      ['2025-12', 0],
      ['2026-01', 4200],
    ]);
    expect(ledgerTotals(lines, [], 'day').months.map((each) => [each.month, each.net])).toEqual([
      ['2026-01-04', 30000],
      ['2026-01-05', -25500],
      ['2026-01-11', 1700],
      ['2026-01-12', -2000],
    ]);
  });

  it('writes a transfer’s CSV line with the partner’s name and its minus', () => {
    expect(ledgerRow(lines[1]!)).toBe('05/01/2026,SHF-ABC123,Transfer to the partner,tr_1,-255.00,0.00,-255.00,Ada Vans,0.00,-255.00\r\n');
  });
});

describe('the reconciliation', () => {
  it('matches a transfer and its reversal by their own ids, and tells one that differs', () => {
    const ours: Movement[] = [
      { stripeId: 'tr_a', kind: 'transfer', pence: 25500, at: '2026-01-05T10:00:00.000Z' },
      { stripeId: 'trr_a', kind: 'reversal', pence: 1700, at: '2026-01-11T10:00:00.000Z' },
    ];
    expect(reconcile(ours, ours, [], PERIOD)).toEqual([]);
    const theirs = [ours[0]!, { ...ours[1]!, pence: 1699 }];
    expect(reconcile(ours, theirs, [], PERIOD)).toEqual([
      { kind: 'amount_differs', stripeId: 'trr_a', movement: 'reversal', reference: null, ours: 1700, stripes: 1699 },
    ]);
  });

  it('finds nothing when both sides agree', () => {
    const both = [move('pi_a', 30000, '2026-01-05T10:00:00.000Z'), move('re_a', 17625, '2026-01-20T10:00:00.000Z', true)];
    expect(reconcile(both, both, [], PERIOD)).toEqual([]);
  });

  it('lists one missing on each side and an amount that differs', () => {
    const ours = [move('pi_a', 30000, '2026-01-05T10:00:00.000Z'), move('pi_b', 19500, '2026-01-06T10:00:00.000Z')];
    const theirs = [move('pi_a', 29999, '2026-01-05T10:00:00.000Z'), move('re_c', 5000, '2026-01-07T10:00:00.000Z', true)];
    expect(reconcile(ours, theirs, [], PERIOD)).toEqual([
      { kind: 'amount_differs', stripeId: 'pi_a', movement: 'payment', reference: null, ours: 30000, stripes: 29999 },
      { kind: 'missing_at_stripe', stripeId: 'pi_b', movement: 'payment', reference: null, ours: 19500, stripes: null },
      { kind: 'missing_in_d1', stripeId: 're_c', movement: 'refund', reference: null, ours: null, stripes: 5000 },
    ]);
  });

  it('takes a payment made at 23:59:59 and recorded past midnight as one, and leaves out what is wholly outside', () => {
    const ours = [move('pi_edge', 1000, '2026-02-01T00:00:02.000Z'), move('pi_feb', 2000, '2026-02-01T10:00:00.000Z')];
    const theirs = [move('pi_edge', 1000, '2026-01-31T23:59:59.000Z'), move('pi_dec', 3000, '2025-12-31T23:00:00.000Z')];
    expect(reconcile(ours, theirs, [], PERIOD)).toEqual([]);
  });

  it('compares each payment’s fee once the amounts agree: one that differs, and one not yet in our records', () => {
    const at = '2026-01-05T10:00:00.000Z';
    const ours = [move('pi_a', 12375, at, false, 206), move('pi_b', 12375, at, false, 205), move('pi_c', 12375, at, false, null)];
    const theirs = [move('pi_a', 12375, at, false, 206), move('pi_b', 12375, at, false, 206), move('pi_c', 12375, at, false, 206)];
    expect(reconcile(ours, theirs, [], PERIOD)).toEqual([
      { kind: 'fee_differs', stripeId: 'pi_b', movement: 'payment', reference: null, ours: 205, stripes: 206 },
      { kind: 'fee_not_known', stripeId: 'pi_c', movement: 'payment', reference: null, ours: null, stripes: 206 },
    ]);
  });

  it('lists a fee on Stripe’s balance as none of ours', () => {
    expect(reconcile([], [], [{ id: 'txn_1', type: 'stripe_fee', pence: -150, at: '2026-01-09T00:00:00.000Z' }], PERIOD)).toEqual([
      { kind: 'not_a_payment', stripeId: 'txn_1', movement: null, reference: null, ours: null, stripes: -150, stripeType: 'stripe_fee' },
    ]);
  });
});
