/**
 * Where a partner works: postcode areas (LS) and districts (LS6), as they gave them. One rule for the application, the
 * partner's page and every offer (the office's and the site's): a move's end is covered when its district, or the area
 * that district is in, is listed. Pure.
 */
import { isPostcodeArea } from '~/data/postcode-areas';

const DISTRICT = /^([A-Z]{1,2})[0-9][A-Z0-9]?$/;

/** The area of an upper-case district: "LS6" → "LS", "M1" → "M"; null when it is not a district of a known area. */
export function areaOf(district: string): string | null {
  const letters = DISTRICT.exec(district)?.[1];
  return letters && isPostcodeArea(letters) ? letters : null;
}

/** An upper-case entry a partner may list: a known area, or a district of one. */
export const isAreaOrDistrict = (entry: string): boolean => isPostcodeArea(entry) || areaOf(entry) !== null;

/** Whether the listed areas and districts cover `district` (a move's end, upper case as outwardCode gives it). */
export function coversDistrict(covered: readonly string[], district: string): boolean {
  const area = areaOf(district);
  return area !== null && (covered.includes(district) || covered.includes(area));
}
