/**
 * A stored quote's confirmation link, under every address the asset server would otherwise redirect (F7): the
 * Worker answers them all itself, with the page's private headers, and never puts the token in a Location. A link that
 * opens no move (damaged, or of a move no longer kept) offers the way in: the sign-in page (issue 41 item 5).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { FOUND_ONCE_LIKE, postcodeFoundOnce } from '../shared/stand-ins';
import { apiBase, apiSite, call, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { askForLink, COOKIE, linkPage, post, signInLink } from './sign-in';

// Its address carries the token, so no referrer leaves it (issue 40 item 8); its forms cope with `Origin: null`.
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };
const ALIASES = ['/quote-confirmation/', '/quote-confirmation.html', '/quote-confirmation/index.html', '/quote-confirmation/index'];

const get = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}${path}`, { method, redirect: 'manual', headers });

/**
 * A link that opens nothing answers with the sign-in page (issue 41 item 5), whose form posts to /login, a page with no
 * secret of its own: `same-origin`, so only this site is ever sent the address it was opened at.
 */
const NOT_OPENED = { ...PRIVATE, 'referrer-policy': 'same-origin' };

function expectPrivate(response: Response): void {
  const expected = response.status === 404 ? NOT_OPENED : PRIVATE;
  for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get('location')).toBeNull();
}

const WAY_IN = 'Sign in with your e-mail to see your moves.';

/** The sign-in page saying the link opens no move: its notice, and a form asking for the e-mail address that posts to /login. */
function expectWayIn(html: string): void {
  const page = readPage(html);
  expect(page.shown('move-link')).toBe(true);
  expect(html).toContain(WAY_IN);
  expect(html).toContain('This link does not open a move.');
  expect(html).toMatch(/<form[^>]*action="\/login"[^>]*method="post"/);
  expect(html).toMatch(/<input[^>]*name="email"[^>]*type="email"/);
  expect(page.title).toBe('Sign in to see your moves | Shiftly');
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
    expectWayIn(body);
    for (const path of [...ALIASES, '/quote-confirmation/anything-else', '/quote-confirmation//']) {
      const response = await get(`${path}${wrong}`);
      expect(response.status, path).toBe(404);
      expectPrivate(response);
      expect(await response.text()).toBe(body);
    }
  });
});

describe('a move link that opens no move offers the way in (issue 41 item 5)', () => {
  it('answers a damaged token, a changed or unknown reference, and no token alike: 404, the sign-in form, nothing about the move', async () => {
    const sent = validQuote();
    const answer = (await (await call(API_PATHS.quote, sent)).json()) as QuoteAnswer;
    const link = new URL(answer.confirmationUrl, apiBase());
    const t = link.searchParams.get('t')!;
    const ref = answer.reference;
    const bodies = new Set<string>();
    for (const path of [
      `/quote-confirmation?ref=${ref}&t=${t.slice(0, 20)}`,
      `/quote-confirmation?ref=${ref}&t=${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`,
      `/quote-confirmation?ref=${ref.slice(0, -1)}${ref.endsWith('A') ? 'B' : 'A'}&t=${t}`,
      `/quote-confirmation?ref=${ref}`,
      `/quote-confirmation?t=${t}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expectPrivate(response);
      const html = await response.text();
      expectWayIn(html);
      // Nothing of the quote behind the reference: its name, address, postcode or e-mail.
      for (const secret of [sent.email, sent.fromPostcode, 'Ada']) expect(html, path).not.toContain(secret);
      bodies.add(html);
    }
    expect(bodies.size).toBe(1);
  });

  it('answers the move page’s posts with a damaged token the same way', async () => {
    const answer = (await (await call(API_PATHS.quote, validQuote())).json()) as QuoteAnswer;
    const damaged = { ref: answer.reference, t: new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!.slice(0, 16) };
    for (const [path, fields] of [
      ['/quote-confirmation', { ...damaged, action: 'book' }],
      ['/move-payment', { ...damaged, purpose: 'deposit' }],
      ['/move-damage', { ...damaged, damageNote: 'A scratch' }],
    ] as const) {
      const response = await post(path, undefined, apiBase(), fields, { 'X-Test-Client': unique('damaged') });
      expect(response.status, path).toBe(404);
      expectWayIn(await response.text());
    }
    expect(query<{ status: string }>('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([
      { status: 'quoted' },
    ]);
  });

  it('points someone already signed in to their moves', async () => {
    const email = `${unique('way-in')}@example.com`;
    const answer = (await (await call(API_PATHS.quote, validQuote({ email }))).json()) as QuoteAnswer;
    expect((await askForLink(email, { client: unique('way-in') })).status).toBe(200);
    const { token } = await linkPage(await signInLink(email));
    const signedIn = await post('/login/verify', undefined, apiBase(), { t: token });
    const cookie = signedIn.headers.getSetCookie().find((each) => each.startsWith(`${COOKIE}=`))!;
    const session = cookie.slice(COOKIE.length + 1).split(';')[0]!;
    const damaged = `/quote-confirmation?ref=${answer.reference}&t=${'A'.repeat(32)}`;
    const response = await get(damaged, 'GET', { Cookie: `${COOKIE}=${session}` });
    expect(response.status).toBe(404);
    const html = await response.text();
    expectWayIn(html);
    expect(html).toMatch(/You are signed in: <a href="\/account"[^>]*>see your moves<\/a>/);
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
    expect((await fetch(`${apiSite().postcodesUrl}/postcodes/${encodeURIComponent(toPostcode)}`)).status).toBe(503);

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
