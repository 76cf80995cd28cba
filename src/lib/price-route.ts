/** The one path from answers to a price. With the postcode service down there is none: the Worker never trusts a client's distance. */
import type { MoveAccess } from '../data/access';
import { calculatePricing, UnknownPackageError, type PricingResult } from './pricing';
import { PostcodeFormatError, PostcodeNotFoundError, PostcodeServiceError, type CallOptions, type PostcodeClient } from './postcode-client';
import { POSTCODE_MESSAGES, type RouteEnd } from './postcodes';

export interface RouteInput {
  propertyId: string;
  fromPostcode: string;
  toPostcode: string;
  moveDate?: string | undefined;
  furnitureIds?: readonly string[];
  access?: MoveAccess | null | undefined;
}

export interface PlaceInfo {
  postcode: string;
  district: string;
  region: string;
  latitude: number;
  longitude: number;
}

interface Priced {
  pricing: PricingResult;
  /** Unrounded; the browser sends it back as the client's estimate. */
  distanceMiles: number;
  notes: string[];
}

export interface VerifiedRoute extends Priced {
  verified: true;
  from: PlaceInfo;
  to: PlaceInfo;
}

export type RouteErrorCode =
  | 'invalid_postcode'
  /** Well formed, but unknown to the service, even by its outward code. */
  | 'postcode_not_found'
  | 'postcode_service_down'
  | 'unknown_property'
  | 'pricing_failed';

export interface RouteError {
  code: RouteErrorCode;
  message: string;
  field: RouteEnd | 'both';
}

export type RouteOutcome<R> = { ok: true; route: R } | { ok: false; error: RouteError };

const failed = (code: RouteErrorCode, message: string, field: RouteError['field']) => ({
  ok: false as const,
  error: { code, message, field },
});

/** Never rejects for a bad postcode or a service failure; only when `signal` is aborted, with its reason. */
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
      access: input.access,
    });
  } catch (error) {
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
