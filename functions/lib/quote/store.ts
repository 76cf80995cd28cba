/** quote_requests, the table behind StoredQuote. Columns are named once, in `toRow`. */
import { findService } from '~/data/services';
import type { AcceptedPrice } from '~/lib/price-to-pay';
import { storedPricing, type PricingResult } from '~/lib/pricing';
import type { OutboxStatus } from '../records';
import type { MoveStatus } from '~/lib/move-status';
import type { MoveNotes, Place, StoredQuote } from './stored-quote';

type SqlValue = string | number | null;

interface QuoteRow {
  reference: string;
  idempotency_key: string;
  body_hash: string;
  created_at: string;
  via: StoredQuote['via'];
  source: StoredQuote['source'];
  name: string;
  email: string;
  phone: string;
  service: string | null;
  request: string | null;
  property_id: string;
  furniture_ids: string;
  from_postcode: string;
  to_postcode: string;
  /** Address line 1 (the one line quotes had before issue 40). */
  from_address: string | null;
  from_address2: string | null;
  from_town: string | null;
  to_address: string | null;
  to_address2: string | null;
  to_town: string | null;
  access: string | null;
  move_date: string;
  additional_info: string | null;
  promo_code: string | null;
  client_total: number | null;
  client_distance: number | null;
  verified: 0 | 1;
  distance_notes: string;
  distance_miles: number | null;
  from_latitude: number | null;
  from_longitude: number | null;
  from_district: string | null;
  to_latitude: number | null;
  to_longitude: number | null;
  to_district: string | null;
  total: number | null;
  pricing: string | null;
  status: MoveStatus;
  priced_at: string | null;
  move_notes: string | null;
  version: number;
}

type ReadRow = QuoteRow & {
  customer_status: OutboxStatus | null;
  last_customer_status: OutboxStatus | null;
  reviewed: 0 | 1;
  job_done_at: string | null;
  accepted_written: string | null;
  offered_written: string | null;
};

/** The address columns, written by the insert and by every change of an address (addressesUpdate). */
export function addressColumns({ addresses: { from, to } }: Pick<StoredQuote, 'addresses'>) {
  return {
    from_address: from.line1,
    from_address2: from.line2,
    from_town: from.town,
    to_address: to.line1,
    to_address2: to.line2,
    to_town: to.town,
  } satisfies Partial<QuoteRow>;
}

/** The same as an UPDATE's assignments and their values. */
export function addressAssignments(quote: Pick<StoredQuote, 'addresses'>): { sql: string; values: Array<string | null> } {
  const columns = addressColumns(quote);
  return {
    sql: Object.keys(columns)
      .map((column) => `${column} = ?`)
      .join(', '),
    values: Object.values(columns),
  };
}

function toRow(quote: StoredQuote): QuoteRow & Record<string, SqlValue> {
  return {
    reference: quote.reference,
    idempotency_key: quote.idempotencyKey,
    body_hash: quote.bodyHash,
    created_at: quote.createdAt,
    via: quote.via,
    source: quote.source,
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    service: quote.service,
    request: quote.request ? JSON.stringify(quote.request) : null,
    property_id: quote.propertyId,
    furniture_ids: JSON.stringify(quote.furnitureIds),
    from_postcode: quote.fromPostcode,
    to_postcode: quote.toPostcode,
    ...addressColumns(quote),
    access: quote.access ? JSON.stringify(quote.access) : null,
    move_date: quote.moveDate,
    additional_info: quote.additionalInfo,
    promo_code: quote.promoCode,
    client_total: quote.shown ? Math.round(quote.shown.total) : null,
    client_distance: quote.shown?.distance ?? null,
    verified: quote.verified ? 1 : 0,
    distance_notes: JSON.stringify(quote.notes),
    distance_miles: quote.distanceMiles,
    from_latitude: quote.places?.from.latitude ?? null,
    from_longitude: quote.places?.from.longitude ?? null,
    from_district: quote.places?.from.district ?? null,
    to_latitude: quote.places?.to.latitude ?? null,
    to_longitude: quote.places?.to.longitude ?? null,
    to_district: quote.places?.to.district ?? null,
    total: quote.pricing?.total ?? null,
    pricing: quote.pricing ? JSON.stringify(quote.pricing) : null,
    status: quote.status,
    priced_at: quote.pricedAt,
    move_notes: quote.moveNotes ? JSON.stringify(quote.moveNotes) : null,
    version: quote.version,
  };
}

function place(latitude: number | null, longitude: number | null, district: string | null): Place | null {
  return latitude === null || longitude === null ? null : { latitude, longitude, district: district ?? '' };
}

function placesOf(row: QuoteRow): StoredQuote['places'] {
  const from = place(row.from_latitude, row.from_longitude, row.from_district);
  const to = place(row.to_latitude, row.to_longitude, row.to_district);
  return from && to ? { from, to } : null;
}

