import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculatePricing, PricingError } from '~/lib/pricing';
import { FREE_MILES, packages } from '~/data/packages';
import { furniture } from '~/data/furniture';
import { formatMoney } from '~/lib/money';
import { distanceInMiles } from '~/lib/geo';

const WEDNESDAY = '2026-11-25';
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';

describe('pricing engine: the worked example', () => {
  it('studio, 40.3 miles, a Saturday, sofa + wardrobe -> 349 / 38 / 52 / 290 / 729', () => {
    expect(calculatePricing({ propertyId: 'studio', distanceMiles: 40.3, moveDate: SATURDAY, furnitureIds: ['sofa', 'wardrobe'] })).toEqual(
      {
        basePrice: 349,
        distanceCharge: 38,
        weekendSurcharge: 52,
        furnitureCosts: 290,
        access: [],
        accessCosts: 0,
        total: 729,
        distance: 40.3,
        freeMiles: 25,
        extraMiles: 15.3,
      },
    );
  });
});

describe('pricing engine: every package, distance and day', () => {
  // Expected figures written out from the spec's rules, not computed by the engine.
  const table: Array<[string, number, string, number, number, number]> = [
    // id, miles, date, distanceCharge, weekendSurcharge, total
    ['mini', 0, WEDNESDAY, 0, 0, 199],
    ['mini', 25, SATURDAY, 0, 30, 229],
    ['mini', 25.1, SUNDAY, 0, 30, 229], // 0.1 x 2.5 = 0.25 rounds to 0
    ['mini', 300, WEDNESDAY, 688, 0, 887], // 275 x 2.5 = 687.5 rounds to 688
    ['studio', 0, SATURDAY, 0, 52, 401],
    ['studio', 25, WEDNESDAY, 0, 0, 349],
    ['studio', 25.1, WEDNESDAY, 0, 0, 349],
    ['studio', 300, SUNDAY, 688, 52, 1089],
    ['two-bed', 0, SUNDAY, 0, 90, 689], // 89.85 -> 90
    ['two-bed', 25, WEDNESDAY, 0, 0, 599],
    ['two-bed', 25.1, SATURDAY, 0, 90, 689],
    ['two-bed', 300, WEDNESDAY, 688, 0, 1287],
    ['three-bed', 0, WEDNESDAY, 0, 0, 1099],
    ['three-bed', 25, SUNDAY, 0, 165, 1264], // 164.85 -> 165
    ['three-bed', 25.1, WEDNESDAY, 0, 0, 1099],
    ['three-bed', 300, SATURDAY, 688, 165, 1952],
  ];
  it.each(table)('%s, %d miles, %s', (propertyId, miles, date, distanceCharge, weekendSurcharge, total) => {
    const result = calculatePricing({ propertyId, distanceMiles: miles, moveDate: date });
    expect(result.distanceCharge).toBe(distanceCharge);
    expect(result.weekendSurcharge).toBe(weekendSurcharge);
    expect(result.furnitureCosts).toBe(0);
    expect(result.total).toBe(total);
    expect(result.freeMiles).toBe(25);
    expect(result.distance).toBe(Math.round(miles * 10) / 10);
  });

  it('reports extra miles to one decimal', () => {
    expect(calculatePricing({ propertyId: 'mini', distanceMiles: 25.1 }).extraMiles).toBe(0.1);
    expect(calculatePricing({ propertyId: 'mini', distanceMiles: 12 }).extraMiles).toBe(0);
    expect(calculatePricing({ propertyId: 'mini', distanceMiles: 33.333 }).distance).toBe(33.3);
  });

  it('charges from the unrounded distance: 26.19 miles is 2.975 -> 3, not 1.2 x 2.5', () => {
    expect(calculatePricing({ propertyId: 'mini', distanceMiles: 26.19 }).distanceCharge).toBe(3);
  });

  it('no move date yet: no weekend surcharge', () => {
    expect(calculatePricing({ propertyId: 'mini', distanceMiles: 0 }).weekendSurcharge).toBe(0);
  });

  const expectedFurniture: Array<[string, number]> = [
    ['wardrobe', 65],
    ['double-wardrobe', 125],
    ['office-desk', 62],
    ['dining-table', 62],
    ['single-bed', 47],
    ['double-bed', 77],
    ['tv-stand', 69],
    ['bookcase', 85],
    ['sofa', 225],
  ];
  it.each(expectedFurniture)('furniture %s adds £%d', (id, price) => {
    const result = calculatePricing({ propertyId: 'mini', distanceMiles: 3, moveDate: WEDNESDAY, furnitureIds: [id] });
    expect(result.furnitureCosts).toBe(price);
    expect(result.total).toBe(199 + price);
  });

  it('covers every package and furniture item in the tables', () => {
    expect(packages.map((p) => p.id)).toEqual(['mini', 'studio', 'two-bed', 'three-bed']);
    expect(furniture).toHaveLength(expectedFurniture.length);
  });

  it('rejects an unknown package with the spec message and unknown furniture', () => {
    expect(() => calculatePricing({ propertyId: 'castle', distanceMiles: 1 })).toThrow(new PricingError('Invalid property size: castle'));
    expect(() => calculatePricing({ propertyId: 'mini', distanceMiles: 1, furnitureIds: ['piano'] })).toThrow(
      /Invalid furniture item: piano/,
    );
    expect(() => calculatePricing({ propertyId: 'mini', distanceMiles: Number.NaN })).toThrow('Error calculating pricing');
  });
});

