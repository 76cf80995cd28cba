/** Which moves may be booked online at their estimate (issue 41 item 2), and the owner's settings for it. */
import { describe, expect, it } from 'vitest';
import { accessGiven, instantProblem, INSTANT_WORDS, sizeWithin, type InstantFacts, type InstantLimits } from '~/lib/instant-booking';
import { defaultSettings, readSettingsForm, settingsForm, SETTINGS_MESSAGES } from '~/lib/office/settings';

const limits: InstantLimits = { instantBooking: true, instantMaxSize: 'two-bed', instantMaxMiles: 100 };
const standard: InstantFacts = {
  propertyId: 'two-bed',
  service: null,
  distanceMiles: 49.78,
  addresses: {
    from: { line1: '10 Downing Street', line2: null, town: 'London' },
    to: { line1: '1 Trumpington Street', line2: null, town: 'Cambridge' },
  },
  access: {
    from: { floor: 'third', lift: 'no', parking: 'door', carry: 'no' },
    to: { floor: 'ground', parking: 'under-20m', carry: 'no' },
  },
};

describe('a standard move', () => {
  it('is one of the sizes up to the largest allowed, within the miles, with both addresses', () => {
    expect(instantProblem(standard, limits)).toBeNull();
    expect(instantProblem({ ...standard, distanceMiles: 100 }, limits)).toBeNull();
    expect(instantProblem({ ...standard, propertyId: 'mini' }, limits)).toBeNull();
  });

  it('is not, with the reason in the customer’s words', () => {
    expect(instantProblem(standard, { ...limits, instantBooking: false })).toBe(INSTANT_WORDS.off);
    expect(instantProblem({ ...standard, propertyId: 'three-bed' }, limits)).toBe(INSTANT_WORDS.size);
    expect(instantProblem({ ...standard, propertyId: 'four-bed' }, limits)).toBe(INSTANT_WORDS.size);
    expect(instantProblem({ ...standard, distanceMiles: 100.1 }, limits)).toBe(INSTANT_WORDS.distance);
    expect(instantProblem({ ...standard, distanceMiles: null }, limits)).toBe(INSTANT_WORDS.unpriced);
    const noTown = { ...standard.addresses, to: { line1: '1 Trumpington Street', line2: null, town: '  ' } };
    expect(instantProblem({ ...standard, addresses: noTown }, limits)).toBe(INSTANT_WORDS.addresses);
    expect(instantProblem({ ...standard, access: null }, limits)).toBe(INSTANT_WORDS.access);
    expect(instantProblem({ ...standard, service: 'car-transport' }, limits)).toBe(INSTANT_WORDS.car);
  });

  it('needs every access answer at both ends, and the lift above the ground floor', () => {
    const from = { floor: 'third', lift: 'no', parking: 'door', carry: 'no' };
    const to = { floor: 'ground', parking: 'door', carry: 'yes' };
    expect(accessGiven({ from, to })).toBe(true);
    expect(accessGiven({ from: { ...from, lift: undefined }, to })).toBe(false);
    expect(accessGiven({ from, to: { ...to, parking: undefined } })).toBe(false);
    expect(accessGiven({ from, to: { ...to, carry: undefined } })).toBe(false);
    expect(accessGiven({ from: {}, to })).toBe(false);
    expect(accessGiven(null)).toBe(false);
  });

  it('sizes run mini, studio, 2 bedrooms, 3 bedrooms', () => {
    expect(['mini', 'studio', 'two-bed', 'three-bed'].map((size) => sizeWithin(size, 'studio'))).toEqual([true, true, false, false]);
    expect(sizeWithin('castle', 'three-bed')).toBe(false);
  });
});

describe('the owner’s settings for it', () => {
  const current = settingsForm(defaultSettings('leads@example.com'));

  it('are on, every size and 100 miles until set; a form without them keeps them', () => {
    expect([current.instantBooking, current.instantMaxSize, current.instantMaxMiles]).toEqual(['on', 'three-bed', '100']);
    const read = readSettingsForm(new URLSearchParams({ phone: '020 7946 0321' }), current);
    expect('settings' in read && read.settings.instantBooking).toBe(true);
  });

  it('read off, a size and whole miles; refuse anything else by its field', () => {
    const read = readSettingsForm(
      new URLSearchParams({ instantBooking: 'off', instantMaxSize: 'studio', instantMaxMiles: ' 40 ' }),
      current,
    );
    expect('settings' in read && [read.settings.instantBooking, read.settings.instantMaxSize, read.settings.instantMaxMiles]).toEqual([
      false,
      'studio',
      40,
    ]);
    const refused = readSettingsForm(
      new URLSearchParams({ instantBooking: 'maybe', instantMaxSize: 'castle', instantMaxMiles: '0' }),
      current,
    );
    expect('errors' in refused && refused.errors).toEqual({
      instantBooking: SETTINGS_MESSAGES.instantBooking,
      instantMaxSize: SETTINGS_MESSAGES.instantMaxSize,
      instantMaxMiles: SETTINGS_MESSAGES.instantMaxMiles,
    });
  });
});
