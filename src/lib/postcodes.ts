/**
 * UK postcode rules (spec section 5): 1-2 letters, a digit, an optional letter or digit, an optional
 * space, a digit and 2 letters; case-insensitive, spaces ignored. The `postcode` package does the
 * parsing and normalising; this module adds the spec's messages and reading a postcode out of an address line.
 */
import { match, parse, toNormalised } from 'postcode';

export const POSTCODE_MESSAGES = {
  invalidFrom: "Invalid 'from' postcode format",
  invalidTo: "Invalid 'to' postcode format",
  notFound: 'Postcode not found',
  distanceFailed: 'Could not calculate distance between postcodes',
  pricingFailed: 'Error calculating pricing',
} as const;

export type RouteEnd = 'from' | 'to';

export const invalidPostcodeMessage = (end: RouteEnd) => (end === 'from' ? POSTCODE_MESSAGES.invalidFrom : POSTCODE_MESSAGES.invalidTo);

/** An empty postcode field, in plain words (the spec's format message reads oddly for a field left blank). */
export const missingPostcodeMessage = (end: RouteEnd) =>
  end === 'from' ? 'Enter the postcode you are moving from.' : 'Enter the postcode you are moving to.';

const SPEC_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;

/** Strips every space and upper-cases: the form the lookup service's path takes. */
export function compactPostcode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function isValidPostcode(input: string): boolean {
  const compact = compactPostcode(input);
  return SPEC_PATTERN.test(compact) && parse(compact).valid;
}

/** "sw1a1aa" -> "SW1A 1AA"; null when the input is not a postcode. */
export function normalisePostcode(input: string): string | null {
  if (!isValidPostcode(input)) return null;
  return toNormalised(compactPostcode(input));
}

export function outwardCode(postcode: string): string | null {
  const parsed = parse(compactPostcode(postcode));
  return parsed.valid ? parsed.outcode : null;
}

export interface PostcodeInput {
  /** The whole line as typed, kept for the e-mails. */
  line: string;
  /** Normalised postcode ("SW1A 1AA"), or null when the line holds none. */
  postcode: string | null;
  /** A leading house number such as "12" or "12a", when present. */
  buildingNumber?: string;
}

/**
 * Understands "SW1A 1AA", "12 SW1A 1AA" and "12 High St, SW1A 1AA": the postcode is the last one in
 * the line and a leading number is the building number.
 */
export function parsePostcodeInput(raw: string): PostcodeInput {
  const line = raw.replace(/\s+/g, ' ').trim();
  if (isValidPostcode(line)) return { line, postcode: normalisePostcode(line) };
  const candidates = match(line).filter((candidate) => isValidPostcode(candidate));
  const found = candidates.at(-1);
  const postcode = found ? normalisePostcode(found) : null;
  const building = /^(\d{1,4}[a-z]?)\b/i.exec(line);
  const result: PostcodeInput = { line, postcode };
  if (building?.[1] && postcode && !compactPostcode(line).startsWith(compactPostcode(postcode))) {
    result.buildingNumber = building[1].toUpperCase();
  }
  return result;
}
