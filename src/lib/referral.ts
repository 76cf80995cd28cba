/** Referral codes: 12 characters of Crockford's base 32, read aloud without confusion, typed back loosely, 60 random bits (unguessable). */
import { referral } from '../data/referral';
import { promo, site } from '../site.config';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;
const CODE_SHAPE = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

const grouped = (chars: string) => chars.match(/.{4}/g)!.join('-');

/** Each byte's low five bits pick a character: 256 is a multiple of 32, so there is no bias. */
export function newReferralCode(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(CODE_LENGTH))): string {
  return grouped(Array.from(bytes.subarray(0, CODE_LENGTH), (byte) => ALPHABET[byte & 31]).join(''));
}

export function referralCodeOf(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE_SHAPE.test(chars) ? grouped(chars) : null;
}

export type CodeOffer = { kind: 'promo'; code: string } | { kind: 'friend'; code: string; referral: boolean };

export function codeOffer(typed: string): CodeOffer | null {
  const upper = typed.trim().toUpperCase();
  if (upper === promo.code) return { kind: 'promo', code: upper };
  if (upper === referral.sharedCode) return { kind: 'friend', code: upper, referral: false };
  const code = referralCodeOf(upper);
  return code ? { kind: 'friend', code, referral: true } : null;
}

export const REFERRAL_MESSAGES = {
  unknown: 'We do not know this code. Check it with your friend, or leave the box empty.',
  own: 'This is your own referral code: it is for friends who are moving.',
} as const;

export function referralShare(code: string, siteUrl: string): { text: string; mailto: string } {
  const text = `I moved with ${site.brand}. Use my code ${code} for ${referral.friendDiscount} off your first move.`;
  const subject = `${referral.friendDiscount} off your move with ${site.brand}`;
  const body = `${text}\n\nGet a quote: ${new URL('/quote', siteUrl).href}`;
  return { text, mailto: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}` };
}
