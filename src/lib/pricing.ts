/** The pricing engine (spec section 9, and the access table of issue 41 item 3), shared by the wizard and the Worker so both always agree. */
import { ACCESS_ENDS, ACCESS_PRICES, FLOORS, type AccessCharge, type AccessPrices, type MoveAccess } from '../data/access';
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
  /** The answers to the access questions at each end; priced by the table in src/data/access.ts. */
  access?: MoveAccess | null | undefined;
}

export type { AccessCharge } from '../data/access';

export interface PricingResult {
  basePrice: number;
  distanceCharge: number;
  weekendSurcharge: number;
  furnitureCosts: number;
  /** The access table's charges, in the order they are printed; their sum is `accessCosts`. */
  access: AccessCharge[];
  accessCosts: number;
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

/** A price as stored: one stored before access was priced (issue 41 item 3) had no access charges. */
export const storedPricing = (pricing: PricingResult): PricingResult => ({
  ...pricing,
  access: pricing.access ?? [],
  accessCosts: pricing.accessCosts ?? 0,
});

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function calculatePricing({ propertyId, distanceMiles, moveDate, furnitureIds = [], access }: PricingInput): PricingResult {
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
  const charges = accessCharges(pkg.id, access);
  const accessCosts = charges.reduce((sum, charge) => sum + charge.amount, 0);

  return {
    basePrice: pkg.basePrice,
    distanceCharge,
    weekendSurcharge,
    furnitureCosts,
    access: charges,
    accessCosts,
    total: pkg.basePrice + distanceCharge + weekendSurcharge + furnitureCosts + accessCosts,
    distance: oneDecimal(distanceMiles),
    freeMiles: FREE_MILES,
    extraMiles: oneDecimal(extra),
  };
}

/**
 * The table applied to one move: stairs unless the customer said there is a lift, a long carry when they said so,
 * parking 20 metres or more away. An unanswered floor, parking or carry adds nothing. Empty for an unknown size.
 */
export function accessCharges(propertyId: string, access: MoveAccess | null | undefined): AccessCharge[] {
  const prices = (ACCESS_PRICES as Record<string, AccessPrices | undefined>)[propertyId];
  if (!prices || !access) return [];
  const charges: AccessCharge[] = [];
  for (const end of ACCESS_ENDS) {
    const answers = access[end] ?? {};
    const floors = FLOORS[answers.floor ?? ''] ?? 0;
    if (floors > 0 && answers.lift !== 'yes') charges.push({ end, kind: 'stairs', detail: floors, amount: floors * prices.perFloor });
    if (answers.carry === 'yes') charges.push({ end, kind: 'carry', amount: prices.longCarry });
    if (answers.parking === '20-50m') charges.push({ end, kind: 'parking', detail: answers.parking, amount: prices.parkingFar });
    if (answers.parking === 'over-50m') charges.push({ end, kind: 'parking', detail: answers.parking, amount: prices.parkingVeryFar });
  }
  return charges;
}
