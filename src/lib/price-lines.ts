/** The lines of an Estimated Quote (spec section 4), worded once for every place that prints a price. */
import { promo } from '../site.config';
import { describeDistance } from './distance';
import { FERRY_NOTE } from './ferry';
import { formatMoney, formatPence } from './money';
import { discountedPrice, FRIEND_OFFER, type PriceToPay } from './price-to-pay';
import { codeOffer } from './referral';
import { PRICE_LATER_HOURS } from '../data/promises';
import { QUOTE_ROUTE_ENDS } from '../data/quote-labels';
import type { AccessCharge, PricingResult } from './pricing';

export const PRICE_LABELS = {
  base: 'Base service',
  weekend: 'Weekend surcharge',
  furniture: 'Additional furniture',
  total: 'Total Estimate',
  toPay: 'Price to pay',
  estimate: 'Estimated total',
} as const;

export type PriceLineKey = 'base' | 'extra' | 'weekend' | 'furniture' | `access-${AccessCharge['end']}-${AccessCharge['kind']}`;

export interface PriceLine {
  key: PriceLineKey;
  label: string;
  /** Whole pounds. */
  amount: number;
}

export const extraDistanceLabel = (extraMiles: number): string => `Extra distance (${describeDistance(extraMiles)})`;

/** "Moving from: stairs, 3 floors without a lift", "Moving to: long carry", "Moving to: parking 20 to 50 metres away". */
export function accessChargeLabel(charge: AccessCharge): string {
  const what =
    charge.kind === 'stairs'
      ? `stairs, ${charge.detail === 1 ? '1 floor' : `${charge.detail} floors`} without a lift`
      : charge.kind === 'carry'
        ? 'long carry'
        : `parking ${charge.detail === 'over-50m' ? 'more than 50' : '20 to 50'} metres away`;
  return `${QUOTE_ROUTE_ENDS[charge.end]}: ${what}`;
}

export function priceLines(pricing: PricingResult): PriceLine[] {
  const lines: PriceLine[] = [{ key: 'base', label: PRICE_LABELS.base, amount: pricing.basePrice }];
  if (pricing.extraMiles > 0) lines.push({ key: 'extra', label: extraDistanceLabel(pricing.extraMiles), amount: pricing.distanceCharge });
  if (pricing.weekendSurcharge > 0) lines.push({ key: 'weekend', label: PRICE_LABELS.weekend, amount: pricing.weekendSurcharge });
  if (pricing.furnitureCosts > 0) lines.push({ key: 'furniture', label: PRICE_LABELS.furniture, amount: pricing.furnitureCosts });
  // A price stored before access was priced has none.
  for (const charge of pricing.access ?? []) {
    lines.push({ key: `access-${charge.end}-${charge.kind}`, label: accessChargeLabel(charge), amount: charge.amount });
  }
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

/**
 * For a move the office priced itself, from a survey or a car's details (issue 40 item 3): no instant estimate, its
 * price is the written quote.
 */
export const PRICE_BY_WRITTEN_QUOTE = {
  title: 'Priced by written quote',
  text: 'We price this move ourselves rather than by an instant estimate. Your written quote is on this page once we have sent it, and we e-mail it to you.',
} as const;

export function promoLine(code: string, totalPounds: number | null): string {
  if (totalPounds === null) {
    return `${code}: ${codeOffer(code)?.kind === 'friend' ? FRIEND_OFFER : promo.description}`;
  }
  const { pricePence, code: applied } = discountedPrice(totalPounds, code);
  return applied ? `${formatPence(pricePence)} with ${code} when you book (${applied.offer})` : formatMoney(totalPounds);
}

/** Beside an accepted written quote's total, wherever the price is shown. */
export const WRITTEN_QUOTE_PRICE = 'your written quote';

/** "£1,244.70 with FIRSTMOVE10", the estimate alone when no code applies, or "£819.90, your written quote" once accepted. */
export const payText = (pay: PriceToPay): string => {
  if (pay.written) return `${formatPence(pay.pricePence)}, ${WRITTEN_QUOTE_PRICE}`;
  return pay.code ? `${formatPence(pay.pricePence)} with ${pay.code.code}` : formatMoney(pay.estimatePence / 100);
};

/** With what the code gives: "£1,244.70 with FIRSTMOVE10 (10% off your first booking)". */
export const payLine = (pay: PriceToPay): string => {
  if (!pay.code) return payText(pay);
  return pay.written ? `${payText(pay)} (with ${pay.code.code}: ${pay.code.offer})` : `${payText(pay)} (${pay.code.offer})`;
};

/** The one price's row in a move's e-mails (priceNow): the written quote as the price to pay, else the estimate. */
export const priceNowRow = (pay: PriceToPay | null): [label: string, value: string] =>
  pay ? [pay.written ? PRICE_LABELS.toPay : PRICE_LABELS.estimate, payLine(pay)] : [PRICE_LABELS.estimate, PRICE_PENDING.title];

/** Whether a price to pay is worth its own line beside the estimate: a code applies, or a written quote is the price. */
export const paysOtherThanEstimate = (pay: PriceToPay | null): pay is PriceToPay => !!pay && (!!pay.code || !!pay.written);

/** A total in pounds (an estimate, a new date's, one priced again) as the customer pays it with the quote's code. */
export const payFor =
  (promoCode: string | null) =>
  (totalPounds: number): string =>
    payText(discountedPrice(totalPounds, promoCode));

export interface PriceNotes {
  notes?: readonly string[];
  promoCode?: string | null | undefined;
  /** The estimate leaves the ferry out, and says so. */
  ferry?: boolean;
}

/** An Estimated Quote card as written out (src/components/quote/PriceCard.astro): null for a line that says nothing. */
export interface PriceView {
  total: string;
  lines: Array<{ key: PriceLineKey; label: string; amount: string }>;
  distance: string;
  free: string | null;
  notes: string | null;
  promo: string | null;
}

export function priceView(pricing: PricingResult, { notes = [], promoCode, ferry = false }: PriceNotes = {}): PriceView {
  const said = [...notes, ...(ferry ? [FERRY_NOTE] : [])];
  return {
    total: formatMoney(pricing.total),
    lines: priceLines(pricing).map((line) => ({ ...line, amount: formatMoney(line.amount) })),
    distance: distanceLine(pricing),
    free: freeMilesLine(pricing),
    notes: said.length ? said.join(' ') : null,
    promo: promoCode ? promoLine(promoCode, pricing.total) : null,
  };
}
