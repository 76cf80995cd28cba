/**
 * The access table (issue 41 item 3): what stairs without a lift, a long carry and parking away from the door add, at
 * each end, line by line. Every total below is worked by hand in its comment from the published table (written out here
 * once, as the business would read it) and the spec's rules, never taken from the engine.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACCESS_PRICES, ACCESS_QUESTIONS, ACCESS_TABLE_ROWS, type MoveAccess } from '~/data/access';
import { packages } from '~/data/packages';
import { estimateLines } from '~/lib/office/written-quote';
import { priceLines } from '~/lib/price-lines';
import { accessCharges, calculatePricing } from '~/lib/pricing';
import { ROUTES } from '../shared/routes';

const WEDNESDAY = '2026-11-25';
const SATURDAY = '2026-11-28';
/** SW1A 1AA to M1 1AE, unrounded as measured (tests/shared/routes.ts): 162.741 miles, £344 for the extra miles. */
const LONDON_MANCHESTER = 162.741;

describe('the published table', () => {
  it('is the figures the pages print: per floor, long carry, parking 20 to 50 m, parking over 50 m, by size', () => {
    expect(ACCESS_PRICES).toEqual({
      mini: { perFloor: 10, longCarry: 15, parkingFar: 15, parkingVeryFar: 30 },
      studio: { perFloor: 20, longCarry: 25, parkingFar: 25, parkingVeryFar: 50 },
      'two-bed': { perFloor: 30, longCarry: 40, parkingFar: 40, parkingVeryFar: 80 },
      'three-bed': { perFloor: 45, longCarry: 60, parkingFar: 60, parkingVeryFar: 120 },
    });
    expect(ACCESS_TABLE_ROWS.map((row) => packages.map((pkg) => row.amount(ACCESS_PRICES[pkg.id])))).toEqual([
      [10, 20, 30, 45],
      [15, 25, 40, 60],
      [15, 25, 40, 60],
      [30, 50, 80, 120],
    ]);
  });

  it('prices every size the wizard offers, and asks the long carry at each end', () => {
    expect(Object.keys(ACCESS_PRICES).sort()).toEqual(packages.map((pkg) => pkg.id).sort());
    expect(ACCESS_QUESTIONS.carry.options.map((option) => option.value)).toEqual(['no', 'yes']);
  });
});

