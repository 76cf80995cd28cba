/** Keys are the ones PriceCard.astro and QuoteConfirmationView.astro mark. */
import { formatLongDate } from '../../src/lib/dates';
import { crossesSea, FERRY_NOTE } from '../../src/lib/ferry';
import { formatMoney } from '../../src/lib/money';
import { distanceLine, freeMilesLine, payLine, priceLines, promoLine } from '../../src/lib/price-lines';
import { priceToPay } from '../../src/lib/price-to-pay';
import type { PricingResult } from '../../src/lib/pricing';
import type { OutboxStatus } from '../lib/outbox';
import { mergeFills, type Fill } from '../lib/prebuilt-page';
import type { StoredQuote } from '../lib/quote/stored-quote';
import {
  accessLines,
  distanceText,
  firstName,
  furnitureSummary,
  place,
  propertyTitle,
  quoteService,
  serviceCaveat,
} from '../lib/quote/summary';

export interface PriceNotes {
  notes?: readonly string[];
  promoCode?: string | null | undefined;
  /** The estimate leaves the ferry out, and says so. */
  ferry?: boolean;
}

export function priceFill(pricing: PricingResult, { notes = [], promoCode, ferry = false }: PriceNotes = {}): Fill {
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
  const said = [...notes, ...(ferry ? [FERRY_NOTE] : [])];
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

/** A failed send is tried again, so it is still on its way; once the outbox gives up, the page says so. */
const EMAIL_LINES: Record<OutboxStatus, string> = {
  sent: 'emailed',
  pending: 'email-pending',
  failed: 'email-pending',
  gave_up: 'email-gave-up',
};

export function confirmationFill(quote: StoredQuote): Fill {
  const text: Record<string, string> = {
    reference: quote.reference,
    'first-name': firstName(quote.name),
    property: propertyTitle(quote),
    from: place(quote.fromAddress, quote.fromPostcode),
    to: place(quote.toAddress, quote.toPostcode),
    date: formatLongDate(quote.moveDate),
    distance: distanceText(quote),
    furniture: furnitureSummary(quote.furnitureIds),
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    notes: quote.additionalInfo ?? '',
  };
  const show = [...(quote.lastCustomerEmail ? [EMAIL_LINES[quote.lastCustomerEmail]] : []), ...(quote.additionalInfo ? ['notes'] : [])];
  const access = accessLines(quote);
  if (access.length) {
    text.access = access.map(([label, line]) => `${label}: ${line}`).join('\n');
    show.push('access');
  }
  const service = quoteService(quote);
  if (service) {
    text.service = service.label;
    show.push('service');
  }
  const caveat = serviceCaveat(quote);
  if (caveat) {
    text['service-note'] = caveat.sentence;
    show.push('service-note');
  }
  const pay = priceToPay(quote);
  if (pay?.code) {
    text['to-pay'] = payLine(pay);
    show.push('to-pay');
  }
  const price = quote.pricing
    ? priceFill(quote.pricing, { ...quote, ferry: crossesSea(quote.fromPostcode, quote.toPostcode) })
    : { show: ['price-pending'] };
  return mergeFills({ text, show }, price);
}
