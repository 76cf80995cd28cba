/**
 * Booking a standard move in one sitting (issue 41 item 2): which moves may be booked at their estimate and paid for at
 * once, and the words. Pure: step 5, the plain form and the Worker (functions/lib/quote/instant.ts) ask the same rules;
 * the Worker adds what only it knows (the diary's room, the move's state, a written quote already sent).
 */
import { findService } from '../data/services';
import { packages, type PackageId } from '../data/packages';
import { ACCESS_ENDS, type MoveAccess } from '../data/access';
import { isFullAddress, type MoveAddresses } from './move-facts';

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
  /** Line 1 and a town at both ends: the crew must find the door of a move nobody in the office has read. */
  addresses: MoveAddresses;
  /** Every access question answered at both ends, so the estimate prices the access (the access table). */
  access: MoveAccess | null;
}

/**
 * Whether the access is given at both ends: the floor, the parking and any long carry, and above the ground floor
 * whether there is a lift. An unanswered question adds nothing to the estimate, so a firm price needs every answer.
 */
export function accessGiven(access: MoveAccess | null): boolean {
  return ACCESS_ENDS.every((end) => {
    const answers = access?.[end];
    if (!answers?.floor || !answers.parking || !answers.carry) return false;
    return answers.floor === 'ground' || !!answers.lift;
  });
}

/** The move page's and the wizard's post that books a quote already stored (its answer is a 303 to Checkout). */
export const BOOK_NOW_PATH = '/move-book-now';

/** Step 5's and the move page's button and its line: on their own, so the wizard's bundle carries none of the refusals. */
export const INSTANT_BUTTON = 'Book and pay the deposit now';
export const INSTANT_EXPLAIN =
  'Your estimate is the price. Pay the deposit by card and your move is booked straight away; once we have assigned your crew, your move page says who is coming.';

/** Why a move is not standard, by the rules the browser can ask too (the Worker says it in INSTANT_WORDS). */
export type InstantRefusal = 'off' | 'car' | 'size' | 'unpriced' | 'distance' | 'addresses' | 'access';

/** Why a quote cannot be booked online by these rules; null when it can. */
export function instantRule(facts: InstantFacts, limits: InstantLimits): InstantRefusal | null {
  if (!limits.instantBooking) return 'off';
  if (findService(facts.service)?.onRequest === 'car') return 'car';
  if (!sizeWithin(facts.propertyId, limits.instantMaxSize)) return 'size';
  if (facts.distanceMiles === null) return 'unpriced';
  if (facts.distanceMiles > limits.instantMaxMiles) return 'distance';
  if (!isFullAddress(facts.addresses.from) || !isFullAddress(facts.addresses.to)) return 'addresses';
  return accessGiven(facts.access) ? null : 'access';
}

export const INSTANT_WORDS = {
  button: INSTANT_BUTTON,
  explain: INSTANT_EXPLAIN,
  off: 'Booking online is not available at the moment: ask for a written quote and we will answer.',
  size: 'A home this size needs a written quote before it is booked.',
  distance: 'A move this far needs a written quote before it is booked.',
  car: 'Car transport is priced by the office: ask for a written quote.',
  unpriced: 'We could not measure the route, so this move needs a written quote.',
  addresses: 'Give the street address and town at both ends to book online, or ask for a written quote.',
  access: 'Answer the access questions at both ends (floor, lift, parking, long carry) to book online, or ask for a written quote.',
  full: 'Our diary has no room left online for that day: ask for a written quote, or choose another day.',
  notNow: 'This move can no longer be booked online: it is booked, asked for or answered already.',
  written: 'We have sent you a written quote for this move: accept it and pay its deposit on this page.',
} as const satisfies Record<InstantRefusal | 'button' | 'explain' | 'full' | 'notNow' | 'written', string>;

/** Why a quote cannot be booked online by these rules, in the customer's words; null when it can. */
export function instantProblem(facts: InstantFacts, limits: InstantLimits): string | null {
  const refusal = instantRule(facts, limits);
  return refusal && INSTANT_WORDS[refusal];
}
