/**
 * The price a customer pays for a stored quote (issue 30, item 2): the estimate less the code they were shown. Every
 * figure is worked by hand from the spec's constants:
 *
 *   A studio (base £349) with a sofa (£225) and a wardrobe (£65), 65 miles, on Saturday 13 March 2027:
 *     distance  65 - 25 free miles = 40 miles x £2.50          = £100
 *     weekend   15% of the £349 base = £52.35, to the pound    = £52
 *     total     £349 + £100 + £52 + £225 + £65                 = £791
 *   FIRSTMOVE10, 10% off: £79.10 off, £711.90 to pay.
 *   A friend's referral code (or SHIFTFRIEND), £10 off: £781.00 to pay.
 *
 *   The same move on Wednesday 10 March 2027 (no weekend charge): £739; with FIRSTMOVE10 £73.90 off, £665.10.
 */
import { describe, expect, it } from 'vitest';
import { calculatePricing } from '~/lib/pricing';
import { discountedPrice, priceToPay } from '~/lib/price-to-pay';
import { payFor, payLine, payText } from '~/lib/price-lines';

const move = (moveDate: string) =>
  calculatePricing({ propertyId: 'studio', distanceMiles: 65, moveDate, furnitureIds: ['sofa', 'wardrobe'] });
const saturday = move('2027-03-13');
const FRIEND = 'K7M2-QX9P-A3BC';

describe('priceToPay', () => {
  it('is the engine’s estimate when no code was given', () => {
    expect(saturday.total).toBe(791);
    expect(priceToPay({ pricing: saturday, promoCode: null })).toEqual({
      estimatePence: 79_100,
      discountPence: 0,
      pricePence: 79_100,
      code: null,
    });
  });

  it('takes FIRSTMOVE10’s 10% off, in pence', () => {
    expect(priceToPay({ pricing: saturday, promoCode: 'FIRSTMOVE10' })).toEqual({
      estimatePence: 79_100,
      discountPence: 7_910,
      pricePence: 71_190,
      code: { code: 'FIRSTMOVE10', offer: '10% off your first booking' },
    });
  });

  it('takes £10 off for a friend’s code, the shared one included', () => {
    for (const code of [FRIEND, 'SHIFTFRIEND']) {
      expect(priceToPay({ pricing: saturday, promoCode: code })).toEqual({
        estimatePence: 79_100,
        discountPence: 1_000,
        pricePence: 78_100,
        code: { code, offer: '£10 off your first move' },
      });
    }
  });

  it('keeps the rule when the estimate is priced again (a new date, or after 28 days)', () => {
    const wednesday = move('2027-03-10');
    expect(wednesday.total).toBe(739);
    expect(priceToPay({ pricing: wednesday, promoCode: 'FIRSTMOVE10' })).toMatchObject({ discountPence: 7_390, pricePence: 66_510 });
    expect(payFor('FIRSTMOVE10')(739)).toBe('£665.10 with FIRSTMOVE10');
    expect(payFor(FRIEND)(739)).toBe(`£729.00 with ${FRIEND}`);
    expect(payFor(null)(739)).toBe('£739');
  });

  it('is nothing while the quote waits for its price', () => {
    expect(priceToPay({ pricing: null, promoCode: 'FIRSTMOVE10' })).toBeNull();
  });

  it('never takes a friend’s £10 below nothing', () => {
    expect(discountedPrice(6, 'SHIFTFRIEND')).toMatchObject({ discountPence: 600, pricePence: 0 });
  });

  it('is worded the same in every e-mail and page', () => {
    const pay = priceToPay({ pricing: saturday, promoCode: 'FIRSTMOVE10' })!;
    expect(payText(pay)).toBe('£711.90 with FIRSTMOVE10');
    expect(payLine(pay)).toBe('£711.90 with FIRSTMOVE10 (10% off your first booking)');
    expect(payLine(priceToPay({ pricing: saturday, promoCode: null })!)).toBe('£791');
  });
});
