/**
 * The postcode areas: the letters before a postcode district's number (LS in LS6, M in M1). A partner may cover a whole
 * area (src/lib/partners/coverage.ts), so only these are taken.
 *
 * Source: Wikipedia, "List of postcode districts in the United Kingdom", its "Areas" table (Royal Mail's allocation):
 * the 121 geographic areas of the United Kingdom, then the three of the Crown Dependencies (Guernsey, Jersey, the Isle
 * of Man), which quotes take too (src/lib/ferry.ts). Left out: BF (British Forces) and BX (no place: large firms' mail),
 * where no one moves home.
 */

// Many codes a line, to be read against the source; prettier would put one a line.
// prettier-ignore
const UK_AREAS = [
  'AB', 'AL', 'B', 'BA', 'BB', 'BD', 'BH', 'BL', 'BN', 'BR', 'BS', 'BT', 'CA', 'CB', 'CF', 'CH', 'CM', 'CO', 'CR',
  'CT', 'CV', 'CW', 'DA', 'DD', 'DE', 'DG', 'DH', 'DL', 'DN', 'DT', 'DY', 'E', 'EC', 'EH', 'EN', 'EX', 'FK', 'FY', 'G',
  'GL', 'GU', 'HA', 'HD', 'HG', 'HP', 'HR', 'HS', 'HU', 'HX', 'IG', 'IP', 'IV', 'KA', 'KT', 'KW', 'KY', 'L', 'LA',
  'LD', 'LE', 'LL', 'LN', 'LS', 'LU', 'M', 'ME', 'MK', 'ML', 'N', 'NE', 'NG', 'NN', 'NP', 'NR', 'NW', 'OL', 'OX', 'PA',
  'PE', 'PH', 'PL', 'PO', 'PR', 'RG', 'RH', 'RM', 'S', 'SA', 'SE', 'SG', 'SK', 'SL', 'SM', 'SN', 'SO', 'SP', 'SR',
  'SS', 'ST', 'SW', 'SY', 'TA', 'TD', 'TF', 'TN', 'TQ', 'TR', 'TS', 'TW', 'UB', 'W', 'WA', 'WC', 'WD', 'WF', 'WN',
  'WR', 'WS', 'WV', 'YO', 'ZE',
] as const;

const CROWN_DEPENDENCY_AREAS = ['GY', 'JE', 'IM'] as const;

export const POSTCODE_AREAS = [...UK_AREAS, ...CROWN_DEPENDENCY_AREAS] as const;
export type PostcodeArea = (typeof POSTCODE_AREAS)[number];

const KNOWN: ReadonlySet<string> = new Set(POSTCODE_AREAS);
export const isPostcodeArea = (letters: string): letters is PostcodeArea => KNOWN.has(letters);
