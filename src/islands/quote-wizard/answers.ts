// What the customer answers, and the step they are on: apart from store.ts, so the draft and the prefill it reads need
// not import the store.
import type { AccessFieldName } from '~/data/access';
import type { AddressFieldName } from '~/lib/move-facts';

export type Step = 1 | 2 | 3 | 4 | 5;

/** '' until answered; priced by the access table (src/data/access.ts). */
export type AccessAnswerFields = Record<AccessFieldName, string>;
/** The street address at each end (`fromAddress`, `fromAddress2`, `fromTown`…): kept in this tab only, never in the draft. */
export type AddressAnswerFields = Record<AddressFieldName, string>;

export interface Answers extends AccessAnswerFields, AddressAnswerFields {
  propertyId: string | null;
  furnitureIds: string[];
  fromPostcode: string;
  toPostcode: string;
  /** `YYYY-MM-DD`, a calendar day in the UK. */
  moveDate: string | null;
  name: string;
  email: string;
  phone: string;
  additionalInfo: string;
  promoCode: string;
}
