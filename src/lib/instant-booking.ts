/**
 * Booking a standard move in one sitting (issue 41 item 2): which moves may be booked at their estimate and paid for at
 * once, and the words. Pure: step 5, the plain form and the Worker (functions/lib/quote/instant.ts) ask the same rules;
 * the Worker adds what only it knows (the diary's room, the move's state, a written quote already sent).
 */
import { findService } from '../data/services';
import { packages, type PackageId } from '../data/packages';

/** The owner's switch and limits (office settings). */
export interface InstantLimits {
  instantBooking: boolean;
  instantMaxSize: PackageId;
  instantMaxMiles: number;
}

/** Whether a move of `size` is within the largest size booked online. */
export const sizeWithin = (size: string, largest: PackageId): boolean => {
  const at = packages.findIndex((pack) => pack.id === size);
  return at >= 0 && at <= packages.findIndex((pack) => pack.id === largest);
};

/** What the rules read of a quote. */
export interface InstantFacts {
  propertyId: string;
  service: string | null;
  /** Miles as measured; null when the postcode service could not measure them. */
  distanceMiles: number | null;
  fromAddress: string | null;
  toAddress: string | null;
}

/** The move page's and the wizard's post that books a quote already stored (its answer is a 303 to Checkout). */
export const BOOK_NOW_PATH = '/move-book-now';

export const INSTANT_WORDS = {
  button: 'Book and pay the deposit now',
  otherButton: 'Ask for a written quote',
  explain: 'Your estimate is the price. Pay the deposit by card and your move is booked at once; we then tell you who is coming.',
  off: 'Booking online is not available at the moment: ask for a written quote and we will answer.',
  size: 'A home this size needs a written quote before it is booked.',
  distance: 'A move this far needs a written quote before it is booked.',
  car: 'Car transport is priced by the office: ask for a written quote.',
  unpriced: 'We could not measure the route, so this move needs a written quote.',
  addresses: 'Give both addresses to book online, or ask for a written quote.',
  full: 'Our diary has no room left online for that day: ask for a written quote, or choose another day.',
  notNow: 'This move can no longer be booked online: it is booked, asked for or answered already.',
  written: 'We have sent you a written quote for this move: accept it and pay its deposit on this page.',
} as const;

/** Why a quote cannot be booked online by these rules, in the customer's words; null when it can. */
export function instantProblem(facts: InstantFacts, limits: InstantLimits): string | null {
  if (!limits.instantBooking) return INSTANT_WORDS.off;
  if (findService(facts.service)?.onRequest === 'car') return INSTANT_WORDS.car;
  if (!sizeWithin(facts.propertyId, limits.instantMaxSize)) return INSTANT_WORDS.size;
  if (facts.distanceMiles === null) return INSTANT_WORDS.unpriced;
  if (facts.distanceMiles > limits.instantMaxMiles) return INSTANT_WORDS.distance;
  if (!facts.fromAddress?.trim() || !facts.toAddress?.trim()) return INSTANT_WORDS.addresses;
  return null;
}
