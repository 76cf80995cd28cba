/**
 * The facts a job needs at each end of a move (issue 40 item 1): its street address and its access, with the field
 * names every form posts them by, so the wizard, the plain form, the move page and the office read them the same way.
 *
 * The street address follows the GOV.UK Design System's pattern: address line 1
 * (the house number or name and the street), an optional line 2, the town or city, and the postcode (the quote's own
 * field, which prices the move). The wizard and the plain form ask for it beside the postcode and may leave it for later;
 * a written quote is not sent, and a move not booked, until both ends have line 1 and a town (`missingAddress`). Every
 * form that asks for an address (the quote's, the office's, the accept step's) names its fields with `addressField`,
 * so one post shape serves them all.
 */
import { ACCESS_ENDS, ACCESS_KEYS, accessField, type AccessAnswers, type MoveAccess } from '../data/access';
import { withoutPostcode } from './address';
import type { RouteEnd } from './postcodes';

/** A form's or a request's value by field name (URLSearchParams.get, or a parsed body's property). */
export type ReadField = (name: string) => string | null | undefined;

/** The access answers as posted (`fromFloor`…): null when nothing was said at either end. */
export function postedAccess(read: ReadField): MoveAccess | null {
  const end = (which: (typeof ACCESS_ENDS)[number]): AccessAnswers =>
    Object.fromEntries(
      ACCESS_KEYS.flatMap((question) => {
        const answer = read(accessField(which, question));
        return answer ? [[question, answer]] : [];
      }),
    );
  const access = { from: end('from'), to: end('to') };
  return Object.keys(access.from).length + Object.keys(access.to).length > 0 ? access : null;
}

export interface StreetAddress {
  /** The house number or name and the street; for quotes stored before issue 40, the one address line they had. */
  line1: string | null;
  line2: string | null;
  town: string | null;
}

export type MoveAddresses = Record<RouteEnd, StreetAddress>;

export const NO_ADDRESS: StreetAddress = { line1: null, line2: null, town: null };

export type AddressPart = keyof StreetAddress;
export const ADDRESS_PARTS: readonly AddressPart[] = ['line1', 'line2', 'town'];

/** The request's and every form's names: `fromAddress` (kept from before issue 40 for line 1), `fromAddress2`, `fromTown`. */
const SUFFIX = { line1: 'Address', line2: 'Address2', town: 'Town' } as const;
export const addressField = <E extends RouteEnd, P extends AddressPart>(end: E, part: P) =>
  `${end}${SUFFIX[part]}` as `${E}${(typeof SUFFIX)[P]}`;
export type AddressFieldName = ReturnType<typeof addressField<RouteEnd, AddressPart>>;
export const ADDRESS_FIELD_NAMES: readonly AddressFieldName[] = (['from', 'to'] as const).flatMap((end) =>
  ADDRESS_PARTS.map((part) => addressField(end, part)),
);

/** What a browser fills each part with (in its end's section: `section-from address-line1`). */
const ADDRESS_AUTOCOMPLETE = { line1: 'address-line1', line2: 'address-line2', town: 'address-level2' } as const;
export const addressAutocomplete = (end: RouteEnd, part: AddressPart) => `section-${end} ${ADDRESS_AUTOCOMPLETE[part]}`;

/** The GOV.UK labels; every form shows them after its end's name ("Moving from Address line 1"). */
export const ADDRESS_LABELS: Record<AddressPart, string> = {
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  town: 'Town or city',
};

const moving = (end: RouteEnd) => (end === 'from' ? 'moving from' : 'moving to');

/** Apart from the others: the request schema (in the wizard's bundle) needs this one only. */
export const addressTooLong = (limit: number) => `Please keep each address line to ${limit} characters or fewer.`;

export const ADDRESS_MESSAGES = {
  line1: (end: RouteEnd) => `Please enter the house number or name and the street you are ${moving(end)}.`,
  town: (end: RouteEnd) => `Please enter the town or city you are ${moving(end)}.`,
  tooLong: addressTooLong,
} as const;

