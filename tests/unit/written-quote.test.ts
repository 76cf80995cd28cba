/**
 * A written quote's figures (issue 33 item 3), worked by hand:
 *
 *   The engine's estimate for a studio (base £349) with a sofa (£225) and a wardrobe (£65), 65 miles, Saturday 13 March 2027:
 *     Base service £349, Extra distance (40 miles x £2.50) £100, Weekend surcharge (15% of £349, to the pound) £52,
 *     Additional furniture £290: £791.
 *   The office adds Packing £120.00: lines £911.00 = 91,100p.
 *     FIRSTMOVE10, 10%: 9,110p off, total 81,990p (£819.90); deposit 25% = 20,497.5p, half a penny up: 20,498p (£204.98).
 *     A friend's code, £10 off: 1,000p off, total 90,100p; deposit 22,525p.
 *   With a discount line of -£20 as well: lines 89,100p; FIRSTMOVE10 8,910p off, total 80,190p; deposit 20,047.5p → 20,048p.
 *   Lines of £123.45: FIRSTMOVE10's 10% is 1,234.5p, the half penny to the customer: 1,235p off, 11,110p to pay.
 */
import { describe, expect, it } from 'vitest';
import { calculatePricing } from '~/lib/pricing';
import {
  defaultDeposit,
  defaultValidUntil,
  estimateLines,
  parsePounds,
  penceField,
  readWrittenQuote,
  WRITTEN_QUOTE_MESSAGES,
  writtenTotals,
  acceptable,
  lastDayToAccept,
  type WrittenQuote,
} from '~/lib/office/written-quote';

const pricing = calculatePricing({ propertyId: 'studio', distanceMiles: 65, moveDate: '2027-03-13', furnitureIds: ['sofa', 'wardrobe'] });
const engine = estimateLines(pricing);
const packed = [...engine, { label: 'Packing', pence: 12_000 }];
const TODAY = '2027-01-10';
/** Well after any last day these posts set. */
const MOVE_DATE = '2027-06-30';

describe('the lines the office starts from', () => {
  it('are the engine’s estimate lines, in pence', () => {
    expect(engine).toEqual([
      { label: 'Base service', pence: 34_900 },
      { label: 'Extra distance (40.0 miles as the crow flies)', pence: 10_000 },
      { label: 'Weekend surcharge', pence: 5_200 },
      { label: 'Additional furniture', pence: 29_000 },
    ]);
  });
});

describe('writtenTotals', () => {
  it('takes FIRSTMOVE10’s 10% off the lines’ total', () => {
    expect(writtenTotals(packed, 'FIRSTMOVE10')).toEqual({
      linesPence: 91_100,
      discountPence: 9_110,
      totalPence: 81_990,
      code: { code: 'FIRSTMOVE10', offer: '10% off your first booking' },
    });
  });

  it('takes a friend’s £10 off', () => {
    expect(writtenTotals(packed, 'SHIFTFRIEND')).toMatchObject({ discountPence: 1_000, totalPence: 90_100 });
  });

  it('counts a discount line before the code', () => {
    expect(writtenTotals([...packed, { label: 'Discount', pence: -2_000 }], 'firstmove10')).toMatchObject({
      linesPence: 89_100,
      discountPence: 8_910,
      totalPence: 80_190,
    });
  });

  it('gives the customer the half penny', () => {
    expect(writtenTotals([{ label: 'Man and van', pence: 12_345 }], 'FIRSTMOVE10')).toMatchObject({
      discountPence: 1_235,
      totalPence: 11_110,
    });
  });

  it('is the lines alone without a code, or with one that gives nothing', () => {
    for (const code of [null, 'NOTACODE']) {
      expect(writtenTotals(packed, code)).toEqual({ linesPence: 91_100, discountPence: 0, totalPence: 91_100, code: null });
    }
  });
});

