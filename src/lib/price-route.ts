/**
 * The one path from a quote's answers to a price, used by the wizard (live price) and by the Worker (the
 * price that counts): measure the route with the postcode client, then run the pricing engine. Failures
 * come back as a typed code with the spec's message (section 8) and the end of the route they concern.
 *
 * When the postcode service cannot be asked (down, too slow, unreadable) there is no price: 'Could not calculate
 * distance between postcodes' (`postcode_service_down`). The browser offers to try again; the Worker stores the quote
 * unpriced for the business to price (functions/lib/quote/price.ts), never trusting a distance the client sends.
 */
import { calculatePricing, UnknownPackageError, type PricingResult } from './pricing';
import { PostcodeFormatError, PostcodeNotFoundError, PostcodeServiceError, type CallOptions, type PostcodeClient } from './postcode-client';
import { POSTCODE_MESSAGES, type RouteEnd } from './postcodes';

export interface RouteInput {
  propertyId: string;
  fromPostcode: string;
  toPostcode: string;
  moveDate?: string | undefined;
  furnitureIds?: readonly string[];
}

/** What the wizard shows under a postcode once it is looked up. */
export interface PlaceInfo {
  postcode: string;
  district: string;
  region: string;
  /** Where the route map puts it. */
  latitude: number;
  longitude: number;
}

interface Priced {
  pricing: PricingResult;
  /** Unrounded miles: sent back by the browser as the client's estimate. */
  distanceMiles: number;
  /** e.g. 'Distance estimated from the SW1A area' */
  notes: string[];
}

/** Both ends were found by the postcode service. */
export interface VerifiedRoute extends Priced {
  verified: true;
  from: PlaceInfo;
  to: PlaceInfo;
}

export type RouteErrorCode =
  /** A postcode that is not a postcode at all. */
  | 'invalid_postcode'
  /** Well formed, but unknown to the service, even by its outward code. */
  | 'postcode_not_found'
  /** The service could not be asked: nothing to measure the route with. */
  | 'postcode_service_down'
  | 'unknown_property'
  /** Anything else the engine refused. */
  | 'pricing_failed';

export interface RouteError {
  code: RouteErrorCode;
  /** The spec's message, to show as it is. */
  message: string;
  /** The input it is about. */
  field: RouteEnd | 'both';
}

export type RouteOutcome<R> = { ok: true; route: R } | { ok: false; error: RouteError };

const failed = (code: RouteErrorCode, message: string, field: RouteError['field']) => ({
  ok: false as const,
  error: { code, message, field },
});

/**
 * Measures and prices a move. Never rejects for a bad postcode or a service failure (those are outcomes);
 * rejects only when `signal` is aborted, with the signal's reason.
 */
export async function priceRoute(
  client: PostcodeClient,
  input: RouteInput,
  { signal }: CallOptions = {},
): Promise<RouteOutcome<VerifiedRoute>> {
  let measured: { distanceMiles: number; notes: string[]; from: PlaceInfo; to: PlaceInfo };
  try {
    const route = await client.measureRoute(input.fromPostcode, input.toPostcode, { signal });
    measured = { distanceMiles: route.distanceMiles, notes: route.notes, from: place(route.from), to: place(route.to) };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof PostcodeFormatError) return failed('invalid_postcode', error.message, error.end);
    if (error instanceof PostcodeNotFoundError) return failed('postcode_not_found', POSTCODE_MESSAGES.notFound, error.end);
    if (error instanceof PostcodeServiceError) return failed('postcode_service_down', POSTCODE_MESSAGES.distanceFailed, 'both');
    return failed('pricing_failed', POSTCODE_MESSAGES.pricingFailed, 'both');
  }
  let pricing: PricingResult;
  try {
    pricing = calculatePricing({
      propertyId: input.propertyId,
      distanceMiles: measured.distanceMiles,
      moveDate: input.moveDate,
      furnitureIds: input.furnitureIds ?? [],
    });
  } catch (error) {
    // Only the unknown-package message is shown as it is; anything else is the general pricing failure.
    if (error instanceof UnknownPackageError) return failed('unknown_property', error.message, 'both');
    return failed('pricing_failed', POSTCODE_MESSAGES.pricingFailed, 'both');
  }
  return {
    ok: true,
    route: { pricing, distanceMiles: measured.distanceMiles, notes: measured.notes, verified: true, from: measured.from, to: measured.to },
  };
}

const place = (p: PlaceInfo): PlaceInfo => ({
  postcode: p.postcode,
  district: p.district,
  region: p.region,
  latitude: p.latitude,
  longitude: p.longitude,
});
