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
  /** Set once the customer has accepted the office's written quote: its total is then the price (issue 33 item 3). */
  written?: true;
}

/** An accepted written quote's figures, as stored (written_quotes): the lines' total less the code's discount. */
export interface AcceptedPrice {
  linesPence: number;
  discountPence: number;
  totalPence: number;
  code: string | null;
}

/** What a friend's code gives, as step 5 says it. */
export const FRIEND_OFFER = `${referral.friendDiscount} off your first move`;

const toPence = (pounds: number) => Math.round(pounds * 100);

/** `totalPounds` with `code`'s rule: FIRSTMOVE10's percentage (a half penny to the customer), or a friend's fixed amount. */
export const discountedPrice = (totalPounds: number, code: string | null | undefined): PriceToPay =>
  discountedPence(toPence(totalPounds), code);

/** The same rule on a total already in whole pence (an office's written quote). */
export function discountedPence(estimatePence: number, code: string | null | undefined): PriceToPay {
  const offer = code ? codeOffer(code) : null;
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
  const { discountPence, pricePence } = promoPrice(estimatePence / 100, { code: offer.code, percentOff: promo.percentOff });
  return { estimatePence, discountPence, pricePence, code: { code: offer.code, offer: `${promo.percentOff}% off your first booking` } };
}

/** The accepted written quote as the price: its stored pence, with the code's words. */
export const acceptedPrice = (accepted: AcceptedPrice): PriceToPay => ({
  estimatePence: accepted.linesPence,
  discountPence: accepted.discountPence,
  pricePence: accepted.totalPence,
  code: discountedPence(accepted.linesPence, accepted.code).code,
  written: true,
});

/**
 * The one price that applies now (issue 41 item 1), which the move page's top and every e-mail after the quote state:
 * the accepted written quote, else the written quote on offer, else the estimate less the code; null while unpriced.
 */
export function priceNow(quote: Parameters<typeof priceToPay>[0] & { offered?: AcceptedPrice | null }): PriceToPay | null {
  if (!quote.accepted && quote.offered) return acceptedPrice(quote.offered);
  return priceToPay(quote);
}

/**
 * The accepted written quote once there is one; before that the estimate less the code, or null while the quote waits
 * for its price (the postcode service was down when it was sent).
 */
export function priceToPay(quote: {
  pricing: { total: number } | null;
  promoCode: string | null;
  accepted?: AcceptedPrice | null;
}): PriceToPay | null {
  if (quote.accepted) return acceptedPrice(quote.accepted);
  return quote.pricing ? discountedPrice(quote.pricing.total, quote.promoCode) : null;
}