describe('the deposit and the validity', () => {
  it('is 25% of the total, half a penny up', () => {
    expect(defaultDeposit(81_990)).toBe(20_498);
    expect(defaultDeposit(90_100)).toBe(22_525);
    expect(defaultDeposit(80_190)).toBe(20_048);
  });

  it('holds 28 days, never past the move date (issue 41 item 1)', () => {
    expect(defaultValidUntil('2027-01-10', '2027-03-01')).toBe('2027-02-07');
    // Sent on 1 December for a move on 15 December: 29 December would be past the move.
    expect(defaultValidUntil('2026-12-01', '2026-12-15')).toBe('2026-12-15');
    expect(lastDayToAccept('2026-12-29', '2026-12-15')).toBe('2026-12-15');
    expect(lastDayToAccept('2026-12-10', '2026-12-15')).toBe('2026-12-10');
  });

  it('can be accepted until its last day, and not after the move date whatever day was set', () => {
    const written = { acceptedAt: null, validUntil: '2026-12-29' } as unknown as WrittenQuote;
    expect(acceptable(written, '2026-12-15', '2026-12-15')).toBe(true);
    expect(acceptable(written, '2026-12-16', '2026-12-15')).toBe(false);
    expect(acceptable(written, '2026-12-16', '2027-01-05')).toBe(true);
    expect(acceptable(written, '2026-12-30', '2027-01-05')).toBe(false);
    expect(acceptable({ ...written, acceptedAt: '2026-12-02T10:00:00Z' }, '2026-12-03', '2027-01-05')).toBe(false);
  });
});

describe('parsePounds', () => {
  it('reads pounds as people type them', () => {
    expect(parsePounds('120')).toBe(12_000);
    expect(parsePounds('£1,234.5')).toBe(123_450);
    expect(parsePounds(' 85.05 ')).toBe(8_505);
    expect(parsePounds('-20')).toBe(-2_000);
    expect(parsePounds('-£20.00')).toBe(-2_000);
    expect(parsePounds('£-20')).toBe(-2_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'ten', '1.234', '12,34', '--20', '-£-20', '1e3', '£']) expect(parsePounds(text)).toBeNull();
  });

  it('writes pence back as the form shows them', () => {
    expect(penceField(123_450)).toBe('1234.50');
    expect(penceField(-2_000)).toBe('-20.00');
  });
});

