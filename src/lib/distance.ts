/**
 * How a quote's distance is written wherever it is shown (wizard, confirmation, e-mails). The distance is
 * the great-circle line between the two postcodes (spec section 7), not the road route, so every place
 * that shows it says so in the same plain words.
 */
export const STRAIGHT_LINE = 'as the crow flies';

/** Miles to one decimal (spec section 9): 12.34 -> "12.3". */
export const formatMiles = (miles: number): string => miles.toFixed(1);

/** "12.3 miles as the crow flies" */
export const describeDistance = (miles: number): string => `${formatMiles(miles)} miles ${STRAIGHT_LINE}`;
