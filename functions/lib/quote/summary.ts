import { findFurniture } from '~/data/furniture';
import { describeAccess } from '~/data/access';
import { findService, type QuoteService } from '~/data/services';
import { findPackage } from '~/data/packages';
import { surveySizeLabel } from '~/data/survey';
import { addressText } from '~/lib/move-facts';
import { describeDistance } from '~/lib/distance';
import { describeEvent, type MoveEvent } from '~/lib/move-status';
import { payFor, PRICE_PENDING } from '~/lib/price-lines';
import type { StoredQuote } from './stored-quote';

export function furnitureSummary(ids: readonly string[]): string {
  // Spec fallback: 'Standard move' when nothing extra was chosen.
  if (ids.length === 0) return 'Standard move';
  return ids.map((id) => findFurniture(id)?.name ?? id).join(', ');
}

/** An end's whole address on one line: its street address as far as it is known, then its postcode. */
export const place = (quote: Pick<StoredQuote, 'addresses' | 'fromPostcode' | 'toPostcode'>, end: 'from' | 'to') =>
  addressText(quote.addresses[end], end === 'from' ? quote.fromPostcode : quote.toPostcode);

export const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

/** The package's name; for a move made from a survey or car request (issue 40 item 3), what was asked. */
export function propertyTitle(quote: Pick<StoredQuote, 'propertyId'> & Partial<Pick<StoredQuote, 'request'>>): string {
  if (quote.request?.kind === 'survey') return `${surveySizeLabel(quote.request.size)}, priced after a survey`;
  if (quote.request?.kind === 'car') return `Car: ${quote.request.vehicle}`;
  return findPackage(quote.propertyId)?.title ?? 'Unknown';
}

export const distanceText = (quote: Pick<StoredQuote, 'pricing'>) =>
  quote.pricing ? describeDistance(quote.pricing.distance) : PRICE_PENDING.distance;

export function accessLines(quote: Pick<StoredQuote, 'access'>): Array<[label: string, text: string]> {
  const lines: Array<[string, string]> = [];
  const from = describeAccess(quote.access?.from);
  const to = describeAccess(quote.access?.to);
  if (from) lines.push(['Access at collection', from]);
  if (to) lines.push(['Access at delivery', to]);
  return lines;
}

export const quoteService = (quote: Pick<StoredQuote, 'service'>): QuoteService | undefined => findService(quote.service);

export function serviceCaveat(quote: Pick<StoredQuote, 'service'>): { sentence: string; short: string } | null {
  const service = quoteService(quote);
  return service?.totalNote && service.subjectNote ? { sentence: service.totalNote, short: service.subjectNote } : null;
}

/** What happened to a quote, each amount as the customer pays it (with the quote's code). */
export const eventLine = (quote: Pick<StoredQuote, 'promoCode'>, event: MoveEvent): string => describeEvent(event, payFor(quote.promoCode));
