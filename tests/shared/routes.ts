/**
 * The routes the tests price, measured once outside the code under test (no test takes its miles from
 * src/lib/geo.ts). Each is the great-circle distance the spec names (section 7, earth radius 3,959 miles) between the
 * postcode stand-in's coordinates (stand-ins/postcodes/fixture.json), by the haversine formula in Python:
 *
 *   2 × 3959 × asin(√(sin²((φ2 − φ1)/2) + cos φ1 × cos φ2 × sin²((λ2 − λ1)/2)))
 *
 * e.g. SW1A 1AA (51.501009, −0.141588) to M1 1AE (53.481, −2.237): 162.741 miles. The comment beside each route gives
 * the distance to three decimals and the spec's distance charge worked from it (section 9): round(max(miles − 25, 0) ×
 * £2.50). `miles` and `extraMiles` are to one decimal, as the spec shows them. An unknown postcode is placed at its
 * outward code's centre: the mean of the fixture's postcodes there, as postcodes.io's /outcodes answers.
 */
export const ROUTES = {
  /** 162.741 miles: 137.741 × 2.5 = 344.35, £344. */
  'SW1A 1AA → M1 1AE': { miles: 162.7, extraMiles: 137.7, charge: 344 },
  /** From the SW1A centre (51.502203, −0.134614; SW1A 1AA and 2AA): 162.830 miles: 137.830 × 2.5 = 344.57, £345. */
  'SW1A 9ZZ → M1 1AE': { miles: 162.8, extraMiles: 137.8, charge: 345 },
  /** 0.622 miles: inside the free 25. */
  'SW1A 1AA → SW1A 2AA': { miles: 0.6, extraMiles: 0, charge: 0 },
  /** 2.311 miles: inside the free 25. */
  'SW1A 1AA → EC1A 1BB': { miles: 2.3, extraMiles: 0, charge: 0 },
  /** 321.616 miles: 296.616 × 2.5 = 741.54, £742. */
  'SW1A 1AA → BT1 5GS': { miles: 321.6, extraMiles: 296.6, charge: 742 },
  /** 41.590 miles: 16.590 × 2.5 = 41.47, £41. */
  'EH1 1YZ → G1 1XQ': { miles: 41.6, extraMiles: 16.6, charge: 41 },
  /** 36.497 miles: 11.497 × 2.5 = 28.74, £29. */
  'PL1 2AA → EX1 1HS': { miles: 36.5, extraMiles: 11.5, charge: 29 },
  /** 25.775 miles: 0.775 × 2.5 = 1.94, £2. */
  'BS1 5TR → CF10 1EP': { miles: 25.8, extraMiles: 0.8, charge: 2 },
  /** 29.144 miles: 4.144 × 2.5 = 10.36, £10. */
  'LS1 1UR → S1 2HH': { miles: 29.1, extraMiles: 4.1, charge: 10 },
  /** 57.588 miles: 32.588 × 2.5 = 81.47, £81. */
  'NR2 1NH → CB2 1TN': { miles: 57.6, extraMiles: 32.6, charge: 81 },
  /** 22.102 miles: inside the free 25. */
  'LE1 5FQ → NG1 2DT': { miles: 22.1, extraMiles: 0, charge: 0 },
  /** 61.697 miles: 36.697 × 2.5 = 91.74, £92. */
  'CT1 2EH → BN1 1AE': { miles: 61.7, extraMiles: 36.7, charge: 92 },
} as const;
