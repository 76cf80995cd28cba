/**
 * Where a partner works: whole postcode areas (LS) beside districts (LS6), read from what they type and matched against
 * a move's ends. Expected values worked by hand from the UK's postcode areas.
 */
import { describe, expect, it } from 'vitest';
import { POSTCODE_AREAS } from '~/data/postcode-areas';
import { readDistricts } from '~/lib/partners/apply';
import { areaOf, coversDistrict, isAreaOrDistrict } from '~/lib/partners/coverage';

describe('coversDistrict', () => {
  it('covers every district of a listed area, and no other area sharing its first letter', () => {
    expect(coversDistrict(['LS'], 'LS1')).toBe(true);
    expect(coversDistrict(['LS'], 'LS28')).toBe(true);
    expect(coversDistrict(['LS'], 'L1')).toBe(false);
    expect(coversDistrict(['LS'], 'LSX')).toBe(false);
    expect(coversDistrict(['YO'], 'YO10')).toBe(true);
    expect(coversDistrict(['M'], 'M1')).toBe(true);
    expect(coversDistrict(['M'], 'ME1')).toBe(false);
    expect(coversDistrict(['M'], 'MK9')).toBe(false);
  });

  it('covers a listed district only, beside areas', () => {
    expect(coversDistrict(['LS6', 'YO10'], 'LS6')).toBe(true);
    expect(coversDistrict(['LS6', 'YO10'], 'LS1')).toBe(false);
    expect(coversDistrict(['LS', 'HG'], 'YO10')).toBe(false);
    expect(coversDistrict(['LS6', 'YO'], 'YO1')).toBe(true);
    expect(coversDistrict(['EC'], 'EC1A')).toBe(true);
    expect(coversDistrict(['W'], 'W1A')).toBe(true);
  });
});

describe('areas and districts a partner may list', () => {
  it('knows the 121 UK areas and the three Crown Dependencies, each once', () => {
    expect(POSTCODE_AREAS).toHaveLength(124);
    expect(new Set(POSTCODE_AREAS).size).toBe(124);
    for (const area of ['LS', 'YO', 'M', 'B', 'ZE', 'BT', 'JE']) expect(isAreaOrDistrict(area)).toBe(true);
  });

  it('refuses letters that are no area, and districts of no area', () => {
    for (const entry of ['LSX', 'QQ', 'X', 'BX', 'LEEDS', 'QQ1', 'LS123']) expect(isAreaOrDistrict(entry)).toBe(false);
    expect(areaOf('LS6')).toBe('LS');
    expect(areaOf('M1')).toBe('M');
    expect(areaOf('QQ1')).toBeNull();
  });

  it('reads "LS, YO" and mixed lists as given, upper case, once each', () => {
    expect(readDistricts('LS, YO')).toEqual({ districts: ['LS', 'YO'] });
    expect(readDistricts(' ls6,yo  LS6; m ')).toEqual({ districts: ['LS6', 'YO', 'M'] });
    expect(readDistricts('LS, Leeds')).toEqual({
      message:
        '"LEEDS" is not a postcode area or district. Use an area\'s letters, such as LS, or the first half of a postcode, such as LS6.',
    });
    expect(readDistricts(' , ')).toEqual({ message: 'Please list the postcode areas or districts you cover, such as LS, YO or LS6.' });
  });
});
