/** A quote as the Worker keeps it. A new field goes here, in store.ts and a migration. */
import type { MoveAccess } from '~/data/access';
import type { MoveAddresses } from '~/lib/move-facts';
import type { ServiceValue } from '~/data/services';
import type { MoveStatus } from '~/lib/move-status';
import type { LeadRequest, LeadSource } from '~/lib/office/lead-entry';
import type { AcceptedPrice } from '~/lib/price-to-pay';
import type { PricingResult } from '~/lib/pricing';
import type { Via } from '../pipeline';
import type { OutboxStatus } from '../records';

export interface StoredQuote {
  reference: string;
  createdAt: string;
  via: Via;
  /** The website, or a phone call the office typed in (issue 40 item 2). */
  source: LeadSource;
  idempotencyKey: string;
  bodyHash: string;

  name: string;
  email: string;
  phone: string;
  service: ServiceValue | null;
  /** A move the office made from a survey or car request (issue 40 item 3): what was asked; its size is the request's. */
  request: LeadRequest | null;
  /** A package's id; for a move made from a request, the survey's size or 'car'. */
  propertyId: string;
  furnitureIds: string[];
  fromPostcode: string;
  toPostcode: string;
  /** The street address at each end (issue 40 item 1): may be missing on an estimate, never on a booked move. */
  addresses: MoveAddresses;
  /** Priced by the access table (src/data/access.ts) and told to the crew; null when nothing was said. */
  access: MoveAccess | null;
  /** `YYYY-MM-DD`, a UK calendar day. */
  moveDate: string;
  additionalInfo: string | null;
  promoCode: string | null;

  /** As the client reported it: never trusted. */
  shown: { total: number; distance: number } | null;
  /** Null when the postcode service was down: the business prices it. */
  pricing: PricingResult | null;
  verified: boolean;
  notes: string[];
  /** Unrounded miles as measured; null when not measured. */
  distanceMiles: number | null;
  /** Where the postcodes were placed when it was priced, for the route map; null when unpriced or stored before. */
  places: { from: Place; to: Place } | null;

  customerEmail: OutboxStatus | null;
  /** The newest customer e-mail about it, its own or a change's: what its page says about our e-mail. */
  lastCustomerEmail: OutboxStatus | null;

  status: MoveStatus;
  /** The estimate's 28 days count from here. */
  pricedAt: string | null;
  moveNotes: MoveNotes | null;
  /** From move_reviews: read, never written with the quote. */
  reviewed: boolean;
  /** From job_reports: when the crew first reported "Job done", or null. Read only (absent on a quote being stored). */
  jobDoneAt?: string | null;
  /** The written quote the customer accepted (written_quotes): once there is one, its total is the price. Read only. */
  accepted: AcceptedPrice | null;
  /** The newest written quote sent, while it waits to be accepted: the price on offer (issue 41 item 1). Read only. */
  offered?: AcceptedPrice | null;
  version: number;
}

/** What every quote starts its life with: an estimate, its e-mails on their way, nothing agreed, nothing changed yet. */
export const NEW_QUOTE = {
  customerEmail: 'pending',
  lastCustomerEmail: 'pending',
  status: 'quoted',
  moveNotes: null,
  reviewed: false,
  accepted: null,
  version: 0,
} as const satisfies Partial<StoredQuote>;

export interface Place {
  latitude: number;
  longitude: number;
  district: string;
}

export interface MoveNotes {
  awkward: string;
  items: string;
}
