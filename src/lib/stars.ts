/** Five stars in one SVG, filled ones as one path and empty ones as another; each star is 24 units wide with a 3-unit gap. */
import { starOutlineFrom12x2 } from '../data/icons';

export const STARS_VIEWBOX = '0 0 132 24';
const STEP = 27;

const row = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `${i ? `m${STEP} 0` : `m${12 + STEP * from} 2`} ${starOutlineFrom12x2}`).join('');

export function starPaths(rating: number): { filled: string | null; empty: string | null } {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return { filled: filled > 0 ? row(0, filled) : null, empty: filled < 5 ? row(filled, 5) : null };
}

export const starsLabel = (rating: number) => `Rated ${rating} out of 5`;
