/**
 * Issue 30 item 11: other spellings of an address that carries a secret in its query (`//quote-confirmation`,
 * `/quote-confirmation%2F`, `/quote/`, `/quote.html`, `//login/verify`…). The asset server would redirect each to the
 * page's own address with the query in Location, cached as `public`; the Worker answers each as that page instead. Any
 * redirect that does carry a query is `no-store`.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { ACCOUNT_PATHS } from '~/lib/account';
import { apiBase, call, nextWeekday, unique, validQuote } from './helpers';
import { readPage } from './html';

const get = (path: string, method = 'GET') => fetch(`${apiBase()}${path}`, { method, redirect: 'manual' });

/** `//a`, `///a`, `/a%2F`, `/a%2f`, `/a/`, `/a.html`, `/a/index.html`, `/%2Fa`, `/a` with a letter escaped. */
function spellings(path: string): string[] {
  const name = path.slice(1);
  const escaped = `/${name.slice(0, -1)}%${name
    .charCodeAt(name.length - 1)
    .toString(16)
    .toUpperCase()}`;
  return [`/${path}`, `//${path}`, `${path}%2F`, `${path}%2f`, `${path}/`, `${path}.html`, `${path}/index.html`, `/%2F${name}`, escaped];
}

/** Neither the secret nor anything else of the query in a Location. */
function expectNoRedirect(response: Response, label: string): void {
  expect(response.headers.get('location'), label).toBeNull();
  expect([301, 302, 303, 307, 308], label).not.toContain(response.status);
}

describe('other spellings of an address with a secret in its query', () => {
  it('a confirmation link: the same quote under every spelling, private, never a redirect', async () => {
    const answer = (await (await call(API_PATHS.quote, validQuote())).json()) as QuoteAnswer;
    const query = answer.confirmationUrl.slice(answer.confirmationUrl.indexOf('?'));
    for (const path of spellings(PAGE_PATHS.confirmation)) {
      const response = await get(`${path}${query}`);
      expectNoRedirect(response, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(readPage(await response.text()).filled('reference'), path).toBe(answer.reference);
    }
  });

  it('a staff link: the same answer as its own address under every spelling', async () => {
    const wrong = `?ref=ABCDEFGHJ&t=${'A'.repeat(32)}`;
    const canonical = await get(`${PAGE_PATHS.staff}${wrong}`);
    for (const path of spellings(PAGE_PATHS.staff)) {
      const response = await get(`${path}${wrong}`);
      expectNoRedirect(response, path);
      expect(response.status, path).toBe(canonical.status);
    }
  });

  it('the quote form’s saved state (`form=`): the page as the post left it under every spelling', async () => {
    const email = `${unique('spell')}@example.com`;
    const body = new URLSearchParams({
      action: 'price',
      propertyId: 'studio',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'M1 1AE',
      moveDate: nextWeekday(3),
      name: 'Ada Lovelace',
      email,
      phone: '07700 900123',
    });
    const posted = await fetch(`${apiBase()}${PAGE_PATHS.quote}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase(), 'X-Test-Client': unique('spell') },
      redirect: 'manual',
    });
    const location = posted.headers.get('location')!;
    expect(location).toMatch(/^\/quote\?form=[\w-]{32}$/);
    const query = location.slice(location.indexOf('?'));
    for (const path of spellings(PAGE_PATHS.quote)) {
      const response = await get(`${path}${query}`);
      expectNoRedirect(response, path);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(readPage(await response.text()).value('email'), path).toBe(email);
    }
  });

  it('a sign-in link: the same answer as its own address under every spelling', async () => {
    const link = `?t=${'A'.repeat(32)}`;
    const canonical = await get(`${ACCOUNT_PATHS.verify}${link}`);
    for (const path of spellings(ACCOUNT_PATHS.verify)) {
      const response = await get(`${path}${link}`);
      expect(response.headers.get('location') ?? '', path).not.toContain('t=');
      expect(response.status, path).toBe(canonical.status);
    }
  });

  it('a page the asset server redirects with a query (a trailing slash): the redirect is no-store', async () => {
    const response = await get('/about/?utm_source=newsletter');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toMatch(/\/about\?utm_source=newsletter$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Without a query the clean address is still a redirect a cache may keep.
    const plain = await get('/quote/');
    expect(plain.status).toBe(307);
    expect(plain.headers.get('location')).toMatch(/\/quote$/);
  });
});
