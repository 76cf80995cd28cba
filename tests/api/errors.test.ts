import { describe, expect, it } from 'vitest';
import { apiBase, call, expectLimitedAfter, validContact, validQuote } from './helpers';

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
