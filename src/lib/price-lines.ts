/**
 * The lines of an Estimated Quote (spec section 4), worded once for every place that prints a price: the wizard's
 * card, the e-mails, the quote form without JavaScript and the confirmation page. A line appears only
 * when it adds something; the base service always does.
 */
import { promo } from '../site.config';
import { describeDistance } from './distance';
import { formatPence } from './money';
import { promoPrice } from './promo';
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

/** "Extra distance (12.3 miles as the crow flies)" */
export const extraDistanceLabel = (extraMiles: number): string => `Extra distance (${describeDistance(extraMiles)})`;

/** The breakdown above the total. */
export function priceLines(pricing: PricingResult): PriceLine[] {
  const lines: PriceLine[] = [{ key: 'base', label: PRICE_LABELS.base, amount: pricing.basePrice }];
  if (pricing.extraMiles > 0) lines.push({ key: 'extra', label: extraDistanceLabel(pricing.extraMiles), amount: pricing.distanceCharge });
  if (pricing.weekendSurcharge > 0) lines.push({ key: 'weekend', label: PRICE_LABELS.weekend, amount: pricing.weekendSurcharge });
  if (pricing.furnitureCosts > 0) lines.push({ key: 'furniture', label: PRICE_LABELS.furniture, amount: pricing.furnitureCosts });
  return lines;
}

/** "Distance: 162.7 miles as the crow flies" */
export const distanceLine = (pricing: PricingResult): string => `Distance: ${describeDistance(pricing.distance)}`;

/** "Includes 25 miles at no extra charge", or nothing for a package without free miles. */
export const freeMilesLine = (pricing: PricingResult): string | null =>
  pricing.freeMiles > 0 ? `Includes ${pricing.freeMiles} miles at no extra charge` : null;

/** Said wherever a quote priced while the postcode service was down is shown (it used the distance the customer saw). */
export const UNVERIFIED_NOTE = 'We could not check the distance just now, so this estimate uses the figures you saw. We will confirm it.';

/**
 * The promo code as an amount beside the estimate (which stays as it is):
 * "£1,116.90 with FIRSTMOVE10 when you book (10% off your first booking)".
 */
export function promoLine(code: string, totalPounds: number): string {
  const price = promoPrice(totalPounds, { code, percentOff: promo.percentOff });
  return `${formatPence(price.pricePence)} with ${code} when you book (${price.percentOff}% off your first booking)`;
}