describe('readWrittenQuote', () => {
  const post = {
    labels: ['Base service', 'Packing', '', ''],
    amounts: ['791', '120.00', '', ''],
    deposit: '',
    validUntil: '2027-02-07',
    included: 'Two movers, a Luton van, blankets and straps.',
    datePriced: false,
  };

  it('skips blank rows and fills the usual deposit', () => {
    expect(readWrittenQuote(post, 'FIRSTMOVE10', TODAY, MOVE_DATE)).toEqual({
      ok: true,
      draft: {
        lines: [
          { label: 'Base service', pence: 79_100 },
          { label: 'Packing', pence: 12_000 },
        ],
        totals: {
          linesPence: 91_100,
          discountPence: 9_110,
          totalPence: 81_990,
          code: { code: 'FIRSTMOVE10', offer: '10% off your first booking' },
        },
        depositPence: 20_498,
        validUntil: '2027-02-07',
        included: 'Two movers, a Luton van, blankets and straps.',
        datePriced: false,
      },
    });
  });

  it('keeps whether the price depends on the date', () => {
    expect(readWrittenQuote({ ...post, datePriced: true }, null, TODAY, MOVE_DATE)).toMatchObject({
      ok: true,
      draft: { datePriced: true },
    });
  });

  it('takes the office’s own deposit and a typed date', () => {
    const read = readWrittenQuote({ ...post, deposit: '100', validUntil: '7/2/2027', included: '' }, null, TODAY, MOVE_DATE);
    expect(read).toMatchObject({ ok: true, draft: { depositPence: 10_000, validUntil: '2027-02-07', included: null } });
  });

  it('ties each problem to its field', () => {
    const read = readWrittenQuote(
      {
        labels: ['Packing', '', 'Storage'],
        amounts: ['lots', '50', '1'],
        deposit: '5',
        validUntil: TODAY,
        included: '',
        datePriced: false,
      },
      null,
      TODAY,
      MOVE_DATE,
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        'amount-0': WRITTEN_QUOTE_MESSAGES.amount,
        'label-1': WRITTEN_QUOTE_MESSAGES.label,
        deposit: WRITTEN_QUOTE_MESSAGES.deposit,
        validUntil: WRITTEN_QUOTE_MESSAGES.validUntil,
      },
    });
  });

  it('refuses no lines, a total of nothing and a date over a year ahead', () => {
    expect(readWrittenQuote({ ...post, labels: [], amounts: [] }, null, TODAY, MOVE_DATE)).toMatchObject({
      ok: false,
      errors: { lines: WRITTEN_QUOTE_MESSAGES.noLines },
    });
    expect(readWrittenQuote({ ...post, labels: ['Move', 'Discount'], amounts: ['100', '-100'] }, null, TODAY, MOVE_DATE)).toMatchObject({
      ok: false,
      errors: { lines: WRITTEN_QUOTE_MESSAGES.total },
    });
    expect(readWrittenQuote({ ...post, validUntil: '2028-01-11' }, null, TODAY, MOVE_DATE)).toMatchObject({
      ok: false,
      errors: { validUntil: WRITTEN_QUOTE_MESSAGES.validUntil },
    });
  });
  it('asks nothing a card cannot pay: 30p at least for the total, the deposit and what is left after it (issue 39)', () => {
    const one = (amount: string, deposit: string) =>
      readWrittenQuote({ ...post, labels: ['Move'], amounts: [amount], deposit }, null, TODAY, MOVE_DATE);
    // A total of 29p, or of nothing.
    expect(one('0.29', '')).toMatchObject({ ok: false, errors: { lines: WRITTEN_QUOTE_MESSAGES.total } });
    expect(WRITTEN_QUOTE_MESSAGES.total).toBe('The total must be at least £0.30, the least a card payment can be: please check the lines.');
    // A deposit of £0 or 29p.
    expect(one('495', '0')).toMatchObject({ ok: false, errors: { deposit: WRITTEN_QUOTE_MESSAGES.depositSmall } });
    expect(one('495', '0.29')).toMatchObject({ ok: false, errors: { deposit: WRITTEN_QUOTE_MESSAGES.depositSmall } });
    // £1.00 with a 75p deposit leaves 25p: too little to pay by card. The whole £1.00, or 70p, leaves 0p or 30p.
    expect(one('1.00', '0.75')).toMatchObject({ ok: false, errors: { deposit: WRITTEN_QUOTE_MESSAGES.depositRest(25) } });
    expect(WRITTEN_QUOTE_MESSAGES.depositRest(25)).toContain('That leaves £0.25 to pay after the deposit');
    expect(one('1.00', '1.00')).toMatchObject({ ok: true, draft: { depositPence: 100 } });
    expect(one('1.00', '0.70')).toMatchObject({ ok: true, draft: { depositPence: 70 } });
    // Left empty, the usual 25 % is made payable: of £1.00 it would be 25p, so 30p; of 40p it would leave 10p, so all 40p.
    expect(one('1.00', '')).toMatchObject({ ok: true, draft: { depositPence: 30 } });
    expect(one('0.40', '')).toMatchObject({ ok: true, draft: { depositPence: 40 } });
    expect(one('0.30', '')).toMatchObject({ ok: true, draft: { depositPence: 30 } });
  });

  it('takes an empty last day as 28 days on, or the move date if sooner', () => {
    expect(readWrittenQuote({ ...post, validUntil: '' }, null, TODAY, MOVE_DATE)).toMatchObject({
      ok: true,
      draft: { validUntil: '2027-02-07' },
    });
    expect(readWrittenQuote({ ...post, validUntil: '' }, null, TODAY, '2027-01-20')).toMatchObject({
      ok: true,
      draft: { validUntil: '2027-01-20' },
    });
  });

  it('refuses a last day after the move date, and takes the move date itself (issue 41 item 1)', () => {
    expect(readWrittenQuote({ ...post, validUntil: '2027-02-07' }, null, TODAY, '2027-02-06')).toEqual({
      ok: false,
      errors: { validUntil: 'Please choose a last day on or before the move date, Saturday 6 February 2027.' },
    });
    expect(readWrittenQuote({ ...post, validUntil: '2027-02-06' }, null, TODAY, '2027-02-06')).toMatchObject({
      ok: true,
      draft: { validUntil: '2027-02-06' },
    });
  });
});
