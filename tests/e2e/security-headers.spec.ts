import { test, expect, open, sitemapPaths } from './fixtures';
import { API_SECURITY_HEADERS } from '../../functions/lib/security-headers';
import { ceiling } from '../shared/load';

/** What every response must carry, static or from the Worker. */
const REQUIRED: Record<string, RegExp> = {
  'strict-transport-security': /max-age=63072000/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\)/,
  'content-security-policy': /frame-ancestors 'none'/,
  'x-frame-options': /^DENY$/,
};

function missing(headers: Record<string, string>): string[] {
  return Object.entries(REQUIRED)
    .filter(([name, pattern]) => !pattern.test(headers[name] ?? ''))
    .map(([name]) => `${name}: ${headers[name] ?? '(absent)'}`);
}

/** The articles search's results and its empty state, rendered for each request. */
const ARTICLE_SEARCHES = ['/articles?q=e', '/articles?q=zzqx'];

const ENDPOINTS: Array<{ method: 'GET' | 'POST'; path: string }> = [
  { method: 'GET', path: '/api/health' },
  { method: 'POST', path: '/api/send-quote-email' },
  { method: 'POST', path: '/api/send-contact-email' },
  { method: 'POST', path: '/api/request-callback' },
  { method: 'GET', path: '/api/send-quote-email' },
  { method: 'GET', path: '/api/no-such-endpoint' },
];

test('every page, asset and redirect carries the security headers', async ({ page, request }) => {
  test.setTimeout(ceiling(120_000));
  const paths = [
    ...(await sitemapPaths(page)),
    '/login',
    '/quote-confirmation',
    '/no-such-page',
    '/articles/no-such-article',
    ...ARTICLE_SEARCHES,
  ];
  const failures: Record<string, string[]> = {};
  const assets = new Set<string>([
    '/favicon.ico',
    '/favicon.svg',
    '/manifest.webmanifest',
    '/og/shiftly-share.png',
    '/rss.xml',
    '/robots.txt',
    '/sitemap-index.xml',
  ]);
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    const problems = missing(response.headers());
    const html = await response.text();
    // Astro's policy for scripts and styles travels in a prebuilt page itself, and in an on-demand page's header.
    const isPage = (response.headers()['content-type'] ?? '').startsWith('text/html');
    const hashes = /script-src 'self' 'sha256-[^"]*style-src/;
    const policyMeta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1];
    if (isPage && !hashes.test(policyMeta ?? response.headers()['content-security-policy'] ?? ''))
      problems.push('no CSP (meta, or header for an on-demand page) with script-src and style-src hashes');
    if (problems.length) failures[path] = problems;
    for (const match of html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)) assets.add(match[1]!);
  }
  for (const path of assets) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const problems = missing(response.headers());
    if (problems.length) failures[path] = problems;
  }
  const redirect = await request.get('/about-us', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  if (missing(redirect.headers()).length) failures['/about-us (301)'] = missing(redirect.headers());
  expect(failures).toEqual({});
});

test('hashed assets are cached for a year, pages are revalidated', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset =
    html.match(/(?:src|href)="(\/_astro\/[^"]+)"/)?.[1] ?? (await (await request.get('/faq')).text()).match(/"(\/_astro\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeTruthy();
  expect((await request.get(asset!)).headers()['cache-control']).toContain('immutable');
  expect((await request.get('/')).headers()['cache-control']).toContain('must-revalidate');
});

test('every API answer carries the same headers as the static site, set by the Worker', async ({ request }) => {
  for (const { method, path } of ENDPOINTS) {
    const response =
      method === 'GET' ? await request.get(path) : await request.post(path, { data: {}, headers: { 'X-Test-Client': 'security-headers' } });
    expect(response.status(), `${method} ${path}`).toBeLessThan(500);
    expect(missing(response.headers()), `${method} ${path}`).toEqual([]);
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
      expect(response.headers()[name.toLowerCase()], `${method} ${path} ${name}`).toBe(value);
  }
});

test('the sign-in and account routes carry the security headers, and keep their pages private', async ({ request, baseURL }) => {
  const form = { headers: { Origin: baseURL!, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Test-Client': 'security-headers' } };
  const answers = {
    'POST /login': await request.post('/login', { ...form, data: 'email=nobody%40example.com', maxRedirects: 0 }),
    'POST /login (invalid)': await request.post('/login', { ...form, data: 'email=nobody', maxRedirects: 0 }),
    'GET /login/verify': await request.get('/login/verify?t=not-a-token', { maxRedirects: 0 }),
    'GET /account': await request.get('/account', { maxRedirects: 0 }),
    // The Worker answers /referral to a request with a session cookie (here one that opens nothing).
    'GET /referral (stale session)': await request.get('/referral', { headers: { Cookie: 'shiftly-session=stale' }, maxRedirects: 0 }),
    'POST /account/sign-out': await request.post('/account/sign-out', { ...form, maxRedirects: 0 }),
    'POST /account/sign-out (foreign)': await request.post('/account/sign-out', {
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    }),
    // The manage page's and the staff link's posts (issue 19), with a link that opens nothing, and from another site.
    'POST /quote-confirmation': await request.post('/quote-confirmation', {
      ...form,
      data: 'ref=SHF7K3M9Q&t=x&action=book',
      maxRedirects: 0,
    }),
    'POST /quote-confirmation (foreign)': await request.post('/quote-confirmation', {
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'action=book',
      maxRedirects: 0,
    }),
    'GET /quote-staff': await request.get('/quote-staff?ref=SHF7K3M9Q&t=x', { maxRedirects: 0 }),
    'POST /quote-staff': await request.post('/quote-staff', { ...form, data: 'ref=SHF7K3M9Q&t=x&action=confirm', maxRedirects: 0 }),
  };
  for (const [name, response] of Object.entries(answers)) {
    expect(response.status(), name).toBeLessThan(500);
    const headers = response.headers();
    // These pages send a referrer to this site only (or none), stricter than the site's default.
    const problems = missing({
      ...headers,
      'referrer-policy': ['no-referrer', 'same-origin'].includes(headers['referrer-policy'] ?? '')
        ? 'strict-origin-when-cross-origin'
        : (headers['referrer-policy'] ?? ''),
    });
    expect(problems, name).toEqual([]);
  }
  for (const name of ['POST /login', 'POST /login (invalid)', 'GET /login/verify'] as const) {
    expect(answers[name].headers()['cache-control'], name).toBe('no-store');
    expect(answers[name].headers()['x-robots-tag'], name).toBe('noindex');
  }
});

test('every page works under its own content security policy: no violation reported', async ({ page }) => {
  test.setTimeout(ceiling(180_000));
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const consoleCsp: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) consoleCsp.push(`${page.url()}: ${message.text()}`);
  });
  const violations: Record<string, string[]> = {};
  for (const path of [...(await sitemapPaths(page)), '/login', '/login/verify?t=used', '/no-such-page', ...ARTICLE_SEARCHES]) {
    await open(page, path);
    // Wake the on-demand islands too: their code must also live within the policy.
    await page
      .locator('[data-callback-trigger]')
      .first()
      .click({ trial: false })
      .catch(() => undefined);
    await page.keyboard.press('Escape');
    const found = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    if (found.length) violations[path] = found;
  }
  expect(violations).toEqual({});
  expect(consoleCsp).toEqual([]);
});
