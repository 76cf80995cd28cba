/**
 * SMS segments counted as the networks count them (3GPP TS 23.038, and Twilio's num_segments): 160 GSM 7-bit septets
 * in one segment or 153 a part, the extension characters two septets; anything else makes the text UCS-2, 70 in one or
 * 67 a part; a character never split across parts. Each figure below is worked by hand from those rules.
 */
import { describe, expect, it } from 'vitest';
import { smartEncode, smsLength } from '~/lib/sms-segments';

describe('smsLength', () => {
  it('GSM 7-bit: 160 in one segment, then 153 a part', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1, units: 160, unitsLeft: 0, unicode: [] });
    expect(smsLength('a'.repeat(161))).toMatchObject({ segments: 2, units: 161, unitsLeft: 306 - 161 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
    expect(smsLength('')).toMatchObject({ segments: 1, units: 0, unitsLeft: 160 });
  });

  it('£, é and a new line are GSM characters; € and { take two septets, never split across parts', () => {
    expect(smsLength('£25.50 é\n')).toMatchObject({ encoding: 'GSM-7', units: 9 });
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', segments: 1, units: 160 });
    // 81 euros: 162 septets; 76 fill a part (152), the 77th would make 154.
    expect(smsLength('€'.repeat(81))).toMatchObject({ segments: 2, units: 162, unitsLeft: 153 - 10 });
    // 152 septets, then € would end at 154: it starts the second part whole.
    expect(smsLength(`${'a'.repeat(152)}€${'a'.repeat(7)}`)).toMatchObject({ segments: 2, units: 161, unitsLeft: 153 - 9 });
    expect(smsLength('{}').units).toBe(4);
  });

  it('one character outside the alphabet makes it all UCS-2: 70 in one segment, then 67 a part; an emoji counts two', () => {
    expect(smsLength('ł'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, units: 70, unicode: ['ł'] });
    expect(smsLength('ł'.repeat(71))).toMatchObject({ segments: 2, unitsLeft: 134 - 71 });
    expect(smsLength('📦'.repeat(35))).toMatchObject({ segments: 1, units: 70 });
    // 36 emoji: 72 units; 33 fill a part (66), the 34th would make 68.
    expect(smsLength('📦'.repeat(36))).toMatchObject({ segments: 2, units: 72, unitsLeft: 67 - 6 });
    const curly = smsLength(`We’re on our way${'.'.repeat(60)}`);
    expect(curly).toMatchObject({ encoding: 'UCS-2', segments: 2, unicode: ['’'] });
  });
});

describe('smartEncode', () => {
  it('replaces curly quotes, dashes, the ellipsis and odd spaces, so the text stays GSM 7-bit', () => {
    const text = '“Your crew’s on the way” – arriving about 10:30\u00A0…';
    expect(smartEncode(text)).toBe(`"Your crew's on the way" - arriving about 10:30 ...`);
    expect(smsLength(smartEncode(text)).encoding).toBe('GSM-7');
    expect(smartEncode('plain text stays')).toBe('plain text stays');
    expect(smartEncode('a 📦 stays UCS-2')).toBe('a 📦 stays UCS-2');
  });
});
