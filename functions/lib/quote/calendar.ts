import { formatMoney } from '../../../src/lib/money';
import { PRICE_PENDING } from '../../../src/lib/price-lines';
import { site } from '../../../src/site.config';
import { calendarFile } from '../ics';
import type { StoredQuote } from './stored-quote';

export const calendarFileName = (quote: StoredQuote) => `${site.brand.toLowerCase()}-move-${quote.reference}.ics`;

export function quoteCalendar(quote: StoredQuote, siteUrl: string, now = new Date()): string {
  const price = quote.pricing ? `estimated ${formatMoney(quote.pricing.total)}` : PRICE_PENDING.inline;
  return calendarFile(
    {
      uid: `${quote.reference}@${new URL(siteUrl).hostname}`,
      date: quote.moveDate,
      summary: `Moving day: ${site.brand} quote ${quote.reference}`,
      description: `${site.brand} quote ${quote.reference}, ${quote.fromPostcode} to ${quote.toPostcode}, ${price}. Questions? Call ${site.phone.display} or e-mail ${site.email}.`,
      stamp: now,
    },
    `-//${site.brand}//Quote//EN`,
  );
}
