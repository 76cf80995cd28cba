/**
 * What moving a booked date costs (issue 34 item 3), worked by hand from the terms (src/data/promises.ts: free with 48
 * hours' notice, 25 % from 24 to 48 hours, 50 % under 24; notice counted by the clock to 8 am on the CURRENT date while
 * no arrival window is set) and
 * the spec's weekend surcharge (15 % of a studio's £349 base, rounded: £52).
 */
import { describe, expect, it } from 'vitest';
import { referral } from '~/data/referral';
import { moveStartsAt, noticeHours } from '~/lib/cancellation-fee';
import { dateChangeCost, dateChangeCostLine, dateChangeDoneLine, dateChangeLines, dateChangeRows } from '~/lib/date-change';

/** Asked at noon on 24 November 2026 (GMT, so London's clock is UTC's). */
const NOW = new Date('2026-11-24T12:00:00.000Z');
const hoursTo = (from: string) => noticeHours(NOW, moveStartsAt(from, null));
/** £495.00 booked with a £123.75 deposit paid. */
const written = { totalPence: 49_500, datePriced: false, code: null };
const cost = (from: string, over: Partial<Parameters<typeof dateChangeCost>[0]> = {}) =>
  dateChangeCost({ written, engine: { from: 443, to: 495 }, paidPence: 12_375, hours: hoursTo(from), ...over });

describe('the fee for moving a booked date', () => {
  it('is nothing with 48 hours’ notice of the current date, whatever the new one', () => {
    // 8 am on 27 November is 68 hours after noon on the 24th.
    expect(hoursTo('2026-11-27')).toBe(68);
    expect(cost('2026-11-27')).toEqual({
      feePence: 0,
      priceChangePence: 0,
      wasPence: 49_500,
      totalPence: 49_500,
      paidPence: 12_375,
      balancePence: 37_125,
      refundPence: 0,
    });
    expect(dateChangeCostLine(cost('2026-11-27'))).toBe(
      'Changing the date now costs nothing under our terms, so your price stays £495.00 and £371.25 is left to pay.',
    );
    expect(dateChangeLines(cost('2026-11-27'), '2026-11-27', '2026-12-02', hoursTo('2026-11-27'))).toEqual([]);
  });

  it('is 25 % of the booked price from 24 to 48 hours, 50 % under 24, added to the price', () => {
    // 8 am on 26 November: 44 hours. 25 % of £495.00 = £123.75; £618.75 less the £123.75 paid leaves £495.00.
    expect(hoursTo('2026-11-26')).toBe(44);
    const late = cost('2026-11-26');
    expect(late).toMatchObject({ feePence: 12_375, totalPence: 61_875, balancePence: 49_500, refundPence: 0 });
    expect(dateChangeCostLine(late)).toBe(
      'Changing the date now costs £123.75 under our terms, so your price becomes £618.75 and £495.00 is left to pay.',
    );
    expect(dateChangeLines(late, '2026-11-26', '2026-12-02', hoursTo('2026-11-26'))).toEqual([
      { label: 'Date change fee (25% of the price, 24 to 48 hours before the move)', pence: 12_375 },
    ]);
    // 8 am tomorrow: 20 hours. 50 % of £495.00 = £247.50.
    expect(hoursTo('2026-11-25')).toBe(20);
    expect(cost('2026-11-25')).toMatchObject({ feePence: 24_750, totalPence: 74_250 });
    expect(dateChangeLines(cost('2026-11-25'), '2026-11-25', '2026-12-02', hoursTo('2026-11-25'))[0]!.label).toBe(
      'Date change fee (50% of the price, under 24 hours before the move)',
    );
  });
});

describe('pricing the new date again', () => {
  it('happens only where the written quote says the price depends on the date', () => {
    const priced = cost('2026-12-02', { written: { ...written, datePriced: true } });
    // A Wednesday at £443 to a Saturday at £495: £52.00 more, £547.00 in all, £423.25 left after the deposit.
    expect(priced).toMatchObject({ feePence: 0, priceChangePence: 5_200, totalPence: 54_700, balancePence: 42_325 });
    expect(dateChangeLines(priced, '2026-12-02', '2026-12-05', hoursTo('2026-12-02'))).toEqual([
      { label: 'New move date Saturday 5 December 2026, priced again (was Wednesday 2 December 2026)', pence: 5_200 },
    ]);
    expect(dateChangeCostLine(priced)).toBe(
      'Changing the date now costs nothing under our terms, and the new date is priced again at £52.00 more, so your price becomes £547.00 and £423.25 is left to pay.',
    );
    expect(cost('2026-12-02', { written: { ...written, datePriced: true }, engine: { from: null, to: null } }).priceChangePence).toBe(0);
  });

  it('takes the code off both prices, as the customer is shown them', () => {
    const priced = (code: string) => cost('2026-12-02', { written: { ...written, datePriced: true, code } });
    // FIRSTMOVE10 (10 % off): £495 shows as £445.50 and £443 as £398.70, so the Saturday is £46.80 more, not £52.00.
    expect(priced('FIRSTMOVE10')).toMatchObject({ priceChangePence: 4_680, totalPence: 54_180 });
    expect(dateChangeCostLine(priced('FIRSTMOVE10'))).toContain('priced again at £46.80 more, so your price becomes £541.80');
    // A friend's £10 comes off both dates alike: the difference stays £52.00.
    expect(priced(referral.sharedCode)).toMatchObject({ priceChangePence: 5_200, totalPence: 54_700 });
  });

  it('refunds what was paid beyond a lower new price', () => {
    // Paid in full (£495.00), a Saturday moved to a Wednesday: £52.00 less, so £52.00 back to the card.
    const lower = cost('2026-12-05', { written: { ...written, datePriced: true }, engine: { from: 495, to: 443 }, paidPence: 49_500 });
    expect(lower).toMatchObject({ priceChangePence: -5_200, totalPence: 44_300, balancePence: 0, refundPence: 5_200 });
    expect(dateChangeCostLine(lower)).toBe(
      'Changing the date now costs nothing under our terms, and the new date is priced again at £52.00 less, so your price becomes £443.00 and we refund £52.00 to your card.',
    );
    expect(dateChangeDoneLine(lower)).toBe(
      'no fee, and the new date is priced again at £52.00 less; your price is now £443.00 and we are refunding £52.00 to your card. Your crew and arrival time for the new day will follow',
    );
    expect(dateChangeRows(lower)).toEqual([
      ['Fee for the change', '£0.00'],
      ['New date priced again', '-£52.00'],
      ['Paid by card', '£495.00'],
      ['Refund to your card', '£52.00'],
    ]);
  });
});
