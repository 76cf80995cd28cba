/** The no-JavaScript quote form's price (functions/pages/quote-form.ts): the keys PriceCard.astro marks. */
import { priceView, type PriceNotes } from '~/lib/price-lines';
import type { PricingResult } from '~/lib/pricing';
import type { Fill } from '../lib/prebuilt-page';

export function priceFill(pricing: PricingResult, notes: PriceNotes = {}): Fill {
  const view = priceView(pricing, notes);
  const text: Record<string, string> = { 'price:total': view.total, 'price:distance': view.distance };
  const show = ['price'];
  let access = 0;
  for (const line of view.lines) {
    // The access lines are numbered in order (PriceCard.astro draws as many as there are).
    const key = line.key.startsWith('access-') ? `access:${access++}` : line.key;
    text[`price:${key}`] = line.amount;
    if (line.key === 'extra' || key.startsWith('access:')) text[`price:${key}-label`] = line.label;
    show.push(`price:${key}`);
  }
  for (const key of ['free', 'notes', 'promo'] as const) {
    const line = view[key];
    if (line === null) continue;
    text[`price:${key}`] = line;
    show.push(`price:${key}`);
  }
  return { text, show };
}
