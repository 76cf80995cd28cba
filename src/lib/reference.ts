/** Reference numbers a customer can read down a phone line without confusion (no 0/O, no 1/I). */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 9;
export const REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

export function generateReference(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // 32 symbols divide 256 evenly, so taking a byte modulo 32 has no bias.
  const bytes = random(new Uint8Array(REFERENCE_LENGTH));
  let reference = '';
  for (const byte of bytes) reference += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return reference;
}

export function isReference(value: string): boolean {
  return REFERENCE_PATTERN.test(value);
}
