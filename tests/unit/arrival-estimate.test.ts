/**
 * "On our way" worked out from the crew's location (issue 44 item 2): the straight line × 1.3 for the roads, at 25 mph,
 * up to the next 5 minutes, within 10 and 120. The places are the postcode stand-in's (stand-ins/postcodes/fixture.json);
 * each distance is worked by hand on a flat map, 1° of latitude being 3959 × π / 180 = 69.10 miles and 1° of longitude
 * that times the cosine of the latitude, near enough at these few miles for the minutes to come out the same.
 */
import { describe, expect, it } from 'vitest';
import { arrivalMinutes, crewLocation } from '~/lib/office/arrival-estimate';

const SW1A_1AA = { latitude: 51.501009, longitude: -0.141588 };
const CR2_6XH = { latitude: 51.3391, longitude: -0.0787 };
const E14_5AB = { latitude: 51.5047, longitude: -0.0195 };
const SE1_7PB = { latitude: 51.502, longitude: -0.119 };
const M1_1AE = { latitude: 53.481, longitude: -2.243 };

describe('the arrival estimate from the crew’s location', () => {
  it('South Croydon to Buckingham Palace: 11.5 miles as the crow flies, 40 minutes', () => {
    // 0.161909° south = 11.19 miles; 0.062888° east × cos 51.42° (0.6237) = 2.71 miles; √(11.19² + 2.71²) = 11.51 miles.
    // By road 11.51 × 1.3 = 14.96 miles; at 25 mph 14.96 / 25 × 60 = 35.9 minutes, up to the next 5: 40.
    expect(arrivalMinutes(CR2_6XH, SW1A_1AA)).toBe(40);
  });

  it('Canary Wharf to Buckingham Palace: 5.3 miles, 20 minutes', () => {
    // 0.122088° west × cos 51.50° (0.6229) = 5.25 miles; 0.003691° north = 0.26 miles; together 5.26 miles.
    // 5.26 × 1.3 = 6.84 miles; 6.84 / 25 × 60 = 16.4 minutes, up to 20.
    expect(arrivalMinutes(E14_5AB, SW1A_1AA)).toBe(20);
  });

  it('never under 10 minutes from round the corner, never over the list’s 2 hours from far away', () => {
    // SE1 7PB: 0.022588° × 0.6225 × 69.10 = 0.97 miles; 0.97 × 1.3 / 25 × 60 = 3.0 minutes, raised to 10.
    expect(arrivalMinutes(SE1_7PB, SW1A_1AA)).toBe(10);
    // Manchester: about 163 miles, 163 × 1.3 / 25 × 60 = 508 minutes, held at 120.
    expect(arrivalMinutes(M1_1AE, SW1A_1AA)).toBe(120);
    expect(arrivalMinutes(SW1A_1AA, SW1A_1AA)).toBe(10);
  });
});

describe('the crew’s posted location', () => {
  it('is taken inside the UK, from Shetland to Belfast, as the sheet sends it', () => {
    expect(crewLocation('51.587', '-0.142')).toEqual({ latitude: 51.587, longitude: -0.142 });
    expect(crewLocation('60.155', '-1.145')).toEqual({ latitude: 60.155, longitude: -1.145 });
    expect(crewLocation('54.597', '-5.930')).toEqual({ latitude: 54.597, longitude: -5.93 });
  });

  it('is ignored outside the UK, malformed, or half missing', () => {
    expect(crewLocation('48.857', '2.352')).toBeNull(); // Paris
    expect(crewLocation('40.713', '-74.006')).toBeNull(); // New York
    for (const [latitude, longitude] of [
      ['', ''],
      ['51.587', ''],
      ['51.5a', '-0.142'],
      ['1e1', '-0.142'],
      ['51.5870001', '-0.142'],
      ['Infinity', '0'],
    ] as const)
      expect(crewLocation(latitude, longitude), `${latitude},${longitude}`).toBeNull();
  });
});
