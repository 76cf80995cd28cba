/** The distance is the great-circle line (spec section 7), not the road route, so every place that shows it says so in the same words. */
export const STRAIGHT_LINE = 'as the crow flies';

export const formatMiles = (miles: number): string => miles.toFixed(1);

export const describeDistance = (miles: number): string => `${formatMiles(miles)} miles ${STRAIGHT_LINE}`;
