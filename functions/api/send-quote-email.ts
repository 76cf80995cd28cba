/**
 * POST /api/send-quote-email: validates a quote request, re-measures the route and re-prices it with the
 * shared engine (the client's figure is never trusted), stores it, then e-mails the customer and the
 * business. The same idempotency key with the same body replays the first answer; with another body, 409.
 */
import type { QuoteAnswer } from '../../src/lib/schemas';
import type { Context } from 'hono';
import { calculatePricing, type PricingResult } from '../../src/lib/pricing';
import { createPostcodeClient, PostcodeFormatError, PostcodeNotFoundError, PostcodeServiceError } from '../../src/lib/postcode-client';
import { POSTCODE_MESSAGES } from '../../src/lib/postcodes';
import { generateReference } from '../../src/lib/reference';
import { fieldErrors, isHoneypotFilled, quoteRequestSchema, type QuoteRequest } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { quoteBusinessEmail, quoteCustomerEmail } from '../lib/emails';
import { canonicalJson, sha256Hex } from '../lib/hash';
import { jsonError } from '../lib/http';
import { mailContext } from '../lib/mail-context';
import { deliverNow, outboxInserts } from '../lib/outbox';
import { withinRateLimit, tooManyRequests } from '../lib/rate-limit';
import { issueReference } from '../lib/references';
import { bodyError, readBody, validationFailed } from '../lib/request-body';

const POSTCODE_TIMEOUT_MS = 4000;

type Measured = { verified: boolean; distanceMiles: number; notes: string[] };

async function measure(c: Context<AppBindings>, request: QuoteRequest): Promise<Measured | Response> {
  const client = createPostcodeClient({ baseUrl: c.env.POSTCODES_API_URL, timeoutMs: POSTCODE_TIMEOUT_MS });
  try {
    const route = await client.measureRoute(request.fromPostcode, request.toPostcode);
    return { verified: true, distanceMiles: route.distanceMiles, notes: route.notes };
  } catch (error) {
    if (error instanceof PostcodeNotFoundError) {
      const field = error.end === 'from' ? 'fromPostcode' : 'toPostcode';
      return jsonError(c, 422, 'postcode_not_found', POSTCODE_MESSAGES.notFound, { [field]: POSTCODE_MESSAGES.notFound });
    }
    if (error instanceof PostcodeFormatError) {
      const field = error.end === 'from' ? 'fromPostcode' : 'toPostcode';
      return validationFailed(c, { [field]: error.message });
    }
    if (error instanceof PostcodeServiceError) {
      // Never lose a lead because a look-up service is down: keep it, flagged, with the customer's distance.
      console.warn('postcode service unavailable; storing the quote unverified', error.message);
      return { verified: false, distanceMiles: request.clientEstimate.distance, notes: [] };
    }
    throw error;
  }
}

/** A request older than this with no stored answer was interrupted: its answer is rebuilt from the record. */
const INTERRUPTED_AFTER_MS = 30_000;

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

async function replay(c: Context<AppBindings>, key: string, bodyHash: string): Promise<Response | null> {
  const existing = await c.env.DB.prepare(
    `SELECT q.reference, q.body_hash, q.response, q.created_at, q.pricing, q.verified, q.distance_notes, q.promo_code,
       (SELECT status FROM email_outbox o WHERE o.record_reference = q.reference AND o.kind = 'customer') AS customer_status
     FROM quote_requests q WHERE q.idempotency_key = ?`,
  )
    .bind(key)
    .first<StoredQuote>();
  if (!existing) return null;
  if (existing.body_hash !== bodyHash) {
    return jsonError(
      c,
      409,
      'idempotency_conflict',
      'This request key was already used for a different request. Please reload the page and try again.',
    );
  }
  if (existing.response) return c.json(JSON.parse(existing.response) as QuoteAnswer, 201, { 'Idempotent-Replayed': 'true' });
  if (Date.now() - new Date(existing.created_at).getTime() < INTERRUPTED_AFTER_MS) {
    return jsonError(c, 409, 'request_in_progress', 'This request is still being processed. Please try again in a moment.', undefined, {
      'Retry-After': '2',
    });
  }
  const rebuilt: QuoteAnswer = {
    reference: existing.reference,
    pricing: JSON.parse(existing.pricing) as PricingResult,
    emailSent: existing.customer_status === 'sent',
    verified: existing.verified === 1,
    notes: JSON.parse(existing.distance_notes) as string[],
    ...(existing.promo_code ? { promoCode: existing.promo_code } : {}),
  };
  return c.json(rebuilt, 201, { 'Idempotent-Replayed': 'true' });
}

