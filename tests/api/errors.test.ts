import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { PAGE_PATHS } from '~/lib/api';
import { apiBase, call, expectLimitedAfter, unique, validContact, validQuote } from './helpers';
import { readPage } from './html';

const ENDPOINTS = [
  ['/api/send-quote-email', () => validQuote()],
  ['/api/send-contact-email', () => validContact()],
  ['/api/request-callback', () => ({ name: 'Alan Turing', phone: '0161 496 0000' })],
] as const;

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

describe.each(ENDPOINTS)('%s error statuses', (path, valid) => {
  it('405 for other methods, with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${apiBase()}${path}`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await errorOf(response)).code).toBe('method_not_allowed');
    }
  });

  it('413 for a body over 32 KB', async () => {
    const response = await call(path, { ...valid(), padding: 'x'.repeat(33 * 1024) });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
  });

  it('415 for a content type it does not take', async () => {
    const response = await call(path, JSON.stringify(valid()), { contentType: 'text/plain' });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe('unsupported_media_type');
  });

  it('400 for invalid JSON and for a body that is not an object', async () => {
    expect((await errorOf(await call(path, '{"name": '))).code).toBe('invalid_json');
    for (const body of ['[]', 'null', '"text"', '42']) {
      const response = await call(path, body);
      expect(response.status, body).toBe(400);
      expect((await errorOf(response)).code).toBe('invalid_body');
    }
  });

  it('400 with field messages for an empty object', async () => {
    const response = await call(path, {});
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(1);
  });

  it('carries the security headers on error answers', async () => {
    const response = await call(path, {});
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('rate limiting (Workers Rate Limiting binding)', () => {
  it('answers 429 with Retry-After once a client passes the configured limit (test env: 20 call-backs a minute)', async () => {
    const client = `rate-${Date.now()}`;
    // Honeypot bodies: counted by the limiter like any request, but nothing is stored or sent.
    const limited = await expectLimitedAfter(20, () =>
      call('/api/request-callback', { name: 'Bot', phone: '0161 496 0000', website: 'x' }, { client }),
    );
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await errorOf(limited)).code).toBe('rate_limited');
    // Another client is not affected.
    expect((await call('/api/request-callback', { name: 'Bot', phone: '0161 496 0000', website: 'x' })).status).toBe(201);
  });
});

/**
 * Issue 30 item 11: 10 MB, whatever its type, sent with a Content-Length or chunked (a stream), to every endpoint and every
 * form post: a 413 in the error shape (JSON for the API, the page's message for a form), never a reset connection or a 500.
 */
describe('an oversized body', () => {
  const TEN_MB = 10 * 1024 * 1024;
  const TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', null] as const;
  const PATHS = [
    ...ENDPOINTS.map(([path]) => path),
    PAGE_PATHS.quote,
    PAGE_PATHS.contact,
    PAGE_PATHS.callback,
    ACCOUNT_PATHS.login,
    PAGE_PATHS.confirmation,
    PAGE_PATHS.staff,
  ];
  const chunk = new Uint8Array(64 * 1024).fill(0x61);

  function body(chunked: boolean): BodyInit {
    if (!chunked) return new Uint8Array(TEN_MB).fill(0x61);
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= TEN_MB) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
  }

  /** The message of the error shape: the JSON error, or what the page says at the top of its form. */
  async function message(response: Response): Promise<string> {
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
      const error = await errorOf(response);
      expect(error.code).toBe('payload_too_large');
      return error.message;
    }
    return readPage(await response.text()).filled('error:form');
  }

  it.each(PATHS)('%s: 413 for 10 MB of each type, with a length and chunked', { timeout: 120_000 }, async (path) => {
    for (const type of TYPES) {
      for (const chunked of [false, true]) {
        const label = `${type ?? 'no type'}, ${chunked ? 'chunked' : 'with a length'}`;
        const headers: Record<string, string> = { Origin: apiBase(), 'X-Test-Client': unique('big') };
        if (type) headers['Content-Type'] = type;
        const response = await fetch(`${apiBase()}${path}`, {
          method: 'POST',
          headers,
          body: body(chunked),
          duplex: 'half',
          redirect: 'manual',
        } as RequestInit);
        expect(response.status, label).toBe(413);
        expect(await message(response), label).toBe('The request is larger than 32 KB.');
      }
    }
  });
});
