/**
 * A quote as the Worker keeps it, the one shape everything reads: the answer, the e-mails, the confirmation page and
 * its calendar file. store.ts maps it to and from quote_requests; a new field is added here, in store.ts (and a
 * migration), and wherever it is shown.
 */
import type { AccessAnswers } from '../../../src/data/access';
import type { ServiceValue } from '../../../src/data/services';
import type { MoveStatus } from '../../../src/lib/move-status';
import type { PricingResult } from '../../../src/lib/pricing';
import type { Via } from '../lead-pipeline';
import type { OutboxStatus } from '../outbox';

export interface StoredQuote {
  reference: string;
  createdAt: string;
  /** The wizard's JSON request, or the plain form on /quote. */
  via: Via;
  /** The customer's request key, and the hash of the body sent with it: a retry replays, another body is refused. */
  idempotencyKey: string;
  bodyHash: string;

  name: string;
  email: string;
  phone: string;
  /** The service a page started the quote for (services table), or null for a plain quote. */
  service: ServiceValue | null;
  propertyId: string;
  furnitureIds: string[];
  /** Normalised postcodes, and the lines as the customer typed them (when they said more than the postcode). */
  fromPostcode: string;
  toPostcode: string;
  fromAddress: string | null;
  toAddress: string | null;
  /** The access at each end as the customer answered (for the mover; never priced), or null when nothing was answered. */
  access: { from: AccessAnswers; to: AccessAnswers } | null;
  /** `YYYY-MM-DD`, a UK calendar day. */
  moveDate: string;
  additionalInfo: string | null;
  promoCode: string | null;

  /** The estimate the customer's page showed before sending (as the client reported it: never trusted), or null. */
  shown: { total: number; distance: number } | null;
  /** The server's price; null when the postcode service was down: the business prices it. */
  pricing: PricingResult | null;
  /** True when the postcode service measured the route. */
  verified: boolean;
  /** e.g. 'Distance estimated from the SW1A area' */
  notes: string[];
  /** Unrounded miles as measured; null when not measured. */
  distanceMiles: number | null;

  /** The customer e-mail's outbox status, as read (a new quote's is 'pending'). */
  customerEmail: OutboxStatus | null;

  /** Where the move stands (src/lib/move-status.ts); a new quote is 'quoted'. */
  status: MoveStatus;
  /** When the price was last worked out (its 28 days count from here), or null while unpriced. */
  pricedAt: string | null;
  /** What the customer added for the mover on the manage page, or null. */
  moveNotes: MoveNotes | null;
  /** The customer has reviewed the move (move_reviews; read, never written with the quote). */
  reviewed: boolean;
  /** How many changes it has had: a change is made only at the version it was read at (quote/manage.ts). */
  version: number;
}

/** Added on the manage page: anything awkward about the move, and the items to move. Never priced. */
export interface MoveNotes {
  awkward: string;
  items: string;
}
