/**
 * A stored quote's confirmation link, under every address the asset server would otherwise redirect (F7): the
 * Worker answers them all itself, with the page's private headers, and never puts the token in a Location.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { apiBase, call, validQuote } from './helpers';
import { readPage } from './html';

// `same-origin`: its manage forms post to this site (a no-referrer page sends `Origin: null`); no other site gets the address.
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'same-origin', 'x-robots-tag': 'noindex' };
const ALIASES = ['/quote-confirmation/', '/quote-confirmation.html', '/quote-confirmation/index.html', '/quote-confirmation/index'];

const get = (path: string, method = 'GET') => fetch(`${apiBase()}${path}`, { method, redirect: 'manual' });

/** The 404 page sends no referrer at all: it has no form. */
const NOT_FOUND = { ...PRIVATE, 'referrer-policy': 'no-referrer' };

function expectPrivate(response: Response): void {
  const expected = response.status === 404 ? NOT_FOUND : PRIVATE;
  for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get('location')).toBeNull();
}

describe('the confirmation link under other spellings of its path (F7)', () => {
  it('opens the quote with the same private headers, and never redirects with the token', async () => {
    const answer = (await (await call(API_PATHS.quote, validQuote())).json()) as QuoteAnswer;
    const query = answer.confirmationUrl.slice(answer.confirmationUrl.indexOf('?'));
    const canonical = await get(answer.confirmationUrl);
    expect(canonical.status).toBe(200);
    expectPrivate(canonical);
    expect(readPage(await canonical.text()).filled('reference')).toBe(answer.reference);

    for (const path of ALIASES) {
      for (const method of ['GET', 'HEAD']) {
        const response = await get(`${path}${query}`, method);
        expect(response.status, `${method} ${path}`).toBe(200);
        expectPrivate(response);
        if (method === 'GET') expect(readPage(await response.text()).filled('reference'), path).toBe(answer.reference);
      }
    }
  });

  it('answers a wrong token under any spelling with the same 404 as the canonical path', async () => {
    const wrong = '?ref=ABCDEFGHJ&t=' + 'A'.repeat(32);
    const canonical = await get(`/quote-confirmation${wrong}`);
    expect(canonical.status).toBe(404);
    const body = await canonical.text();
    for (const path of [...ALIASES, '/quote-confirmation/anything-else', '/quote-confirmation//']) {
      const response = await get(`${path}${wrong}`);
      expect(response.status, path).toBe(404);
      expectPrivate(response);
      expect(await response.text()).toBe(body);
    }
  });
});
