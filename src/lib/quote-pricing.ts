/**
 * Pricing a move from what the wizard holds: measure the route with the postcode client, then run the
 * engine. Failures become the spec's messages (section 8) so the wizard can show them as they are.
 */
import { calculatePricing, PricingError, type PricingResult } from './pricing';
import { PostcodeFormatError, PostcodeNotFoundError, PostcodeServiceError, type PostcodeClient } from './postcode-client';
import { POSTCODE_MESSAGES } from './postcodes';

export interface QuotePricingInput {
  propertyId: string;
  fromPostcode: string;
  toPostcode: string;
  moveDate?: string | undefined;
  furnitureIds?: readonly string[];
}

export interface QuotePricing {
  pricing: PricingResult;
  /** Unrounded miles, to send back as the client's estimate. */
  distanceMiles: number;
  /** e.g. 'Distance estimated from the SW1A area' */
  notes: string[];
}

export class QuotePricingError extends Error {
  override name = 'QuotePricingError';
}

export async function priceQuote(client: PostcodeClient, input: QuotePricingInput): Promise<QuotePricing> {
  let route;
  try {
    route = await client.measureRoute(input.fromPostcode, input.toPostcode);
  } catch (error) {
    if (error instanceof PostcodeFormatError) throw new QuotePricingError(error.message);
    if (error instanceof PostcodeNotFoundError) throw new QuotePricingError(POSTCODE_MESSAGES.notFound);
    if (error instanceof PostcodeServiceError) throw new QuotePricingError(POSTCODE_MESSAGES.distanceFailed);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new QuotePricingError(POSTCODE_MESSAGES.pricingFailed);
  }
  try {
    const pricing = calculatePricing({
      propertyId: input.propertyId,
      distanceMiles: route.distanceMiles,
      moveDate: input.moveDate,
      furnitureIds: input.furnitureIds ?? [],
    });
    return { pricing, distanceMiles: route.distanceMiles, notes: route.notes };
  } catch (error) {
    if (error instanceof PricingError && error.message.startsWith('Invalid property size')) throw new QuotePricingError(error.message);
    throw new QuotePricingError(POSTCODE_MESSAGES.pricingFailed);
  }
}