describe('a move with its access', () => {
  it('a 2-bed from a 3rd-floor flat with no lift, London to Manchester on a Wednesday: £1,033', () => {
    // £599 base + £344 for 137.741 extra miles + 3 floors × £30 = £90 of stairs = £1,033.
    const access: MoveAccess = { from: { floor: 'third', lift: 'no' }, to: { floor: 'ground' } };
    const pricing = calculatePricing({ propertyId: 'two-bed', distanceMiles: LONDON_MANCHESTER, moveDate: WEDNESDAY, access });
    expect(pricing.distanceCharge).toBe(ROUTES['SW1A 1AA → M1 1AE'].charge);
    expect(pricing.access).toEqual([{ end: 'from', kind: 'stairs', detail: 3, amount: 90 }]);
    expect(pricing.accessCosts).toBe(90);
    expect(pricing.total).toBe(1033);
    expect(priceLines(pricing)).toEqual([
      { key: 'base', label: 'Base service', amount: 599 },
      { key: 'extra', label: 'Extra distance (137.7 miles as the crow flies)', amount: 344 },
      { key: 'access-from-stairs', label: 'Moving from: stairs, 3 floors without a lift', amount: 90 },
    ]);
    // The written quote starts from the same lines, in pence: £1,033.00 in all.
    expect(estimateLines(pricing).reduce((sum, line) => sum + line.pence, 0)).toBe(103_300);
  });

  it('the same flat with a lift adds nothing: £943', () => {
    // £599 + £344 = £943.
    const access: MoveAccess = { from: { floor: 'third', lift: 'yes' }, to: {} };
    expect(calculatePricing({ propertyId: 'two-bed', distanceMiles: LONDON_MANCHESTER, moveDate: WEDNESDAY, access }).total).toBe(943);
  });

  it('stairs are priced unless the customer says there is a lift; a floor not given adds nothing', () => {
    // A 1st floor with the lift question left "Not sure yet": 1 × £20 for a studio.
    expect(accessCharges('studio', { from: { floor: 'first' }, to: {} })).toEqual([{ end: 'from', kind: 'stairs', detail: 1, amount: 20 }]);
    expect(accessCharges('studio', { from: { lift: 'no' }, to: { parking: 'door', carry: 'no' } })).toEqual([]);
    expect(accessCharges('studio', { from: { floor: 'ground', lift: 'no' }, to: {} })).toEqual([]);
    expect(accessCharges('studio', null)).toEqual([]);
  });

  it('"4th floor or higher" counts as 4 floors: £80 for a studio', () => {
    // 4 × £20 = £80.
    expect(accessCharges('studio', { from: {}, to: { floor: 'fourth-plus', lift: 'no' } })).toEqual([
      { end: 'to', kind: 'stairs', detail: 4, amount: 80 },
    ]);
  });

  it('a 3-bed with a long carry and parking over 50 metres away at its new home, on a Saturday: £1,444', () => {
    // £1,099 base + £0 (24 miles: inside the free 25) + £165 weekend (15% of £1,099 = £164.85) + £60 long carry
    // + £120 parking over 50 m = £1,444. The weekend surcharge is on the base price alone, never on the access.
    const access: MoveAccess = { from: {}, to: { carry: 'yes', parking: 'over-50m' } };
    const pricing = calculatePricing({ propertyId: 'three-bed', distanceMiles: 24, moveDate: SATURDAY, access });
    expect(pricing.weekendSurcharge).toBe(165);
    expect(pricing.total).toBe(1444);
    expect(priceLines(pricing).slice(-2)).toEqual([
      { key: 'access-to-carry', label: 'Moving to: long carry', amount: 60 },
      { key: 'access-to-parking', label: 'Moving to: parking more than 50 metres away', amount: 120 },
    ]);
  });

  it('parking less than 20 metres from the door adds nothing; 20 to 50 metres adds the lower figure', () => {
    expect(accessCharges('mini', { from: { parking: 'under-20m' }, to: { parking: 'door' } })).toEqual([]);
    expect(accessCharges('mini', { from: { parking: '20-50m' }, to: {} })).toEqual([
      { end: 'from', kind: 'parking', detail: '20-50m', amount: 15 },
    ]);
  });

  it('both ends, each charge in the order printed: a mini move with £60 of access, £259 in all', () => {
    // From a 1st floor with no lift (£10) and a long carry (£15); to a 2nd floor with no lift (£20) and parking 20 to 50 m
    // away (£15): £60. £199 base, 10 miles (free), a Wednesday: £199 + £60 = £259.
    const access: MoveAccess = {
      from: { floor: 'first', lift: 'no', carry: 'yes' },
      to: { floor: 'second', lift: 'no', parking: '20-50m' },
    };
    const pricing = calculatePricing({ propertyId: 'mini', distanceMiles: 10, moveDate: WEDNESDAY, access });
    expect(pricing.access.map((charge) => [charge.end, charge.kind, charge.amount])).toEqual([
      ['from', 'stairs', 10],
      ['from', 'carry', 15],
      ['to', 'stairs', 20],
      ['to', 'parking', 15],
    ]);
    expect(pricing.total).toBe(259);
    expect(priceLines(pricing).map((line) => line.label)).toEqual([
      'Base service',
      'Moving from: stairs, 1 floor without a lift',
      'Moving from: long carry',
      'Moving to: stairs, 2 floors without a lift',
      'Moving to: parking 20 to 50 metres away',
    ]);
  });
});

describe('the access charge: properties', () => {
  const answer = (question: keyof typeof ACCESS_QUESTIONS) =>
    fc.option(fc.constantFrom(...ACCESS_QUESTIONS[question].options.map((option) => option.value)), { nil: undefined });
  const end = fc.record({ floor: answer('floor'), lift: answer('lift'), parking: answer('parking'), carry: answer('carry') });
  const access = fc
    .record({ from: end, to: end })
    .map(
      (both) =>
        Object.fromEntries(
          Object.entries(both).map(([which, answers]) => [which, Object.fromEntries(Object.entries(answers).filter(([, v]) => v))]),
        ) as MoveAccess,
    );
  const size = fc.constantFrom(...packages.map((pkg) => pkg.id));

  it('the total is the sum of its lines, and access only ever adds', () => {
    fc.assert(
      fc.property(size, fc.double({ min: 0, max: 500, noNaN: true }), access, (propertyId, distanceMiles, given) => {
        const without = calculatePricing({ propertyId, distanceMiles, moveDate: WEDNESDAY });
        const priced = calculatePricing({ propertyId, distanceMiles, moveDate: WEDNESDAY, access: given });
        expect(priced.total).toBe(priceLines(priced).reduce((sum, line) => sum + line.amount, 0));
        expect(priced.total - without.total).toBe(priced.accessCosts);
        expect(priced.accessCosts).toBeGreaterThanOrEqual(0);
        // At most 4 floors, a long carry and the dearer parking at each end.
        const p = ACCESS_PRICES[propertyId];
        expect(priced.accessCosts).toBeLessThanOrEqual(2 * (4 * p.perFloor + p.longCarry + p.parkingVeryFar));
      }),
      { numRuns: 500 },
    );
  });
});
