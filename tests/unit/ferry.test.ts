import { describe, expect, it } from 'vitest';
import { crossesSea, landOf, MAINLAND } from '~/lib/ferry';

describe('a move that crosses the sea', () => {
  it('places island and Northern Irish postcodes off Great Britain', () => {
    expect(landOf('BT1 5GS')).toBe('Northern Ireland');
    expect(landOf('PO30 1UD')).toBe('the Isle of Wight');
    expect(landOf('PO41 0PE')).toBe('the Isle of Wight');
    expect(landOf('TR21 0HE')).toBe('the Isles of Scilly');
    expect(landOf('HS1 2XX')).toBe('the Outer Hebrides');
    expect(landOf('ZE1 0LL')).toBe('Shetland');
    expect(landOf('KW15 1NX')).toBe('Orkney');
    expect(landOf('KW17 2AB')).toBe('Orkney');
    expect(landOf('IM1 1AG')).toBe('the Isle of Man');
    expect(landOf('GY1 1AA')).toBe('Guernsey');
    expect(landOf('JE2 3QA')).toBe('Jersey');
  });

  it('keeps the mainland districts beside them on the mainland', () => {
    for (const postcode of ['PO1 2AA', 'PO29 9ZZ', 'PO42 1AA', 'TR1 2HW', 'TR26 1AA', 'KW1 4AA', 'KW14 7AA', 'KA26 9AA', 'SW1A 1AA']) {
      expect(landOf(postcode), postcode).toBe(MAINLAND);
    }
  });

  it('needs a ferry between different land masses only', () => {
    expect(crossesSea('BT1 5GS', 'M1 1AE')).toBe(true);
    expect(crossesSea('SW1A 1AA', 'PO30 1UD')).toBe(true);
    expect(crossesSea('JE2 3QA', 'GY1 1AA')).toBe(true);
    expect(crossesSea('BT1 5GS', 'BT48 6DQ')).toBe(false);
    expect(crossesSea('PO30 1UD', 'PO33 2AA')).toBe(false);
    expect(crossesSea('SW1A 1AA', 'EH1 1YZ')).toBe(false);
  });

  it('treats what is not a postcode as the mainland rather than guessing a ferry', () => {
    expect(landOf('not a postcode')).toBe(MAINLAND);
  });
});
