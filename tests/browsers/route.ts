/**
 * The move the smoke journeys price, worked out by hand from the spec's pricing rules (section 9) and the postcode
 * stand-in's coordinates (stand-ins/postcodes/fixture.json), never by the pricing code under test:
 *
 *   OX1 3BG (51.7548, -1.2544) to SW1A 1AA (51.501009, -0.141588), great circle with the earth's radius 3,959 miles:
 *   50.85 miles. 25 miles are included, so 25.85 extra miles × £2.50 = £64.63, rounded to £65.
 *   1 bedroom / Studio £349 + distance £65 + a wardrobe £65 = £479, on a weekday (no weekend surcharge).
 */
export const ROUTE = {
  from: 'OX1 3BG',
  to: 'SW1A 1AA',
  propertyId: 'studio',
  furnitureId: 'wardrobe',
  total: '£479',
} as const;
