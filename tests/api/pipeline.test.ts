/**
 * The lead pipeline gives the three endpoints the same answers, to the byte: every refusal's whole body
 * (not only its code), the 429 with Retry-After, and the honeypot's normal-looking 201 whose shape is the
 * endpoint's real answer. errors.test.ts covers the statuses; this pins the shapes.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '~/lib/api';
import type { PricingResult } from '~/lib/pricing';
import { apiBase, call, emailsTo, expectLimitedAfter, query, unique, validContact, validQuote } from './helpers';

const validCallback = () => ({ name: `Alan ${unique('t')}`, phone: '0161 496 0000' });

/** Each endpoint, a valid body, and how to count the records a body left behind. */
const ENDPOINTS = [
  {
    path: API_PATHS.quote,
    valid: (): Record<string, unknown> => validQuote(),
    stored: (body: Record<string, unknown>) =>
      query('SELECT COUNT(*) AS n FROM quote_requests WHERE idempotency_key = ?', String(body.idempotencyKey)),
    takesForms: false,
    limit: 100,
  },
  {
    path: API_PATHS.contact,
    valid: (): Record<string, unknown> => validContact(),
    stored: (body: Record<string, unknown>) => query('SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?', String(body.email)),
    takesForms: true,
    limit: 30,
  },
  {
    path: API_PATHS.callback,
    valid: (): Record<string, unknown> => validCallback(),
    stored: (body: Record<string, unknown>) => query('SELECT COUNT(*) AS n FROM callback_requests WHERE name = ?', String(body.name)),
    takesForms: false,
    limit: 20,
  },
];

const REFERENCE = /^[A-HJ-NP-Z2-9]{9}$/;

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(ENDPOINTS)('$path through the pipeline', ({ path, valid, stored, takesForms, limit }) => {
  it('413: the whole error body', async () => {
    expect(await answer(await call(path, { ...valid(), padding: 'x'.repeat(33 * 1024) }))).toEqual({
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The request is larger than 32 KB.' } },
    });
  });

  it('413 also for a body sent without Content-Length (chunked)', async () => {
    const big = JSON.stringify({ ...valid(), padding: 'x'.repeat(33 * 1024) });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await fetch(`${apiBase()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Test-Client': unique('chunked') },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('415: the whole error body (a route that takes forms says so)', async () => {
    expect(await answer(await call(path, JSON.stringify(valid()), { contentType: 'text/plain' }))).toEqual({
      status: 415,
      body: {
        error: {
          code: 'unsupported_media_type',
          message: takesForms ? 'Send JSON (application/json) or a form post.' : 'Send JSON (application/json).',
        },
      },
    });
  });

  it('400: invalid JSON, a body that is not an object, and text that is not UTF-8', async () => {
    expect(await answer(await call(path, '{"name": '))).toEqual({
      status: 400,
      body: { error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } },
    });
    expect(await answer(await call(path, '[1]'))).toEqual({
      status: 400,
      body: { error: { code: 'invalid_body', message: 'The request body must be a JSON object.' } },
    });
    const notUtf8 = await fetch(`${apiBase()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Test-Client': unique('utf8') },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(await answer(notUtf8)).toEqual({
      status: 400,
      body: { error: { code: 'invalid_body', message: 'The request is not valid UTF-8 text.' } },
    });
  });

  it('400 validation_failed: the shared schema message for every field', async () => {
    const { status, body } = await answer(await call(path, { ...valid(), name: '  ', firstName: '  ', phone: '12', email: 'nope' }));
    expect(status).toBe(400);
    const fields: Record<string, string> =
      path === API_PATHS.contact
        ? {
            firstName: 'Please enter your first name.',
            email: 'Please enter a valid email address.',
            phone: 'Please enter a UK phone number (10 to 15 digits).',
          }
        : path === API_PATHS.quote
          ? {
              name: 'Please enter your full name.',
              email: 'Please enter a valid email address.',
              phone: 'Please enter a UK phone number (10 to 15 digits).',
            }
          : {
              name: 'Please enter your full name.',
              // A survey's or a car's request may carry the address its written quote goes to (issue 40 item 2).
              email: 'Please enter a valid email address.',
              phone: 'Please enter a UK phone number (10 to 15 digits).',
            };
    expect(body).toEqual({ error: { code: 'validation_failed', message: 'Please check the highlighted fields.', fields } });
  });

  it(`429 with Retry-After once a client passes the limit (${limit} a minute in the test env)`, async () => {
    const client = unique('pipeline-rate');
    // Honeypot bodies: counted like any request (the limit comes before the body is looked at), nothing stored or sent.
    const limited = await expectLimitedAfter(limit, () => call(path, { ...valid(), website: 'bot' }, { client }));
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await answer(limited)).toEqual({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many requests. Please wait a minute and try again.' } },
    });
  });

  it("honeypot: the endpoint's own 201 shape, even for a body that would fail validation; nothing stored or sent", async () => {
    const bot: Record<string, unknown> = { ...valid(), website: 'http://spam.example' };
    for (const body of [bot, { website: 'x', propertyId: 'castle', email: 'x' }]) {
      const { status, body: data } = await answer(await call(path, body));
      expect(status).toBe(201);
      expect(data.reference).toMatch(REFERENCE);
      expect(data.emailSent).toBe(true);
      if (path === API_PATHS.quote) {
        expect(Object.keys(data).sort()).toEqual(['confirmationUrl', 'emailSent', 'notes', 'pricing', 'reference', 'verified']);
        expect(data.confirmationUrl).toMatch(new RegExp(`^/quote-confirmation\\?ref=${data.reference}&t=[\\w-]{32}$`));
        // Always a price, as QuoteAnswer promises (a body that cannot be priced gets the smallest move's).
        expect(typeof (data.pricing as PricingResult).total).toBe('number');
      } else {
        expect(Object.keys(data).sort()).toEqual(['emailSent', 'reference']);
      }
    }
    expect(stored(bot)).toEqual([{ n: 0 }]);
    if (typeof bot.email === 'string') expect(await emailsTo(bot.email)).toHaveLength(0);
  });
});

describe('the contact form post through the pipeline', () => {
  const form = (overrides: Record<string, string> = {}) => new URLSearchParams({ ...validContact(), ...overrides }).toString();
  const formPost = { contentType: 'application/x-www-form-urlencoded' };

  it('a filled honeypot is sent to the thank-you page like a person, and nothing is stored', async () => {
    const email = `${unique('bot')}@example.com`;
    const response = await call(API_PATHS.contact, form({ email, website: 'spam' }), { ...formPost, headers: { Origin: apiBase() } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/contact\?sent=1&ref=[A-HJ-NP-Z2-9]{9}#message-sent$/);
    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?', email)).toEqual([{ n: 0 }]);
  });

  // Refused form posts are answered with the prebuilt /contact page: tests/e2e/quote-form-http.spec.ts (it needs the build).
});
