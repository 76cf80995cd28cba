/** The promo code as an amount beside the estimate (issue 18), worked in whole pence; a half penny of discount goes to the customer. */
import { promo } from '../site.config';

export interface PromoOffer {
  code: string;
  percentOff: number;
}

export interface PromoPrice {
  code: string;
  percentOff: number;
  totalPence: number;
  discountPence: number;
  pricePence: number;
}

export function promoPrice(totalPounds: number, offer: PromoOffer = promo): PromoPrice {
  if (!Number.isFinite(totalPounds) || totalPounds < 0) throw new RangeError(`Not a price: ${totalPounds}`);
  if (!Number.isInteger(offer.percentOff) || offer.percentOff < 0 || offer.percentOff > 100) {
    throw new RangeError(`Not a whole percentage: ${offer.percentOff}`);
  }
  const totalPence = Math.round(totalPounds * 100);
  // (pence x percent + 50) / 100, rounded down: the exact product is an integer, so this rounds half a penny up.
  const discountPence = Math.floor((totalPence * offer.percentOff + 50) / 100);
  return { code: offer.code, percentOff: offer.percentOff, totalPence, discountPence, pricePence: totalPence - discountPence };
}