/** Why a booking waits for the addresses (apart from the fields' messages, so the wizard's bundle carries none of it). */
export const ADDRESS_REFUSALS = {
  /** To the customer, when accepting is refused for them. */
  customer: 'The full address at both ends is needed before this move can be booked: the house number or name, the street and the town.',
  /** To the office, when a booking (the diary, a staff link) is refused for them. */
  office:
    "This move cannot be booked until both full addresses are in: the house number or name, the street and the town. Add them on the lead's page, under Addresses.",
} as const;

const clean = (text: string | null | undefined): string | null => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line === '' ? null : line;
};

/** An address as posted (blank parts are null), read from any form by the shared field names. */
export function postedAddresses(read: ReadField): MoveAddresses {
  const end = (which: RouteEnd): StreetAddress => ({
    line1: clean(read(addressField(which, 'line1'))),
    line2: clean(read(addressField(which, 'line2'))),
    town: clean(read(addressField(which, 'town'))),
  });
  return { from: end('from'), to: end('to') };
}

/** Line 1 and a town: enough for a crew to find the door with the postcode. */
export const isFullAddress = (address: StreetAddress | null | undefined): boolean => !!clean(address?.line1) && !!clean(address?.town);

/** Each missing part of either end, by its field name, with its message: empty when both ends are full. */
export function missingAddress(addresses: MoveAddresses): Partial<Record<AddressFieldName, string>> {
  const errors: Partial<Record<AddressFieldName, string>> = {};
  for (const end of ['from', 'to'] as const) {
    if (!clean(addresses[end].line1)) errors[addressField(end, 'line1')] = ADDRESS_MESSAGES.line1(end);
    if (!clean(addresses[end].town)) errors[addressField(end, 'town')] = ADDRESS_MESSAGES.town(end);
  }
  return errors;
}

/** A part longer than the address limit, by its field name: a form whose fields carry no maxlength check of their own. */
export function overlongAddress(addresses: MoveAddresses, limit: number): Partial<Record<AddressFieldName, string>> {
  const errors: Partial<Record<AddressFieldName, string>> = {};
  for (const end of ['from', 'to'] as const) {
    for (const part of ADDRESS_PARTS) {
      if ((addresses[end][part] ?? '').length > limit) errors[addressField(end, part)] = ADDRESS_MESSAGES.tooLong(limit);
    }
  }
  return errors;
}

/** What is given of `wanted` over what is kept: a form that asks only for what is missing never blanks the rest. */
export function mergedAddresses(kept: MoveAddresses, given: MoveAddresses): MoveAddresses {
  const end = (which: RouteEnd): StreetAddress => ({
    line1: given[which].line1 ?? kept[which].line1,
    line2: given[which].line1 || given[which].town ? given[which].line2 : kept[which].line2,
    town: given[which].town ?? kept[which].town,
  });
  return { from: end('from'), to: end('to') };
}

/** The address as it goes on an envelope, one part a line: "12 Canal Street", "Flat 3", "Manchester", "M1 1AE". */
export function addressLines(address: StreetAddress | null | undefined, postcode: string): string[] {
  const parts = [address?.line1, address?.line2, address?.town].map(clean).filter((part): part is string => !!part);
  const lines = parts.map((part) => withoutPostcode(part, postcode)).filter(Boolean);
  return [...lines, postcode];
}

/** On one line, for e-mails, lists and summaries: "12 Canal Street, Flat 3, Manchester, M1 1AE". */
export const addressText = (address: StreetAddress | null | undefined, postcode: string): string =>
  addressLines(address, postcode).join(', ');

/**
 * Plain links that open the phone's maps at the address, no script needed: Google's cross-platform Maps URL opens the
 * Google Maps app on Android (and on an iPhone that has it), a browser otherwise; Apple's maps.apple.com link opens
 * Apple Maps on an iPhone. A `geo:` link is not used: iOS has no handler for it. Both ask for directions to the address
 * from where the phone is.
 */
export function mapsLinks(address: StreetAddress | null | undefined, postcode: string): { google: string; apple: string } {
  const where = addressText(address, postcode);
  return {
    google: `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination: where })}`,
    apple: `https://maps.apple.com/?${new URLSearchParams({ daddr: where })}`,
  };
}
