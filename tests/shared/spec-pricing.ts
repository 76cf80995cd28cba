/**
 * The spec's pricing rules (product-spec.md §9), worked out here on their own, so a test never checks the engine
 * (src/lib/pricing.ts) against itself: total = base price + round(max(miles - 25, 0) × £2.50) + 15 % of the base
 * price, rounded, on a Saturday or Sunday + the furniture's prices. The prices come from the data tables.
 */
import { findFurniture } from '../../src/data/furniture';
import { findPackage } from '../../src/data/packages';
import type { PricingResult } from '../../src/lib/pricing';

const SPEC = { freeMiles: 25, perExtraMile: 2.5, weekendShare: 0.15 } as const;

const tenths = (value: number) => Math.round(value * 10) / 10;

export function specPricing(propertyId: string, miles: number, furnitureIds: readonly string[] = [], moveDate?: string): PricingResult {
  const basePrice = findPackage(propertyId)?.basePrice;
  if (basePrice === undefined) throw new Error(`${propertyId} is not a package`);
  const furnitureCosts = furnitureIds.reduce((sum, id) => {
    const price = findFurniture(id)?.price;
    if (price === undefined) throw new Error(`${id} is not a furniture item`);
    return sum + price;
  }, 0);
  const extra = Math.max(miles - SPEC.freeMiles, 0);
  const distanceCharge = Math.round(extra * SPEC.perExtraMile);
  const day = moveDate ? new Date(`${moveDate}T12:00:00Z`).getUTCDay() : undefined;
  const weekendSurcharge = day === 0 || day === 6 ? Math.round(basePrice * SPEC.weekendShare) : 0;
  return {
    basePrice,
    distanceCharge,
    weekendSurcharge,
    furnitureCosts,
    total: basePrice + distanceCharge + weekendSurcharge + furnitureCosts,
    distance: tenths(miles),
    freeMiles: SPEC.freeMiles,
    extraMiles: tenths(extra),
  };
}
