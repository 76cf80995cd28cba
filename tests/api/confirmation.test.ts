/**
 * A stored quote's confirmation link, under every address the asset server would otherwise redirect (F7): the
 * Worker answers them all itself, with the page's private headers, and never puts the token in a Location.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { FOUND_ONCE_LIKE, postcodeFoundOnce } from '../shared/stand-ins';
import { apiBase, call, query, validQuote } from './helpers';
import { readPage } from './html';

// Its address carries the token, so no referrer leaves it (issue 40 item 8); its forms cope with `Origin: null`.
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };
const ALIASES = ['/quote-confirmation/', '/quote-confirmation.html', '/quote-confirmation/index.html', '/quote-confirmation/index'];

const get = (path: string, method = 'GET') => fetch(`${apiBase()}${path}`, { method, redirect: 'manual' });

/** The 404 page sends no referrer either. */
const NOT_FOUND = PRIVATE;

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

describe('the route map on the confirmation page', () => {
  /** The stand-in's own data: where each fixture postcode is. */
  const fixture = (postcode: string) =>
    (
      JSON.parse(readFileSync('stand-ins/postcodes/fixture.json', 'utf8')) as {
        postcodes: Array<{ postcode: string; latitude: number; longitude: number; admin_district: string }>;
      }
    ).postcodes.find((p) => p.postcode === postcode)!;

  it('is drawn from the places stored when the quote was priced: the postcode service is never asked again', async () => {
    // Found once, when the quote is priced; every later look-up of it answers 503.
    const toPostcode = postcodeFoundOnce();
    const answer = (await (await call(API_PATHS.quote, validQuote({ fromPostcode: 'SW1A 1AA', toPostcode }))).json()) as QuoteAnswer;
    expect(answer.verified).toBe(true);
    const [from, to] = [fixture('SW1A 1AA'), fixture(FOUND_ONCE_LIKE)];
    expect(
      query(
        'SELECT from_latitude, from_longitude, from_district, to_latitude, to_longitude, to_district FROM quote_requests WHERE reference = ?',
        answer.reference,
      ),
    ).toEqual([
      {
        from_latitude: from.latitude,
        from_longitude: from.longitude,
        from_district: from.admin_district,
        to_latitude: to.latitude,
        to_longitude: to.longitude,
        to_district: to.admin_district,
      },
    ]);
    expect((await fetch(`${inject('postcodesUrl')}/postcodes/${encodeURIComponent(toPostcode)}`)).status).toBe(503);

    for (let view = 0; view < 2; view++) {
      const page = readPage(await (await get(answer.confirmationUrl)).text());
      expect(page.shown('map'), `view ${view}`).toBe(true);
      expect([page.filled('map:from'), page.filled('map:to')]).toEqual([
        `SW1A 1AA, ${from.admin_district}`,
        `${toPostcode}, ${to.admin_district}`,
      ]);
    }
  });
});
