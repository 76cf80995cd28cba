import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidPostcode, normalisePostcode, outwardCode, parsePostcodeInput, POSTCODE_MESSAGES } from '~/lib/postcodes';

describe('postcode validation', () => {
  it.each([
    ['M1 1AE', 'M1 1AE'], // A9 9AA
    ['B33 8TH', 'B33 8TH'], // A99 9AA
    ['CR2 6XH', 'CR2 6XH'], // AA9 9AA
    ['DN55 1PT', 'DN55 1PT'], // AA99 9AA
    ['W1A 0AX', 'W1A 0AX'], // A9A 9AA
    ['EC1A 1BB', 'EC1A 1BB'], // AA9A 9AA
    ['sw1a 1aa', 'SW1A 1AA'], // lower case
    ['SW1A1AA', 'SW1A 1AA'], // no space
    ['  sw1a   1aa ', 'SW1A 1AA'], // extra spaces
    ['m11ae', 'M1 1AE'],
  ])('accepts %j as %s', (input, normalised) => {
    expect(isValidPostcode(input)).toBe(true);
    expect(normalisePostcode(input)).toBe(normalised);
  });

  it.each([
    '',
    'SW1A',
    '1AA',
    'SW1A 1A',
    'SW1A 1AAA',
    'SWW1A 1AA',
    '12345',
    'SW1A-1AA',
    'Q',
    'AA 1AA',
    'A1 AAA',
    'SW1A 11A',
    'hello world',
  ])('rejects %j', (input) => {
    expect(isValidPostcode(input)).toBe(false);
    expect(normalisePostcode(input)).toBeNull();
  });

  it('rejects anything that is not letters-digit-...-digit-letters (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const compact = text.replace(/\s+/g, '').toUpperCase();
        expect(isValidPostcode(text)).toBe(/^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the outward code', () => {
    expect(outwardCode('sw1a1aa')).toBe('SW1A');
    expect(outwardCode('M1 1AE')).toBe('M1');
  });

  it('keeps the spec messages', () => {
    expect(POSTCODE_MESSAGES).toEqual({
      invalidFrom: "Invalid 'from' postcode format",
      invalidTo: "Invalid 'to' postcode format",
      notFound: 'Postcode not found',
      distanceFailed: 'Could not calculate distance between postcodes',
      pricingFailed: 'Error calculating pricing',
    });
  });
});

describe('reading a postcode out of an address line', () => {
  it('understands a bare postcode', () => {
    expect(parsePostcodeInput('sw1a 1aa')).toEqual({ line: 'sw1a 1aa', postcode: 'SW1A 1AA' });
  });
  it('understands a number and a postcode', () => {
    expect(parsePostcodeInput('12 SW1A 1AA')).toEqual({ line: '12 SW1A 1AA', postcode: 'SW1A 1AA', buildingNumber: '12' });
  });
  it('understands a street address with the postcode last', () => {
    expect(parsePostcodeInput('12a High St,  M1 1AE')).toEqual({ line: '12a High St, M1 1AE', postcode: 'M1 1AE', buildingNumber: '12A' });
  });
  it('gives null when there is no postcode', () => {
    expect(parsePostcodeInput('12 High Street').postcode).toBeNull();
  });
});