function fromRow(row: ReadRow): StoredQuote {
  return {
    reference: row.reference,
    createdAt: row.created_at,
    via: row.via,
    source: row.source,
    idempotencyKey: row.idempotency_key,
    bodyHash: row.body_hash,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: findService(row.service)?.value ?? null,
    request: row.request ? (JSON.parse(row.request) as StoredQuote['request']) : null,
    propertyId: row.property_id,
    furnitureIds: JSON.parse(row.furniture_ids) as string[],
    fromPostcode: row.from_postcode,
    toPostcode: row.to_postcode,
    addresses: {
      from: { line1: row.from_address, line2: row.from_address2, town: row.from_town },
      to: { line1: row.to_address, line2: row.to_address2, town: row.to_town },
    },
    access: row.access ? (JSON.parse(row.access) as StoredQuote['access']) : null,
    moveDate: row.move_date,
    additionalInfo: row.additional_info,
    promoCode: row.promo_code,
    shown: row.client_total !== null && row.client_distance !== null ? { total: row.client_total, distance: row.client_distance } : null,
    pricing: row.pricing ? storedPricing(JSON.parse(row.pricing) as PricingResult) : null,
    verified: row.verified === 1,
    notes: JSON.parse(row.distance_notes) as string[],
    distanceMiles: row.distance_miles,
    places: placesOf(row),
    customerEmail: row.customer_status,
    lastCustomerEmail: row.last_customer_status,
    status: row.status,
    // Quotes stored before the manage page were priced when they were made.
    pricedAt: row.priced_at ?? (row.pricing ? row.created_at : null),
    moveNotes: row.move_notes ? (JSON.parse(row.move_notes) as MoveNotes) : null,
    reviewed: row.reviewed === 1,
    jobDoneAt: row.job_done_at,
    accepted: row.accepted_written ? (JSON.parse(row.accepted_written) as AcceptedPrice) : null,
    offered: row.offered_written ? (JSON.parse(row.offered_written) as AcceptedPrice) : null,
    version: row.version,
  };
}

/** record_type 'quote': the quote's own first customer e-mail; 'move': a later change's. */
const SELECT_QUOTES = `SELECT q.*, (SELECT status FROM email_outbox o WHERE o.record_reference = q.reference AND o.record_type = 'quote' AND o.kind = 'customer') AS customer_status,
  (SELECT status FROM email_outbox o WHERE o.record_reference = q.reference AND o.record_type IN ('quote', 'move') AND o.kind = 'customer'
    AND o.channel = 'email' ORDER BY o.id DESC LIMIT 1) AS last_customer_status,
  EXISTS (SELECT 1 FROM move_reviews r WHERE r.reference = q.reference) AS reviewed,
  (SELECT MIN(j.created_at) FROM job_reports j WHERE j.reference = q.reference AND j.kind = 'done') AS job_done_at,
  (SELECT json_object('linesPence', w.total_pence + w.discount_pence, 'discountPence', w.discount_pence, 'totalPence', w.total_pence, 'code', w.code)
    FROM written_quotes w WHERE w.reference = q.reference AND w.accepted_at IS NOT NULL ORDER BY w.version DESC LIMIT 1) AS accepted_written,
  (SELECT CASE WHEN w.accepted_at IS NULL THEN json_object('linesPence', w.total_pence + w.discount_pence, 'discountPence', w.discount_pence,
      'totalPence', w.total_pence, 'code', w.code) END
    FROM written_quotes w WHERE w.reference = q.reference AND w.sent_at IS NOT NULL ORDER BY w.version DESC LIMIT 1) AS offered_written
  FROM quote_requests q`;

export function insertQuote(db: D1Database, quote: StoredQuote): D1PreparedStatement {
  const row = toRow(quote);
  const columns = Object.keys(row);
  return db
    .prepare(`INSERT INTO quote_requests (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .bind(...Object.values(row));
}

/** Never changed once stored: the row's key, when and how it arrived, and what the customer's page first showed. */
const FIXED = new Set(['reference', 'idempotency_key', 'body_hash', 'created_at', 'via', 'source', 'client_total', 'client_distance']);

/**
 * The row as `next` has it, only if it is still at `before.version` (version + 1): the office's corrections (issue 40
 * item 2) and a move made from a request's, so a change racing another is refused rather than lost.
 */
export function updateQuoteRow(db: D1Database, before: StoredQuote, next: StoredQuote): D1PreparedStatement {
  const columns = Object.entries(toRow(next)).filter(([column]) => !FIXED.has(column) && column !== 'version');
  return db
    .prepare(
      `UPDATE quote_requests SET ${columns.map(([column]) => `${column} = ?`).join(', ')}, version = version + 1
       WHERE reference = ? AND version = ?`,
    )
    .bind(...columns.map(([, value]) => value), before.reference, before.version);
}

type QuoteKey = { reference: string } | { idempotencyKey: string };

/** For a batch that asks something else in the same round trip; read its first row with `quoteOf`. */
export function findQuoteStatement(db: D1Database, by: QuoteKey): D1PreparedStatement {
  const [column, value] = 'reference' in by ? ['reference', by.reference] : ['idempotency_key', by.idempotencyKey];
  return db.prepare(`${SELECT_QUOTES} WHERE q.${column} = ?`).bind(value);
}

export const quoteOf = (row: unknown): StoredQuote | null => (row ? fromRow(row as ReadRow) : null);

export async function findQuote(db: D1Database, by: QuoteKey): Promise<StoredQuote | null> {
  return quoteOf(await findQuoteStatement(db, by).first<ReadRow>());
}

export async function quotesFor(db: D1Database, email: string, limit = 200): Promise<StoredQuote[]> {
  const { results } = await db
    .prepare(`${SELECT_QUOTES} WHERE lower(q.email) = ? ORDER BY q.created_at DESC, q.id DESC LIMIT ?`)
    .bind(email.trim().toLowerCase(), limit)
    .all<ReadRow>();
  return results.map(fromRow);
}
