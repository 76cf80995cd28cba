/** The pricing engine (spec section 9), shared by the wizard and the Worker so both always agree. */
import { FREE_MILES, findPackage } from '../data/packages';
import { findFurniture } from '../data/furniture';
import { isWeekend } from './dates';

export const DISTANCE_RATE = 2.5;
export const WEEKEND_SURCHARGE_RATE = 0.15;

export interface PricingInput {
  propertyId: string;
  /** Unrounded great-circle miles between the two postcodes. */
  distanceMiles: number;
  /** `YYYY-MM-DD`; without one there is no weekend surcharge yet. */
  moveDate?: string | undefined;
  furnitureIds?: readonly string[];
}

export interface PricingResult {
  basePrice: number;
  distanceCharge: number;
  weekendSurcharge: number;
  furnitureCosts: number;
  total: number;
  /** Miles, one decimal. */
  distance: number;
  freeMiles: number;
  extraMiles: number;
}

export class PricingError extends Error {
  override name = 'PricingError';
}

/** The spec's message, shown as it is; told apart from other PricingErrors by its class. */
export class UnknownPackageError extends PricingError {
  constructor(propertyId: string) {
    super(`Invalid property size: ${propertyId}`);
  }
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function calculatePricing({ propertyId, distanceMiles, moveDate, furnitureIds = [] }: PricingInput): PricingResult {
  const pkg = findPackage(propertyId);
  if (!pkg) throw new UnknownPackageError(propertyId);
  if (!Number.isFinite(distanceMiles) || distanceMiles < 0) throw new PricingError('Error calculating pricing');

  let furnitureCosts = 0;
  for (const id of furnitureIds) {
    const item = findFurniture(id);
    if (!item) throw new PricingError(`Invalid furniture item: ${id}`);
    furnitureCosts += item.price;
  }

  const extra = Math.max(distanceMiles - FREE_MILES, 0);
  const distanceCharge = Math.round(extra * DISTANCE_RATE);
  const weekendSurcharge = moveDate && isWeekend(moveDate) ? Math.round(pkg.basePrice * WEEKEND_SURCHARGE_RATE) : 0;

  return {
    basePrice: pkg.basePrice,
    distanceCharge,
    weekendSurcharge,
    furnitureCosts,
    total: pkg.basePrice + distanceCharge + weekendSurcharge + furnitureCosts,
    distance: oneDecimal(distanceMiles),
    freeMiles: FREE_MILES,
    extraMiles: oneDecimal(extra),
  };
}
