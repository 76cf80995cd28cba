/** An end of the route: an address line and a postcode kept apart (the GOV.UK pattern) and joined the same way wherever shown. */
import { compactPostcode, parsePostcodeInput } from './postcodes';

const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A partial postcode at the end of a line ("N1 9G", "SW1A1", "M1"), and any comma or spaces before it. */
const TRAILING_PARTIAL = /(^|[\s,]+)([A-Z]{1,2}\d[A-Z\d]?\s?\d?[A-Z]{0,2})$/i;

export function withPickedPostcode(text: string, postcode: string): string {
  const line = oneLine(text);
  const partial = TRAILING_PARTIAL.exec(line);
  const picked = compactPostcode(postcode);
  const typed = compactPostcode(partial?.[2] ?? '');
  // The picked one completes what was typed, or (a district's centre, when the rest is unknown) is its start.
  if (partial && (picked.startsWith(typed) || typed.startsWith(picked))) {
    return `${line.slice(0, partial.index)}${partial[1] ? (partial[1].includes(',') ? ', ' : ' ') : ''}${postcode}`;
  }
  return line ? `${line}, ${postcode}` : postcode;
}

export function addressLine(addressField: string | null | undefined, postcodeField: string | null | undefined): string {
  const typed = parsePostcodeInput(oneLine(postcodeField));
  const rest = typed.postcode ? withoutPostcode(typed.line, typed.postcode) : '';
  return [oneLine(addressField), rest].filter(Boolean).join(', ');
}

/** The line with the postcode at its end dropped (quotes stored before the fields were apart had it there). */
export function withoutPostcode(line: string, postcode: string): string {
  const compact = compactPostcode(postcode);
  const words = line.split(' ');
  for (let start = words.length - 1; start >= 0; start--) {
    if (compactPostcode(words.slice(start).join('')) === compact)
      return words
        .slice(0, start)
        .join(' ')
        .replace(/[\s,]+$/, '');
  }
  return line;
}

/** Quotes stored before the fields were separate have the postcode in the line too, so it is shown once. */
export function fullAddress(line: string | null | undefined, postcode: string): string {
  const text = oneLine(line);
  if (!text) return postcode;
  const rest = withoutPostcode(text, postcode);
  return rest ? `${rest}, ${postcode}` : postcode;
}
