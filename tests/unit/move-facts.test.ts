/** The street address at each end (issue 40 item 1): what counts as full, how it is shown, and the maps links. */
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  addressText,
  mapsLinks,
  mergedAddresses,
  missingAddress,
  NO_ADDRESS,
  overlongAddress,
  postedAccess,
  postedAddresses,
} from '~/lib/move-facts';

const FLAT = { line1: '12 Canal Street', line2: 'Flat 3', town: 'Manchester' };

describe('a full address', () => {
  it('needs line 1 and the town at both ends, each missing part named by its field with its message', () => {
    expect(missingAddress({ from: FLAT, to: FLAT })).toEqual({});
    expect(missingAddress({ from: { ...FLAT, line2: null }, to: FLAT })).toEqual({});
    expect(missingAddress({ from: { line1: '  ', line2: null, town: 'Leeds' }, to: NO_ADDRESS })).toEqual({
      fromAddress: 'Please enter the house number or name and the street you are moving from.',
      toAddress: 'Please enter the house number or name and the street you are moving to.',
      toTown: 'Please enter the town or city you are moving to.',
    });
  });

  it('refuses a part over the limit, by its field', () => {
    expect(overlongAddress({ from: { ...FLAT, town: 'x'.repeat(201) }, to: FLAT }, 200)).toEqual({
      fromTown: 'Please keep each address line to 200 characters or fewer.',
    });
  });
});

describe('reading a form', () => {
  it('takes each part by its field name, blank as missing, spaces tidied', () => {
    const form = new URLSearchParams({ fromAddress: ' 12  Canal Street ', fromAddress2: '', fromTown: 'Manchester', toTown: 'Leeds' });
    expect(postedAddresses((name) => form.get(name))).toEqual({
      from: { line1: '12 Canal Street', line2: null, town: 'Manchester' },
      to: { line1: null, line2: null, town: 'Leeds' },
    });
  });

  it('keeps what is stored where a part is not given, so asking only for what is missing blanks nothing', () => {
    const kept = { from: FLAT, to: { line1: '9 Mill Lane', line2: null, town: null } };
    const given = { from: NO_ADDRESS, to: { line1: null, line2: null, town: 'York' } };
    expect(mergedAddresses(kept, given)).toEqual({ from: FLAT, to: { line1: '9 Mill Lane', line2: null, town: 'York' } });
  });

  it('reads the access answers the same way: null when nothing was said', () => {
    const form = new URLSearchParams({ fromFloor: 'third', fromLift: 'no', toCarry: 'yes', toParking: '' });
    expect(postedAccess((name) => form.get(name))).toEqual({ from: { floor: 'third', lift: 'no' }, to: { carry: 'yes' } });
    expect(postedAccess(() => undefined)).toBe(null);
  });
});

describe('showing an address', () => {
  it('one part a line, the postcode last; on one line with commas', () => {
    expect(addressLines(FLAT, 'M1 1AE')).toEqual(['12 Canal Street', 'Flat 3', 'Manchester', 'M1 1AE']);
    expect(addressText(FLAT, 'M1 1AE')).toBe('12 Canal Street, Flat 3, Manchester, M1 1AE');
    expect(addressText(NO_ADDRESS, 'M1 1AE')).toBe('M1 1AE');
  });

  it('a line stored before the parts were apart, with the postcode in it, shows the postcode once', () => {
    expect(addressText({ line1: '12 Acacia Avenue, SW1A 1AA', line2: null, town: null }, 'SW1A 1AA')).toBe('12 Acacia Avenue, SW1A 1AA');
  });

  it('links to directions in Google Maps (Android, and iPhones with it) and Apple Maps, the whole address encoded', () => {
    expect(mapsLinks(FLAT, 'M1 1AE')).toEqual({
      google: 'https://www.google.com/maps/dir/?api=1&destination=12+Canal+Street%2C+Flat+3%2C+Manchester%2C+M1+1AE',
      apple: 'https://maps.apple.com/?daddr=12+Canal+Street%2C+Flat+3%2C+Manchester%2C+M1+1AE',
    });
  });
});
