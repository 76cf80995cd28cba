/** The lines of an Estimated Quote (spec section 4), worded once for every place that prints a price. */
import { promo } from '../site.config';
import { describeDistance } from './distance';
import { formatPence } from './money';
import { promoPrice } from './promo';
import { codeOffer } from './referral';
import { referral } from '../data/referral';
import { PRICE_LATER_HOURS } from '../data/promises';
import type { PricingResult } from './pricing';

export const PRICE_LABELS = {
  base: 'Base service',
  weekend: 'Weekend surcharge',
  furniture: 'Additional furniture',
  total: 'Total Estimate',
} as const;

export type PriceLineKey = 'base' | 'extra' | 'weekend' | 'furniture';

export interface PriceLine {
  key: PriceLineKey;
  label: string;
  /** Whole pounds. */
  amount: number;
}

export const extraDistanceLabel = (extraMiles: number): string => `Extra distance (${describeDistance(extraMiles)})`;

export function priceLines(pricing: PricingResult): PriceLine[] {
  const lines: PriceLine[] = [{ key: 'base', label: PRICE_LABELS.base, amount: pricing.basePrice }];
  if (pricing.extraMiles > 0) lines.push({ key: 'extra', label: extraDistanceLabel(pricing.extraMiles), amount: pricing.distanceCharge });
  if (pricing.weekendSurcharge > 0) lines.push({ key: 'weekend', label: PRICE_LABELS.weekend, amount: pricing.weekendSurcharge });
  if (pricing.furnitureCosts > 0) lines.push({ key: 'furniture', label: PRICE_LABELS.furniture, amount: pricing.furnitureCosts });
  return lines;
}

export const distanceLine = (pricing: PricingResult): string => `Distance: ${describeDistance(pricing.distance)}`;

export const freeMilesLine = (pricing: PricingResult): string | null =>
  pricing.freeMiles > 0 ? `Includes ${pricing.freeMiles} miles at no extra charge` : null;

/** For a quote sent while the postcode service was down: the business prices it and e-mails the price. */
export const PRICE_PENDING = {
  title: "We'll confirm your price",
  text: `We could not check the distance between your postcodes just now, so we will work out your price and e-mail it to you within ${PRICE_LATER_HOURS} hours.`,
  inline: 'price to be confirmed',
  distance: 'To be confirmed',
} as const;

export function promoLine(code: string, totalPounds: number | null): string {
  const friend = codeOffer(code)?.kind === 'friend';
  const offer = friend ? `${referral.friendDiscount} off your first move` : promo.description;
  if (totalPounds === null) return `${code}: ${offer}`;
  const pricePence = friend
    ? Math.max(0, Math.round(totalPounds * 100) - referral.friendDiscountPounds * 100)
    : promoPrice(totalPounds, { code, percentOff: promo.percentOff }).pricePence;
  return `${formatPence(pricePence)} with ${code} when you book (${friend ? offer : `${promo.percentOff}% off your first booking`})`;
}
