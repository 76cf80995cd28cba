/**
 * POST /api/send-quote-email: validates a quote request (the lead pipeline), re-measures the route and
 * re-prices it with the shared priceRoute() (the client's figure is never trusted), stores it, then e-mails
 * the customer and the business. The same idempotency key with the same body replays the first answer;
 * with another body, 409.
 *
 * `acceptQuote()` is the quote's own work on a valid request, whatever carried it: it answers a typed
 * outcome, so a form post (the quote without JavaScript, functions/pages/quote-form.ts) can answer it with a
 * page instead of JSON. Every answer carries the quote's confirmation link with a new view token
 * (view-token.ts); the stored copy of the answer, replayed for a repeated key, does not.
 */
import { packages } from '../../src/data/packages';
import type { QuoteAnswer } from '../../src/lib/api';
import { POSTCODE_MESSAGES } from '../../src/lib/postcodes';
import { createPostcodeClient } from '../../src/lib/postcode-client';
import { calculatePricing, type PricingResult } from '../../src/lib/pricing';
import { priceRoute, type RouteError } from '../../src/lib/price-route';
import { generateReference } from '../../src/lib/reference';
import { quoteRequestSchema, type QuoteRequest } from '../../src/lib/schemas';
import type { Env } from '../env';
import { acceptLead } from '../lib/accept-lead';
import { config } from '../lib/config';
import { quoteBusinessEmail, quoteCustomerEmail, type QuoteSubmission } from '../lib/emails';
import { canonicalJson, sha256Hex } from '../lib/hash';
import { validationFailed, type Refusal } from '../lib/http';
import { refuse, type LeadContext, type LeadSpec } from '../lib/lead-pipeline';
import { confirmationPath, issueViewToken, newViewToken, randomViewToken, viewTokenInsert } from '../lib/view-token';

const POSTCODE_TIMEOUT_MS = 4000;

/** A request older than this with no stored answer was interrupted: its answer is rebuilt from the record. */
const INTERRUPTED_AFTER_MS = 30_000;

/** What a bot that filled the honeypot is shown: a price for what it sent when that can be priced, else the smallest move's. */
function decoyPricing(body: Record<string, unknown>): PricingResult {
  const distanceMiles = Number((body.clientEstimate as { distance?: unknown } | undefined)?.distance ?? 0);
  try {
    return calculatePricing({ propertyId: String(body.propertyId), distanceMiles });
  } catch {
    return calculatePricing({ propertyId: packages[0]!.id, distanceMiles: 0 });
  }
}

export const quoteRoute: LeadSpec<typeof quoteRequestSchema> = {
  type: 'quote',
  schema: quoteRequestSchema,
  decoy: (c, body) => {
    // A link of the same shape as a real one; it opens nothing.
    const reference = generateReference();
    const confirmationUrl = confirmationPath(reference, randomViewToken());
    return c.json<QuoteAnswer>(
      { reference, pricing: decoyPricing(body), emailSent: true, verified: true, notes: [], confirmationUrl },
      201,
    );
  },
};

export type QuoteOutcome = { ok: true; answer: QuoteAnswer; replayed: boolean } | { ok: false; refusal: Refusal };

/** The answer as stored for replays: everything but the link, whose token D1 must never hold. */
type StoredAnswer = Omit<QuoteAnswer, 'confirmationUrl'>;

/** The stored answer with a link made for this answer. */
async function withLink(db: D1Database, stored: StoredAnswer): Promise<QuoteAnswer> {
  return { ...stored, confirmationUrl: confirmationPath(stored.reference, await issueViewToken(db, stored.reference)) };
}

/** The Worker's postcode client (the service's address from config, a 4 s limit per look-up). */
export const workerPostcodeClient = (env: Env) =>
  createPostcodeClient({ baseUrl: config(env).postcodesApiUrl, timeoutMs: POSTCODE_TIMEOUT_MS });

interface StoredQuote {
  reference: string;
  body_hash: string;
  response: string | null;
  created_at: string;
  pricing: string;
  verified: number;
  distance_notes: string;
  promo_code: string | null;
  customer_status: string | null;
}

/** The answer already given for this key (or rebuilt from its record), a refusal, or null for a new key. */
async function replay(db: D1Database, key: string, bodyHash: string): Promise<QuoteOutcome | null> {
  const existing = await db
    .prepare(
      `SELECT q.reference, q.body_hash, q.response, q.created_at, q.pricing, q.verified, q.distance_notes, q.promo_code,
         (SELECT status FROM email_outbox o WHERE o.record_reference = q.reference AND o.kind = 'customer') AS customer_status
       FROM quote_requests q WHERE q.idempotency_key = ?`,
    )
    .bind(key)
    .first<StoredQuote>();
  if (!existing) return null;
  if (existing.body_hash !== bodyHash) {
    return refused(
      409,
      'idempotency_conflict',
      'This request key was already used for a different request. Please reload the page and try again.',
    );
  }
  if (existing.response) return { ok: true, answer: await withLink(db, JSON.parse(existing.response) as StoredAnswer), replayed: true };
  if (Date.now() - new Date(existing.created_at).getTime() < INTERRUPTED_AFTER_MS) {
    return refused(409, 'request_in_progress', 'This request is still being processed. Please try again in a moment.', {
      'Retry-After': '2',
    });
  }
  const answer: StoredAnswer = {
    reference: existing.reference,
    pricing: JSON.parse(existing.pricing) as PricingResult,
    emailSent: existing.customer_status === 'sent',
    verified: existing.verified === 1,
    notes: JSON.parse(existing.distance_notes) as string[],
    ...(existing.promo_code ? { promoCode: existing.promo_code } : {}),
  };
  return { ok: true, answer: await withLink(db, answer), replayed: true };
}

