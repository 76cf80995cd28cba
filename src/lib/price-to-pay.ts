/**
 * The price a customer pays: the estimate less the code they were shown its amount for (issue 30, item 2). Every page,
 * e-mail and calendar file after a quote is stored reads it from `priceToPay()`, so the amount promised at step 5 is
 * the amount booked, confirmed and paid, whatever the estimate becomes after a new date or 28 days.
 */
import { referral } from '../data/referral';
import { promo } from '../site.config';
import { promoPrice } from './promo';
import { codeOffer } from './referral';

export interface PriceToPay {
  /** The engine's estimate. Whole pence, as every amount here. */
  estimatePence: number;
  discountPence: number;
  pricePence: number;
  /** The code as stored and what it gives, in the words the customer was shown; null without one. */
  code: { code: string; offer: string } | null;
}

/** What a friend's code gives, as step 5 says it. */
export const FRIEND_OFFER = `${referral.friendDiscount} off your first move`;

const toPence = (pounds: number) => Math.round(pounds * 100);

/** `totalPounds` with `code`'s rule: FIRSTMOVE10's percentage (a half penny to the customer), or a friend's fixed amount. */
export function discountedPrice(totalPounds: number, code: string | null | undefined): PriceToPay {
  const offer = code ? codeOffer(code) : null;
  const estimatePence = toPence(totalPounds);
  if (!offer) return { estimatePence, discountPence: 0, pricePence: estimatePence, code: null };
  if (offer.kind === 'friend') {
    const discountPence = Math.min(estimatePence, referral.friendDiscountPounds * 100);
    return {
      estimatePence,
      discountPence,
      pricePence: estimatePence - discountPence,
      code: { code: offer.code, offer: FRIEND_OFFER },
    };
  }
  const { discountPence, pricePence } = promoPrice(totalPounds, { code: offer.code, percentOff: promo.percentOff });
  return { estimatePence, discountPence, pricePence, code: { code: offer.code, offer: `${promo.percentOff}% off your first booking` } };
}

/** Null while the quote waits for its price (the postcode service was down when it was sent). */
export const priceToPay = (quote: { pricing: { total: number } | null; promoCode: string | null }): PriceToPay | null =>
  quote.pricing ? discountedPrice(quote.pricing.total, quote.promoCode) : null;
