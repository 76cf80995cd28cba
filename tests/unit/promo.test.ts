import { describe, expect, it } from 'vitest';
import { formatPence } from '~/lib/money';
import { promoLine } from '~/lib/price-lines';
import { promoPrice } from '~/lib/promo';
import { promo } from '~/site.config';

// Every figure below is worked out by hand: 10% of £1,241 is £124.10, so £1,116.90 is paid.
describe('the promo code as an amount', () => {
  it('takes the percentage off in whole pence', () => {
    expect(promoPrice(1241, { code: 'FIRSTMOVE10', percentOff: 10 })).toEqual({
      code: 'FIRSTMOVE10',
      percentOff: 10,
      totalPence: 124_100,
      discountPence: 12_410,
      pricePence: 111_690,
    });
    expect(promoPrice(199, { code: 'X', percentOff: 10 }).pricePence).toBe(17_910); // £179.10
    expect(promoPrice(1258, { code: 'X', percentOff: 10 }).pricePence).toBe(113_220); // £1,132.20
  });

  it('rounds to the penny, half a penny of discount to the customer', () => {
    // 15% of £0.01 is 0.15p: nothing off. 15% of £0.03 is 0.45p: nothing off. 15% of £0.10 is 1.5p: 2p off.
    expect(promoPrice(0.01, { code: 'X', percentOff: 15 }).discountPence).toBe(0);
    expect(promoPrice(0.03, { code: 'X', percentOff: 15 }).discountPence).toBe(0);
    expect(promoPrice(0.1, { code: 'X', percentOff: 15 }).discountPence).toBe(2);
    // 7% of £12.35 is 86.45p: 86p off, £11.49 to pay. 7% of £12.50 is 87.5p: 88p off, £11.62.
    expect(promoPrice(12.35, { code: 'X', percentOff: 7 }).pricePence).toBe(1_149);
    expect(promoPrice(12.5, { code: 'X', percentOff: 7 }).pricePence).toBe(1_162);
    // Where floating point would slip: 0.1 + 0.2 pounds is 30p, 10% off is 3p.
    expect(promoPrice(0.1 + 0.2, { code: 'X', percentOff: 10 })).toMatchObject({ totalPence: 30, discountPence: 3, pricePence: 27 });
  });

  it('refuses what is not a price or a whole percentage', () => {
    expect(() => promoPrice(-1)).toThrow(RangeError);
    expect(() => promoPrice(Number.NaN)).toThrow(RangeError);
    expect(() => promoPrice(100, { code: 'X', percentOff: 12.5 })).toThrow(RangeError);
  });

  it('writes pounds and pence from integers', () => {
    expect(formatPence(111_690)).toBe('£1,116.90');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(100_000_000)).toBe('£1,000,000.00');
    expect(() => formatPence(1.5)).toThrow(RangeError);
  });

  it('is said the same way everywhere the code appears, the estimate left as it is', () => {
    expect(promo.percentOff).toBe(10);
    expect(promoLine('FIRSTMOVE10', 1241)).toBe('£1,116.90 with FIRSTMOVE10 when you book (10% off your first booking)');
  });
});
