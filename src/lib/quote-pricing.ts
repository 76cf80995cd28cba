/**
 * Pricing a move from what the wizard holds: measure the route with the postcode client, then run the
 * engine. Failures become the spec's messages (section 8), with the field they concern, so the wizard can
 * show them as they are next to the right input.
 */
import { calculatePricing, PricingError, type PricingResult } from './pricing';
import { PostcodeFormatError, PostcodeNotFoundError, PostcodeServiceError, type PostcodeClient } from './postcode-client';
import { POSTCODE_MESSAGES, type RouteEnd } from './postcodes';

export interface QuotePricingInput {
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
}

export interface QuotePricing {
  pricing: PricingResult;
  /** Unrounded miles, to send back as the client's estimate. */
  distanceMiles: number;
  from: PlaceInfo;
  to: PlaceInfo;
  /** e.g. 'Distance estimated from the SW1A area' */
  notes: string[];
}

export class QuotePricingError extends Error {
  override name = 'QuotePricingError';
  /** The input the message is about. */
  constructor(
    message: string,
    readonly field: RouteEnd | 'both',
  ) {
    super(message);
  }
}

export async function priceQuote(client: PostcodeClient, input: QuotePricingInput): Promise<QuotePricing> {
  let route;
  try {
    route = await client.measureRoute(input.fromPostcode, input.toPostcode);
  } catch (error) {
    if (error instanceof PostcodeFormatError) throw new QuotePricingError(error.message, error.end);
    if (error instanceof PostcodeNotFoundError) throw new QuotePricingError(POSTCODE_MESSAGES.notFound, error.end);
    if (error instanceof PostcodeServiceError) throw new QuotePricingError(POSTCODE_MESSAGES.distanceFailed, 'both');
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new QuotePricingError(POSTCODE_MESSAGES.pricingFailed, 'both');
  }
  try {
    const pricing = calculatePricing({
      propertyId: input.propertyId,
      distanceMiles: route.distanceMiles,
      moveDate: input.moveDate,
      furnitureIds: input.furnitureIds ?? [],
    });
    const place = (p: PlaceInfo): PlaceInfo => ({ postcode: p.postcode, district: p.district, region: p.region });
    return { pricing, distanceMiles: route.distanceMiles, from: place(route.from), to: place(route.to), notes: route.notes };
  } catch (error) {
    // Only the unknown-package message is shown as it is; anything else is the general pricing failure.
    if (error instanceof PricingError && error.message.startsWith('Invalid property size'))
      throw new QuotePricingError(error.message, 'both');
    throw new QuotePricingError(POSTCODE_MESSAGES.pricingFailed, 'both');
  }
}