describe('pricing engine: properties', () => {
  const packageId = fc.constantFrom(...packages.map((p) => p.id));
  const miles = fc.double({ min: 0, max: 1000, noNaN: true });
  const furnitureIds = fc.subarray(furniture.map((f) => f.id));
  const date = fc
    .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('total is the sum of its parts', () => {
    fc.assert(
      fc.property(packageId, miles, date, furnitureIds, (propertyId, distanceMiles, moveDate, ids) => {
        const r = calculatePricing({ propertyId, distanceMiles, moveDate, furnitureIds: ids });
        expect(r.total).toBe(r.basePrice + r.distanceCharge + r.weekendSurcharge + r.furnitureCosts);
        expect(r.furnitureCosts).toBe(ids.reduce((sum, id) => sum + furniture.find((f) => f.id === id)!.price, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('never decreases with distance', () => {
    fc.assert(
      fc.property(packageId, miles, miles, date, (propertyId, a, b, moveDate) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        expect(calculatePricing({ propertyId, distanceMiles: far, moveDate }).total).toBeGreaterThanOrEqual(
          calculatePricing({ propertyId, distanceMiles: near, moveDate }).total,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('adds a surcharge only on Saturday or Sunday, and then 15% of base rounded', () => {
    fc.assert(
      fc.property(packageId, date, (propertyId, moveDate) => {
        const r = calculatePricing({ propertyId, distanceMiles: 10, moveDate });
        const day = new Date(`${moveDate}T12:00:00Z`).getUTCDay();
        expect(r.weekendSurcharge).toBe(day === 0 || day === 6 ? Math.round(r.basePrice * 0.15) : 0);
      }),
      { numRuns: 500 },
    );
  });

  it('charges nothing for the first 25 miles', () => {
    fc.assert(
      fc.property(packageId, fc.double({ min: 0, max: FREE_MILES, noNaN: true }), (propertyId, distanceMiles) => {
        expect(calculatePricing({ propertyId, distanceMiles }).distanceCharge).toBe(0);
      }),
    );
  });
});

describe('money and distance', () => {
  it('formats pounds with en-GB grouping', () => {
    expect(formatMoney(1099)).toBe('£1,099');
    expect(formatMoney(729)).toBe('£729');
    expect(formatMoney(0)).toBe('£0');
    expect(formatMoney(1234567)).toBe('£1,234,567');
  });

  it('shows pence as two figures whenever there are any', () => {
    expect(formatMoney(1288.5)).toBe('£1,288.50');
    expect(formatMoney(52.35)).toBe('£52.35');
    expect(formatMoney(-128.85)).toBe('-£128.85');
    expect(formatMoney(349.999)).toBe('£350');
  });

  it('measures great-circle miles with radius 3959, as worked out once by hand (tests/shared/routes.ts)', () => {
    const london = { latitude: 51.501009, longitude: -0.141588 }; // SW1A 1AA
    const manchester = { latitude: 53.481, longitude: -2.237 }; // M1 1AE
    const belfast = { latitude: 54.5964, longitude: -5.9301 }; // BT1 5GS
    expect(distanceInMiles(london, manchester)).toBeCloseTo(162.741, 2);
    expect(distanceInMiles(london, belfast)).toBeCloseTo(321.616, 2);
    expect(distanceInMiles(london, london)).toBe(0);
  });
});
