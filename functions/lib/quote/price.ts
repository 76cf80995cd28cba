/**
 * The price that counts: the Worker measures the route with its own postcode client and prices it with the shared
 * priceRoute() (src/lib/price-route.ts); the figures a client sends are never used. When the postcode service cannot
 * be asked, a quote being sent is kept without a price for the business to price (never lose a lead, never price a
 * distance nobody checked); anything else the route cannot be priced for is a refusal.
 */
import { POSTCODE_MESSAGES } from '../../../src/lib/postcodes';
import { createPostcodeClient } from '../../../src/lib/postcode-client';
import { priceRoute, type RouteError, type RouteInput } from '../../../src/lib/price-route';
import type { Env } from '../../env';
import { config } from '../config';
import { validationFailed, type Refusal } from '../http';
import type { StoredQuote } from './stored-quote';

const POSTCODE_TIMEOUT_MS = 4000;

/** The Worker's postcode client (the service's address from config, a 4 s limit per look-up). */
export const workerPostcodeClient = (env: Env) =>
  createPostcodeClient({ baseUrl: config(env).postcodesApiUrl, timeoutMs: POSTCODE_TIMEOUT_MS });

/** What the price decides about a stored quote. */
export type QuotePrice = Pick<StoredQuote, 'pricing' | 'verified' | 'notes' | 'distanceMiles'>;

/** Not measured, not priced: the business prices it. */
const UNPRICED: QuotePrice = { pricing: null, verified: false, notes: [], distanceMiles: null };

export type PriceOutcome = { ok: true; price: QuotePrice } | { ok: false; refusal: Refusal };

/** A quote's price as it will be stored, or why it cannot be stored. */
export async function priceQuote(env: Env, route: RouteInput): Promise<PriceOutcome> {
  const priced = await priceRoute(workerPostcodeClient(env), route);
  if (priced.ok) {
    const { pricing, notes, distanceMiles } = priced.route;
    return { ok: true, price: { pricing, verified: true, notes, distanceMiles } };
  }
  if (priced.error.code === 'postcode_service_down') {
    console.warn('postcode service unavailable; storing the quote unpriced');
    return { ok: true, price: UNPRICED };
  }
  return { ok: false, refusal: routeRefusal(priced.error) };
}

/**
 * A route the Worker could not price: a postcode the service could not place gets the spec's message on its field;
 * a service that is down (only refused where nothing is stored: 'Check my price') gets 'Could not calculate distance
 * between postcodes'.
 */
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