const refused = (status: Refusal['status'], code: string, message: string, headers?: Record<string, string>): QuoteOutcome => ({
  ok: false,
  refusal: { status, error: { code, message }, ...(headers ? { headers } : {}) },
});

/**
 * A route the Worker could not price: a postcode the service could not place gets the spec's message on its field;
 * a service that is down (for a request without an estimate to fall back on) gets the spec's 'Could not calculate
 * distance between postcodes'.
 */
export function routeRefusal(error: RouteError): Refusal {
  const field = error.field === 'to' ? 'toPostcode' : 'fromPostcode';
  if (error.code === 'invalid_postcode') return validationFailed({ [field]: error.message });
  if (error.code === 'postcode_not_found') {
    return { status: 422, error: { code: 'postcode_not_found', message: error.message, fields: { [field]: error.message } } };
  }
  if (error.code === 'postcode_service_down') {
    return { status: 503, error: { code: 'postcode_service_down', message: POSTCODE_MESSAGES.distanceFailed } };
  }
  // The schema only lets known packages and furniture through, so the engine refusing is a bug: a 500.
  throw new Error(`pricing a valid quote failed: ${error.code}`);
}

/**
 * Replays a known key, or prices, stores and e-mails a new quote. When the postcode service is down, a request
 * that carries the distance the customer was shown is priced with it and flagged unverified (never lose a lead);
 * one without (the plain form, submitted without checking the price) is refused with the spec's message.
 */
export async function acceptQuote(c: LeadContext, request: QuoteSubmission): Promise<QuoteOutcome> {
  const { website: _honeypot, idempotencyKey, ...hashed } = request;
  const bodyHash = await sha256Hex(canonicalJson(hashed));
  const known = await replay(c.env.DB, idempotencyKey, bodyHash);
  if (known) return known;

  const estimate = request.clientEstimate;
  const priced = await priceRoute(workerPostcodeClient(c.env), request, {
    whenServiceDown: estimate ? { useDistance: estimate.distance } : 'refuse',
  });
  if (!priced.ok) return { ok: false, refusal: routeRefusal(priced.error) };
  const { pricing, verified, notes, distanceMiles } = priced.route;
  if (!verified) console.warn('postcode service unavailable; storing the quote unverified');
  // Without an estimate the customer saw no price before sending; the one they see next is the server's.
  const shown = estimate ?? { total: pricing.total, distance: distanceMiles };
  const view = await newViewToken();

  let accepted;
  try {
    accepted = await acceptLead(c.env, {
      type: 'quote',
      emailKey: idempotencyKey,
      viewToken: view.token,
      record: (db, reference, createdAt) => [
        db
          .prepare(
            `INSERT INTO quote_requests (reference, idempotency_key, body_hash, created_at, name, email, phone, property_id, furniture_ids,
               from_postcode, to_postcode, from_address, to_address, move_date, additional_info, promo_code, client_total, client_distance,
               verified, distance_notes, distance_miles, total, pricing, via)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            reference,
            idempotencyKey,
            bodyHash,
            createdAt,
            request.name,
            request.email,
            request.phone,
            request.propertyId,
            JSON.stringify(request.furnitureIds),
            request.fromPostcode,
            request.toPostcode,
            request.fromAddress ?? null,
            request.toAddress ?? null,
            request.moveDate,
            request.additionalInfo ?? null,
            request.promoCode ?? null,
            Math.round(shown.total),
            shown.distance,
            verified ? 1 : 0,
            JSON.stringify(notes),
            distanceMiles,
            pricing.total,
            JSON.stringify(pricing),
            c.var.via,
          ),
        viewTokenInsert(db, reference, view, createdAt),
      ],
      emails: (mail, reference) => {
        const input = { reference, request, pricing, verified, notes };
        return [
          { kind: 'customer', payload: quoteCustomerEmail(mail, input) },
          { kind: 'business', payload: quoteBusinessEmail(mail, input) },
        ];
      },
    });
  } catch (error) {
    // Two submissions with one key raced: the first one stored wins, this one replays it.
    if (String(error).includes('UNIQUE') && String(error).includes('idempotency_key')) {
      const again = await replay(c.env.DB, idempotencyKey, bodyHash);
      if (again) return again;
    }
    throw error;
  }

  const stored: StoredAnswer = {
    reference: accepted.reference,
    pricing,
    emailSent: accepted.sent.customer === true,
    verified,
    notes,
    ...(request.promoCode ? { promoCode: request.promoCode } : {}),
  };
  await c.env.DB.prepare('UPDATE quote_requests SET response = ? WHERE reference = ?').bind(JSON.stringify(stored), stored.reference).run();
  return { ok: true, answer: { ...stored, confirmationUrl: confirmationPath(stored.reference, view.token) }, replayed: false };
}

export async function sendQuoteEmail(c: LeadContext, request: QuoteRequest): Promise<Response> {
  const outcome = await acceptQuote(c, request);
  if (!outcome.ok) return refuse(c, outcome.refusal);
  return c.json<QuoteAnswer>(outcome.answer, 201, outcome.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
}
