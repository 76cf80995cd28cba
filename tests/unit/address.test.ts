import { describe, expect, it } from 'vitest';
import { addressLine, fullAddress, withPickedPostcode } from '~/lib/address';

describe('picking a postcode suggestion', () => {
  it('replaces only the partial postcode the line ends with', () => {
    expect(withPickedPostcode('Flat 3, 12 Canal Street, N1 9G', 'N1 9GU')).toBe('Flat 3, 12 Canal Street, N1 9GU');
    expect(withPickedPostcode('12 Canal Street N1', 'N1 9GU')).toBe('12 Canal Street N1 9GU');
    expect(withPickedPostcode('12 sw1a1', 'SW1A 1AA')).toBe('12 SW1A 1AA');
    // A district offered for a postcode the service does not know takes its place.
    expect(withPickedPostcode('12 Canal Street, SW1A 9Z', 'SW1A')).toBe('12 Canal Street, SW1A');
  });

  it('fills an empty or postcode-only field with the postcode', () => {
    expect(withPickedPostcode('n1 9g', 'N1 9GU')).toBe('N1 9GU');
    expect(withPickedPostcode('  ', 'N1 9GU')).toBe('N1 9GU');
  });

  it('never drops what was typed when the line does not end in that postcode', () => {
    expect(withPickedPostcode('Canal Street', 'N1 9GU')).toBe('Canal Street, N1 9GU');
    expect(withPickedPostcode('12 Canal Street, M1', 'N1 9GU')).toBe('12 Canal Street, M1, N1 9GU');
  });
});

describe('the address line kept for an end of the route', () => {
  it('is the address field, plus what was typed around the postcode in the postcode field', () => {
    expect(addressLine('Flat 3, 12 Canal Street', 'N1 9GU')).toBe('Flat 3, 12 Canal Street');
    expect(addressLine('', '12 Canal Street, n1 9gu')).toBe('12 Canal Street');
    expect(addressLine('Flat 3', '12 Canal Street N19GU')).toBe('Flat 3, 12 Canal Street');
    expect(addressLine('  ', 'N1 9GU')).toBe('');
    expect(addressLine(undefined, undefined)).toBe('');
  });
});

describe('the whole address shown', () => {
  it('joins the line and the postcode', () => {
    expect(fullAddress('Flat 3, 12 Canal Street', 'N1 9GU')).toBe('Flat 3, 12 Canal Street, N1 9GU');
    expect(fullAddress(null, 'N1 9GU')).toBe('N1 9GU');
    expect(fullAddress('', 'N1 9GU')).toBe('N1 9GU');
  });

  it('shows a stored line that already ends with its postcode once, the postcode as priced', () => {
    expect(fullAddress('12 High St, sw1a 1aa', 'SW1A 1AA')).toBe('12 High St, SW1A 1AA');
    expect(fullAddress('SW1A1AA', 'SW1A 1AA')).toBe('SW1A 1AA');
  });
});
