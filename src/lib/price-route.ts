/**
 * The one path from a quote's answers to a price, used by the wizard (live price) and by the Worker (the
 * price that counts): measure the route with the postcode client, then run the pricing engine. Failures
 * come back as a typed code with the spec's message (section 8) and the end of the route they concern.
 *
 * When the postcode service cannot be asked (down, too slow, unreadable) the caller chooses, explicitly:
 * - `whenServiceDown: 'refuse'` (the default; the browser): no price, 'Could not calculate distance
 *   between postcodes', and the customer can try again;
 * - `whenServiceDown: { useDistance }` (the Worker): never lose a lead. It is priced with the distance the
 *   customer was shown and comes back `verified: false`; the Worker stores it flagged and tells the business.
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

/** The postcode service was down: priced with the caller's fallback distance. */
export interface UnverifiedRoute extends Priced {
  verified: false;
}

export type RouteErrorCode =
  /** A postcode that is not a postcode at all. */
  | 'invalid_postcode'
  /** Well formed, but unknown to the service, even by its outward code. */
  | 'postcode_not_found'
  /** The service could not be asked, and the caller refuses to guess. */
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

export type ServiceDownPolicy = 'refuse' | { useDistance: number };

export interface PriceRouteOptions extends CallOptions {
  whenServiceDown?: ServiceDownPolicy;
}

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
  options?: CallOptions & { whenServiceDown?: 'refuse' },
): Promise<RouteOutcome<VerifiedRoute>>;
export async function priceRoute(
  client: PostcodeClient,
  input: RouteInput,
  options: PriceRouteOptions,
): Promise<RouteOutcome<VerifiedRoute | UnverifiedRoute>>;
export async function priceRoute(
  client: PostcodeClient,
  input: RouteInput,
  { signal, whenServiceDown = 'refuse' }: PriceRouteOptions = {},
): Promise<RouteOutcome<VerifiedRoute | UnverifiedRoute>> {
  let measured: { distanceMiles: number; notes: string[]; places?: { from: PlaceInfo; to: PlaceInfo } };
  try {
    const route = await client.measureRoute(input.fromPostcode, input.toPostcode, { signal });
    measured = { distanceMiles: route.distanceMiles, notes: route.notes, places: { from: place(route.from), to: place(route.to) } };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof PostcodeFormatError) return failed('invalid_postcode', error.message, error.end);
    if (error instanceof PostcodeNotFoundError) return failed('postcode_not_found', POSTCODE_MESSAGES.notFound, error.end);
    if (!(error instanceof PostcodeServiceError)) return failed('pricing_failed', POSTCODE_MESSAGES.pricingFailed, 'both');
    if (whenServiceDown === 'refuse') return failed('postcode_service_down', POSTCODE_MESSAGES.distanceFailed, 'both');
    measured = { distanceMiles: whenServiceDown.useDistance, notes: [] };
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
  const priced = { pricing, distanceMiles: measured.distanceMiles, notes: measured.notes };
  return { ok: true, route: measured.places ? { ...priced, verified: true, ...measured.places } : { ...priced, verified: false } };
}

const place = (p: PlaceInfo): PlaceInfo => ({
  postcode: p.postcode,
  district: p.district,
  region: p.region,
  latitude: p.latitude,
  longitude: p.longitude,
});
