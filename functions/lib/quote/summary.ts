/** How a stored quote's details read wherever they are shown: the e-mails, the confirmation page, the calendar file. */
import { findFurniture } from '../../../src/data/furniture';
import { describeAccess } from '../../../src/data/access';
import { findService, type QuoteService } from '../../../src/data/services';
import { findPackage } from '../../../src/data/packages';
import { fullAddress } from '../../../src/lib/address';
import { describeDistance } from '../../../src/lib/distance';
import { PRICE_PENDING } from '../../../src/lib/price-lines';
import type { StoredQuote } from './stored-quote';

export function furnitureSummary(ids: readonly string[]): string {
  // Spec fallback: 'Standard move' when nothing extra was chosen.
  if (ids.length === 0) return 'Standard move';
  return ids.map((id) => findFurniture(id)?.name ?? id).join(', ');
}

/** An end of the route as the customer gave it, with the postcode it was priced from: "Flat 3, 12 Canal Street, N1 9GU". */
export const place = (line: string | null | undefined, postcode: string) => fullAddress(line, postcode);

export const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

export const propertyTitle = (quote: Pick<StoredQuote, 'propertyId'>) => findPackage(quote.propertyId)?.title ?? 'Unknown';

/** The measured distance 'as the crow flies', or that it is still to be confirmed. */
export const distanceText = (quote: Pick<StoredQuote, 'pricing'>) =>
  quote.pricing ? describeDistance(quote.pricing.distance) : PRICE_PENDING.distance;

/** The access at each end in words, for the ends the customer answered about. */
export function accessLines(quote: Pick<StoredQuote, 'access'>): Array<[label: string, text: string]> {
  const lines: Array<[string, string]> = [];
  const from = describeAccess(quote.access?.from);
  const to = describeAccess(quote.access?.to);
  if (from) lines.push(['Access at collection', from]);
  if (to) lines.push(['Access at delivery', to]);
  return lines;
}

/** The service a page started the quote for, when it was one. */
export const quoteService = (quote: Pick<StoredQuote, 'service'>): QuoteService | undefined => findService(quote.service);

/** What the total leaves out for this service (a car, storage, packing), in a sentence and for a subject line. */
export function serviceCaveat(quote: Pick<StoredQuote, 'service'>): { sentence: string; short: string } | null {
  const service = quoteService(quote);
  return service?.totalNote && service.subjectNote ? { sentence: service.totalNote, short: service.subjectNote } : null;
}
