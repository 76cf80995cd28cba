/** UK postcode rules (spec section 5) on top of the `postcode` package: the spec's messages, and reading a postcode out of a line. */
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

/** The spec's format message reads oddly for a field left blank. */
export const missingPostcodeMessage = (end: RouteEnd) =>
  end === 'from' ? 'Enter the postcode you are moving from.' : 'Enter the postcode you are moving to.';

const SPEC_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;

export function compactPostcode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function isValidPostcode(input: string): boolean {
  const compact = compactPostcode(input);
  return SPEC_PATTERN.test(compact) && parse(compact).valid;
}

export function normalisePostcode(input: string): string | null {
  if (!isValidPostcode(input)) return null;
  return toNormalised(compactPostcode(input));
}

export function outwardCode(postcode: string): string | null {
  const parsed = parse(compactPostcode(postcode));
  return parsed.valid ? parsed.outcode : null;
}

export interface PostcodeInput {
  line: string;
  postcode: string | null;
  buildingNumber?: string;
}

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