export async function sendQuoteEmail(c: Context<AppBindings>): Promise<Response> {
  if (!(await withinRateLimit(c, 'QUOTE_LIMITER', 'quote'))) return tooManyRequests(c);
  const body = await readBody(c);
  if (!body.ok) return bodyError(c, body);

  if (isHoneypotFilled(body.data)) {
    // A bot: answer like a success, store and send nothing.
    let pricing: PricingResult | null = null;
    try {
      const estimate = body.data.clientEstimate as { distance?: unknown } | undefined;
      pricing = calculatePricing({ propertyId: String(body.data.propertyId), distanceMiles: Number(estimate?.distance ?? 0) });
    } catch {
      pricing = null;
    }
    return c.json({ reference: generateReference(), pricing, emailSent: true, verified: true, notes: [] }, 201);
  }

  const parsed = quoteRequestSchema.safeParse(body.data);
  if (!parsed.success) return validationFailed(c, fieldErrors(parsed.error));
  const request = parsed.data;
  const { website: _honeypot, idempotencyKey, ...hashed } = request;
  const bodyHash = await sha256Hex(canonicalJson(hashed));

  const replayed = await replay(c, idempotencyKey, bodyHash);
  if (replayed) return replayed;

  const measured = await measure(c, request);
  if (measured instanceof Response) return measured;

  const pricing = calculatePricing({
    propertyId: request.propertyId,
    distanceMiles: measured.distanceMiles,
    moveDate: request.moveDate,
    furnitureIds: request.furnitureIds,
  });

  const now = new Date();
  const createdAt = now.toISOString();
  const reference = await issueReference(c.env.DB, 'quote', createdAt);
  const ctx = mailContext(c.env);
  const mailInput = { reference, request, pricing, verified: measured.verified, notes: measured.notes };
  const emails = [
    { kind: 'customer' as const, payload: quoteCustomerEmail(ctx, mailInput) },
    { kind: 'business' as const, payload: quoteBusinessEmail(ctx, mailInput, request.clientEstimate) },
  ].map((email) => ({
    ...email,
    recordType: 'quote' as const,
    recordReference: reference,
    idempotencyKey: `${idempotencyKey}:${email.kind}`,
  }));

  try {
    await c.env.DB.batch([
      c.env.DB.prepare(
        `INSERT INTO quote_requests (reference, idempotency_key, body_hash, created_at, name, email, phone, property_id, furniture_ids,
           from_postcode, to_postcode, from_address, to_address, move_date, additional_info, promo_code, client_total, client_distance,
           verified, distance_notes, distance_miles, total, pricing)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
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
        Math.round(request.clientEstimate.total),
        request.clientEstimate.distance,
        measured.verified ? 1 : 0,
        JSON.stringify(measured.notes),
        measured.distanceMiles,
        pricing.total,
        JSON.stringify(pricing),
      ),
      ...outboxInserts(c.env.DB, emails, now),
    ]);
  } catch (error) {
    // Two submissions with one key raced: the first one stored wins, this one replays it.
    if (String(error).includes('UNIQUE') && String(error).includes('idempotency_key')) {
      const again = await replay(c, idempotencyKey, bodyHash);
      if (again) return again;
    }
    throw error;
  }

  const sent = await deliverNow(c.env, 'quote', reference);
  const answer: QuoteAnswer = {
    reference,
    pricing,
    emailSent: sent.customer === true,
    verified: measured.verified,
    notes: measured.notes,
    ...(request.promoCode ? { promoCode: request.promoCode } : {}),
  };
  await c.env.DB.prepare('UPDATE quote_requests SET response = ? WHERE reference = ?').bind(JSON.stringify(answer), reference).run();
  return c.json(answer, 201);
}
