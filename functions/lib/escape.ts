// Subjects and other header values: one plain line (e-mail HTML is escaped by React: src/components/email/).

/** Control characters and line or paragraph breaks (header injection) become spaces. */
const BREAKS = /[\p{Cc}\u2028\u2029]+/gu;
/** Format characters (bidi overrides and isolates, zero-width ones, the BOM) could make a subject read differently: dropped. */
const FORMAT = /\p{Cf}+/gu;

export function headerSafe(value: unknown, maxLength = 200): string {
  return String(value ?? '')
    .replace(FORMAT, '')
    .replace(BREAKS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, maxLength);
}
