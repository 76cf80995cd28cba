/**
 * How many SMS segments a text takes, counted as the networks (and Twilio's `num_segments`) count them (3GPP TS 23.038):
 * a text wholly in the GSM 7-bit alphabet takes 160 characters in one segment, or 153 in each of several (the rest of
 * each part carries the header that joins them), where `^ { } [ ] ~ | \ €` and form feed take two; any other character
 * (a curly apostrophe, an emoji) makes the whole text UCS-2: 70 in one segment, or 67 in each of several, an emoji two.
 * A character is never split across two segments. Used by the SMS stand-in (stand-ins/sms/server.mjs) and by the
 * product to keep a message in one segment (issue 44 item 4): `smartEncode()` first, then check `segments`.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsLength {
  encoding: SmsEncoding;
  /** How many segments the text is sent (and charged) as; 1 for an empty text. */
  segments: number;
  /** What it takes: septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  /** How many more units fit before another segment is needed. */
  unitsLeft: number;
  /** The characters outside the GSM 7-bit alphabet that made the text UCS-2, each once. */
  unicode: string[];
}

/** Twilio refuses a longer body (error 21617), counting characters. */
export const SMS_MAX_CHARACTERS = 1600;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Sent as an escape and the character: two septets each. */
const GSM_EXTENDED = '\f^{}\\[~]|€';

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

const gsmCost = (char: string) => (GSM_BASIC.includes(char) ? 1 : GSM_EXTENDED.includes(char) ? 2 : 0);

export function smsLength(text: string): SmsLength {
  const chars = [...text];
  const unicode = [...new Set(chars.filter((char) => gsmCost(char) === 0))];
  const encoding: SmsEncoding = unicode.length ? 'UCS-2' : 'GSM-7';
  const costs = chars.map((char) => (encoding === 'GSM-7' ? gsmCost(char) : char.length));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const { single, part } = LIMITS[encoding];
  if (units <= single) return { encoding, segments: 1, units, unitsLeft: single - units, unicode };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, segments, units, unitsLeft: part - used, unicode };
}

/**
 * The common look-alikes replaced by their GSM 7-bit twins, as Twilio's Smart Encoding does (the `SmartEncoded`
 * parameter): curly quotes, dashes, the ellipsis and unusual spaces, which would otherwise make a text UCS-2 and more
 * than halve what a segment holds.
 */
const LOOK_ALIKES: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032\u2035]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB]/g, '"'],
  [/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' '],
  [/[\u200B\u2060\uFEFF]/g, ''],
];

export function smartEncode(text: string): string {
  return LOOK_ALIKES.reduce((result, [pattern, twin]) => result.replace(pattern, twin), text);
}
