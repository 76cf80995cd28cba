/** The client's figures are never used. With the postcode service down a quote is stored unpriced rather than lost or guessed. */
import { POSTCODE_MESSAGES } from '~/lib/postcodes';
import { createPostcodeClient } from '~/lib/postcode-client';
import { priceRoute, type RouteError, type RouteInput } from '~/lib/price-route';
import { calculatePricing, type PricingResult } from '~/lib/pricing';
import type { Env } from '../../env';
import { config } from '../config';
import { validationFailed, type Refusal } from '../http';
import type { StoredQuote } from './stored-quote';

const POSTCODE_TIMEOUT_MS = 4000;

export const workerPostcodeClient = (env: Env) =>
  createPostcodeClient({ baseUrl: config(env).postcodesApiUrl, timeoutMs: POSTCODE_TIMEOUT_MS });

export type QuotePrice = Pick<StoredQuote, 'pricing' | 'verified' | 'notes' | 'distanceMiles' | 'places'>;

/** A quote stored while the postcode service is down: the business prices it. */
export const UNPRICED: QuotePrice = { pricing: null, verified: false, notes: [], distanceMiles: null, places: null };

export type PriceOutcome = { ok: true; price: QuotePrice } | { ok: false; refusal: Refusal };

export async function priceQuote(env: Env, route: RouteInput): Promise<PriceOutcome> {
  const priced = await priceRoute(workerPostcodeClient(env), route);
  if (priced.ok) {
    const { pricing, notes, distanceMiles, from, to } = priced.route;
    // Kept with the quote, so its page draws the route map without asking the postcode service again.
    const place = ({ latitude, longitude, district }: typeof from) => ({ latitude, longitude, district });
    return { ok: true, price: { pricing, verified: true, notes, distanceMiles, places: { from: place(from), to: place(to) } } };
  }
  if (priced.error.code === 'postcode_service_down') {
    console.warn('postcode service unavailable; storing the quote unpriced');
    return { ok: true, price: UNPRICED };
  }
  return { ok: false, refusal: routeRefusal(priced.error) };
}

/** A service that is down is refused only where nothing is stored ('Check my price'). */
export function routeRefusal(error: RouteError): Refusal {
  const field = error.field === 'to' ? 'toPostcode' : 'fromPostcode';
  if (error.code === 'invalid_postcode') return validationFailed({ [field]: error.message });
  if (error.code === 'postcode_not_found') {
    return { status: 422, error: { code: 'postcode_not_found', message: error.message, fields: { [field]: error.message } } };
  }
  if (error.code === 'postcode_service_down') {
    return { status: 503, error: { code: 'postcode_service_down', message: POSTCODE_MESSAGES.distanceFailed } };
  }
  // The schema only lets known packages and furniture through, so the engine refusing is a bug: a 500.
  throw new Error(`pricing a valid quote failed: ${error.code}`);
}

/** The engine's price of a stored quote's move on `date`, with its access as it stands; null for a quote stored unpriced. */
export function priceFor(quote: StoredQuote, date: string, access: StoredQuote['access'] = quote.access): PricingResult | null {
  if (!quote.pricing || quote.distanceMiles === null) return null;
  return calculatePricing({
    propertyId: quote.propertyId,
    distanceMiles: quote.distanceMiles,
    moveDate: date,
    furnitureIds: quote.furnitureIds,
    access,
  });
}
