/**
 * What the Worker writes into the prebuilt quote pages (the form's price card, the confirmation), worded by the
 * shared modules: price lines (src/lib/price-lines.ts), distance, money and dates. Keys are the ones the Astro
 * components mark (src/components/quote/PriceCard.astro, QuoteConfirmationView.astro).
 */
import { findPackage } from '../../src/data/packages';
import { formatLongDate } from '../../src/lib/dates';
import { crossesSea, FERRY_NOTE } from '../../src/lib/ferry';
import { describeDistance } from '../../src/lib/distance';
import { formatMoney } from '../../src/lib/money';
import { distanceLine, freeMilesLine, priceLines, promoLine, UNVERIFIED_NOTE } from '../../src/lib/price-lines';
import type { PricingResult } from '../../src/lib/pricing';
import { furnitureSummary, place } from '../lib/emails';
import { mergeFills, type Fill } from '../lib/prebuilt-page';

/** The Estimated Quote card: its lines, total, distance, notes and promo line. */
export function priceFill(pricing: PricingResult, { notes = [], verified = true, promoCode, ferry = false }: PriceNotes = {}): Fill {
  const text: Record<string, string> = {
    'price:total': formatMoney(pricing.total),
    'price:distance': distanceLine(pricing),
  };
  const show = ['price'];
  for (const line of priceLines(pricing)) {
    text[`price:${line.key}`] = formatMoney(line.amount);
    if (line.key === 'extra') text['price:extra-label'] = line.label;
    show.push(`price:${line.key}`);
  }
  const free = freeMilesLine(pricing);
  if (free) {
    text['price:free'] = free;
    show.push('price:free');
  }
  const said = [...notes, ...(verified ? [] : [UNVERIFIED_NOTE]), ...(ferry ? [FERRY_NOTE] : [])];
  if (said.length) {
    text['price:notes'] = said.join(' ');
    show.push('price:notes');
  }
  if (promoCode) {
    text['price:promo'] = promoLine(promoCode, pricing.total);
    show.push('price:promo');
  }
  return { text, show };
}

export interface PriceNotes {
  notes?: readonly string[];
  verified?: boolean;
  promoCode?: string | null | undefined;
  /** The route crosses the sea: the estimate leaves the ferry out, and says so. */
  ferry?: boolean;
}

/** A stored quote as quote_requests holds it (the columns the confirmation shows). */
export interface StoredQuote {
  reference: string;
  name: string;
  email: string;
  phone: string;
  property_id: string;
  furniture_ids: string;
  from_postcode: string;
  to_postcode: string;
  from_address: string | null;
  to_address: string | null;
  move_date: string;
  additional_info: string | null;
  promo_code: string | null;
  verified: number;
  distance_notes: string;
  pricing: string;
  /** The customer e-mail's outbox status. */
  customer_status: string | null;
}

/** Everything the confirmation page shows of a stored quote. */
export function confirmationFill(quote: StoredQuote): Fill {
  const pricing = JSON.parse(quote.pricing) as PricingResult;
  const text: Record<string, string> = {
    reference: quote.reference,
    'first-name': quote.name.split(/\s+/)[0] ?? quote.name,
    property: findPackage(quote.property_id)?.title ?? quote.property_id,
    from: place(quote.from_address, quote.from_postcode),
    to: place(quote.to_address, quote.to_postcode),
    date: formatLongDate(quote.move_date),
    distance: describeDistance(pricing.distance),
    furniture: furnitureSummary(JSON.parse(quote.furniture_ids) as string[]),
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    notes: quote.additional_info ?? '',
  };
  const show = [quote.customer_status === 'sent' ? 'emailed' : 'email-pending', ...(quote.additional_info ? ['notes'] : [])];
  const price = priceFill(pricing, {
    notes: JSON.parse(quote.distance_notes) as string[],
    verified: quote.verified === 1,
    promoCode: quote.promo_code,
    ferry: crossesSea(quote.from_postcode, quote.to_postcode),
  });
  return mergeFills({ text, show }, price);
}
