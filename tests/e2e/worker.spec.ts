import { UNLISTED_PATHS } from '../../src/lib/unlisted';
import { test, expect } from './fixtures';
import { siteEnv } from './site-env';

test('unknown path shows the 404 page with status 404 and logs the path', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect.poll(() => logs.some((line) => line.includes('/no-such-page-here'))).toBe(true);
});

test('/about-us answers a permanent redirect to /about', async ({ request }) => {
  const response = await request.get('/about-us', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe('/about');
});

test('GET /api/health answers ok after reaching D1, from the server this run started', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(response.headers()['x-health-token']).toBe(siteEnv('healthToken'));
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['strict-transport-security']).toContain('max-age=');
});

test('unknown /api path answers a JSON 404; a wrong method answers 405', async ({ request }) => {
  const missing = await request.get('/api/does-not-exist');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  const wrongMethod = await request.post('/api/health');
  expect(wrongMethod.status()).toBe(405);
  expect((await wrongMethod.json()).error.code).toBe('method_not_allowed');
});

test('static pages carry the security headers of public/_headers', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['strict-transport-security']).toContain('max-age=63072000');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('robots.txt names the sitemap; the sitemap leaves out unlisted pages', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://shiftly.example/sitemap-index.xml');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('<loc>https://shiftly.example/</loc>');
  for (const path of UNLISTED_PATHS) expect(sitemap, path).not.toContain(`https://shiftly.example${path}<`);
  expect(sitemap).not.toContain('https://shiftly.example/office');
  // The same list writes their robots meta: the prebuilt ones that answer as pages say noindex.
  for (const path of ['/404', '/login']) {
    expect(UNLISTED_PATHS).toContain(path);
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta name="robots" content="noindex, nofollow">');
  }
  expect(await (await request.get('/referral')).text()).toContain('<meta name="robots" content="index, follow">');
});

test('favicon, touch icon and manifest are served', async ({ request }) => {
  for (const path of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/manifest.webmanifest']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});
