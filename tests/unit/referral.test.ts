import { describe, expect, it } from 'vitest';
import { codeOffer, newReferralCode, referralCodeOf, referralShare } from '~/lib/referral';
import { promoLine } from '~/lib/price-lines';
import { promoCodeField } from '~/lib/schemas';
import * as z from 'zod/mini';

describe('referral codes', () => {
  it('are 12 characters of Crockford’s base 32 in groups of four, one character per random byte', () => {
    // Byte values 0..11 pick the alphabet's first twelve characters; 32 + n picks the same as n (low five bits).
    expect(newReferralCode(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toBe('0123-4567-89AB');
    expect(newReferralCode(Uint8Array.from([31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20]))).toBe('ZYXW-VTSR-QPNM');
    expect(newReferralCode(Uint8Array.from([32, 255, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]))).toBe('0ZJK-MNPQ-RSTV');
    const codes = new Set(Array.from({ length: 200 }, () => newReferralCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);
  });

  it('read back however they are typed: case, spaces, dashes, and O or I/L for nought or one', () => {
    expect(referralCodeOf('0123-4567-89AB')).toBe('0123-4567-89AB');
    expect(referralCodeOf(' o123 4567 89ab ')).toBe('0123-4567-89AB');
    expect(referralCodeOf('O|23')).toBeNull();
    expect(referralCodeOf('0L23456789AB')).toBe('0123-4567-89AB');
    expect(referralCodeOf('0i23-4567-89ab')).toBe('0123-4567-89AB');
    // U is not in the alphabet; eleven or thirteen characters are not a code.
    expect(referralCodeOf('0123-4567-89AU')).toBeNull();
    expect(referralCodeOf('0123-4567-89A')).toBeNull();
    expect(referralCodeOf('0123-4567-89ABC')).toBeNull();
  });

  it('tell a promo code, the shared friend’s code and a referral code apart', () => {
    expect(codeOffer('firstmove10')).toEqual({ kind: 'promo', code: 'FIRSTMOVE10' });
    expect(codeOffer(' shiftfriend ')).toEqual({ kind: 'friend', code: 'SHIFTFRIEND', referral: false });
    expect(codeOffer('7k2m 9xh4 qr3t')).toEqual({ kind: 'friend', code: '7K2M-9XH4-QR3T', referral: true });
    expect(codeOffer('FREEMOVE')).toBeNull();
  });

  it('pass the request schema as stored, and anything else is refused with the spec’s message', () => {
    const schema = z.object({ promoCode: promoCodeField });
    expect(schema.parse({ promoCode: '7k2m 9xh4 qr3t' })).toEqual({ promoCode: '7K2M-9XH4-QR3T' });
    expect(schema.parse({ promoCode: 'shiftfriend' })).toEqual({ promoCode: 'SHIFTFRIEND' });
    expect(schema.parse({ promoCode: '' })).toEqual({});
    const refused = schema.safeParse({ promoCode: 'FREEMOVE' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('This promo code is not recognised.');
  });

  it('word a friend’s £10 off beside the estimate, and the promo code’s 10% as before', () => {
    // £1,241 less £10 is £1,231; 10% of £1,241 is £124.10, so £1,116.90.
    expect(promoLine('7K2M-9XH4-QR3T', 1241)).toBe('£1,231.00 with 7K2M-9XH4-QR3T when you book (£10 off your first move)');
    expect(promoLine('SHIFTFRIEND', 199)).toBe('£189.00 with SHIFTFRIEND when you book (£10 off your first move)');
    expect(promoLine('SHIFTFRIEND', 6)).toBe('£0.00 with SHIFTFRIEND when you book (£10 off your first move)');
    expect(promoLine('SHIFTFRIEND', null)).toBe('SHIFTFRIEND: £10 off your first move');
    expect(promoLine('FIRSTMOVE10', 1241)).toBe('£1,116.90 with FIRSTMOVE10 when you book (10% off your first booking)');
  });

  it('share the code in words and a ready e-mail that link to the quote', () => {
    const { text, mailto } = referralShare('7K2M-9XH4-QR3T', 'https://shiftly.example');
    expect(text).toBe('I moved with Shiftly. Use my code 7K2M-9XH4-QR3T for £10 off your first move.');
    const url = new URL(mailto);
    expect(url.searchParams.get('subject')).toBe('£10 off your move with Shiftly');
    expect(url.searchParams.get('body')).toBe(`${text}\n\nGet a quote: https://shiftly.example/quote`);
  });
});
