/**
 * Codes a customer can type into a quote (issue 19, item 7): the promo code, the shared friend's code, and each
 * account's own referral code. A referral code is 12 characters of Crockford's base 32 (no I, L, O or U), shown in
 * groups of four: read aloud without confusion, typed back in any case, with or without spaces and dashes, and an
 * O or I/L read as 0 or 1. Twelve characters carry 60 random bits, so codes cannot be found by guessing.
 */
import { referral } from '../data/referral';
import { promo, site } from '../site.config';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;
const CODE_SHAPE = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

/** XXXX-XXXX-XXXX from the 12 characters. */
const grouped = (chars: string) => chars.match(/.{4}/g)!.join('-');

/** A new referral code from 12 random bytes (each byte's low five bits pick a character: no bias). */
export function newReferralCode(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(CODE_LENGTH))): string {
  return grouped(Array.from(bytes.subarray(0, CODE_LENGTH), (byte) => ALPHABET[byte & 31]).join(''));
}

/** A typed referral code as stored (XXXX-XXXX-XXXX), or null if it cannot be one. */
export function referralCodeOf(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE_SHAPE.test(chars) ? grouped(chars) : null;
}

export type CodeOffer = { kind: 'promo'; code: string } | { kind: 'friend'; code: string; referral: boolean };

/** What a typed code offers, with the code as stored; null when it is no code of ours. */
export function codeOffer(typed: string): CodeOffer | null {
  const upper = typed.trim().toUpperCase();
  if (upper === promo.code) return { kind: 'promo', code: upper };
  if (upper === referral.sharedCode) return { kind: 'friend', code: upper, referral: false };
  const code = referralCodeOf(upper);
  return code ? { kind: 'friend', code, referral: true } : null;
}

/** Why the Worker refuses a code of the right shape, on the code's field. */
export const REFERRAL_MESSAGES = {
  unknown: 'We do not know this code. Check it with your friend, or leave the box empty.',
  own: 'This is your own referral code: it is for friends who are moving.',
} as const;

/** What sharing a code says, and the e-mail it opens: the same on the prebuilt page and on the one the Worker fills. */
export function referralShare(code: string, siteUrl: string): { text: string; mailto: string } {
  const text = `I moved with ${site.brand}. Use my code ${code} for ${referral.friendDiscount} off your first move.`;
  const subject = `${referral.friendDiscount} off your move with ${site.brand}`;
  const body = `${text}\n\nGet a quote: ${new URL('/quote', siteUrl).href}`;
  return { text, mailto: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}` };
}
