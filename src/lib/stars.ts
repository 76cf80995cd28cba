/**
 * A rating as a row of five stars in one small SVG (Stars.astro, and the verified reviews the Worker writes into
 * /reviews): the filled stars are one path and the empty ones another. Each star is 24 units wide with a 3-unit gap,
 * so the row is 132 × 24.
 */
import { starOutlineFrom12x2 } from '../data/icons';

export const STARS_VIEWBOX = '0 0 132 24';
const STEP = 27;

/** Stars `from` to `to` (excluded) as one path: the first placed absolutely, each next one a step to its right. */
const row = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `${i ? `m${STEP} 0` : `m${12 + STEP * from} 2`} ${starOutlineFrom12x2}`).join('');

/** The filled and the empty stars' paths for a rating (rounded to whole stars); null where there are none. */
export function starPaths(rating: number): { filled: string | null; empty: string | null } {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return { filled: filled > 0 ? row(0, filled) : null, empty: filled < 5 ? row(filled, 5) : null };
}

export const starsLabel = (rating: number) => `Rated ${rating} out of 5`;
