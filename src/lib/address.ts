/**
 * An end of the route as the customer gave it (issue 18): an address line and a postcode, kept apart (the GOV.UK
 * address pattern), and put back together the same way wherever the address is shown (the stored quote, both
 * e-mails, the confirmation). Picking a postcode suggestion changes the postcode alone, never what was typed
 * before it.
 */
import { compactPostcode, parsePostcodeInput } from './postcodes';

const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A partial postcode at the end of a line ("N1 9G", "SW1A1", "M1"), and any comma or spaces before it. */
const TRAILING_PARTIAL = /(^|[\s,]+)([A-Z]{1,2}\d[A-Z\d]?\s?\d?[A-Z]{0,2})$/i;

/**
 * The field's text with the picked postcode in place of the partial one it ends with: "Flat 3, 12 Canal Street,
 * N1 9G" + "N1 9GU" is "Flat 3, 12 Canal Street, N1 9GU". Text without one keeps every word and gains the postcode.
 */
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

/**
 * The address line to keep for an end of the route: the address field, plus anything besides the postcode that
 * was typed into the postcode field ("12 Canal Street, N1 9GU" typed there keeps "12 Canal Street").
 */
export function addressLine(addressField: string | null | undefined, postcodeField: string | null | undefined): string {
  const typed = parsePostcodeInput(oneLine(postcodeField));
  const rest = typed.postcode ? withoutPostcode(typed.line, typed.postcode) : '';
  return [oneLine(addressField), rest].filter(Boolean).join(', ');
}

/** A line with a postcode (in any spacing or case) taken off its end, with the comma before it. */
function withoutPostcode(line: string, postcode: string): string {
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

/**
 * The whole address to show: "Flat 3, 12 Canal Street, N1 9GU". A line that already ends with the postcode (a quote
 * stored before the fields were separate kept the postcode field's whole line) is shown once, with the postcode
 * written as it was priced; no line at all is the postcode alone.
 */
export function fullAddress(line: string | null | undefined, postcode: string): string {
  const text = oneLine(line);
  if (!text) return postcode;
  const rest = withoutPostcode(text, postcode);
  return rest ? `${rest}, ${postcode}` : postcode;
}
