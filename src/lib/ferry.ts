/** The estimate prices the straight line, so a ferry is not in it and the customer is told so (issue 18). */
import { outwardCode } from './postcodes';

/** Outward codes off the island of Great Britain, by area and district range (Royal Mail's allocation). */
const ISLANDS: ReadonlyArray<{ name: string; area: string; from?: number; to?: number }> = [
  { name: 'Northern Ireland', area: 'BT' },
  { name: 'the Isle of Wight', area: 'PO', from: 30, to: 41 },
  { name: 'the Isles of Scilly', area: 'TR', from: 21, to: 25 },
  { name: 'the Outer Hebrides', area: 'HS' },
  { name: 'Shetland', area: 'ZE' },
  { name: 'Orkney', area: 'KW', from: 15, to: 17 },
  { name: 'the Isle of Man', area: 'IM' },
  { name: 'Guernsey', area: 'GY' },
  { name: 'Jersey', area: 'JE' },
  { name: 'Arran', area: 'KA', from: 27, to: 27 },
  { name: 'Great Cumbrae', area: 'KA', from: 28, to: 28 },
  { name: 'Bute', area: 'PA', from: 20, to: 20 },
  { name: 'Islay and Jura', area: 'PA', from: 41, to: 49 },
  { name: 'Islay and Jura', area: 'PA', from: 60, to: 60 },
  { name: 'Mull and Iona', area: 'PA', from: 61, to: 76 },
  { name: 'Tiree and Coll', area: 'PA', from: 77, to: 78 },
  { name: 'the Small Isles', area: 'PH', from: 42, to: 44 },
];

export const MAINLAND = 'Great Britain';

export function landOf(postcode: string): string {
  const match = /^([A-Z]{1,2})(\d+)/.exec(outwardCode(postcode) ?? '');
  if (!match) return MAINLAND;
  const [, area, district] = match;
  const number = Number(district);
  const island = ISLANDS.find(
    (entry) => entry.area === area && (entry.from === undefined || (number >= entry.from && number <= (entry.to ?? entry.from))),
  );
  return island?.name ?? MAINLAND;
}

export const crossesSea = (from: string, to: string): boolean => landOf(from) !== landOf(to);

export const FERRY_NOTE = 'This move crosses the sea, so a ferry is involved: the estimate does not include the ferry.';
