/**
 * `upgrade-insecure-requests` only for pages served over https. Over plain http (npm start on 127.0.0.1) WebKit would
 * upgrade every script of the page to an https address nothing answers, and no island would run; so neither the
 * prebuilt CSP meta nor the header may carry it there. The https side runs a second server of its own, with
 * wrangler's self-signed certificate, through the same scripts/lib/start-site.mjs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocalHttps, startSite, type StartedSite } from '../../scripts/lib/start-site.mjs';
import { UPGRADE_INSECURE_REQUESTS } from '../../functions/lib/security-headers';
import { apiBase } from './helpers';

/** Pages from the assets (home, an article, the 404 page) and pages' on-demand twins (/contact after a post, a search). */
const PAGES = ['/', '/faq', '/articles/moving-checklist-guide', '/no-such-page', '/contact?sent=1&ref=SH-NOPE', '/articles?q=packing'];

const metaPolicy = (html: string) => /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1];
/** A prebuilt page's policy for scripts and styles is its <meta>; an on-demand page's is Astro's header. */
const scriptPolicy = (html: string, header: string | null | undefined) => metaPolicy(html) ?? header ?? '';

describe('over plain http', () => {
  it.each(PAGES)('%s: no upgrade-insecure-requests in the header or the page', async (path) => {
    const response = await fetch(`${apiBase()}${path}`);
    const html = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('content-security-policy')).not.toContain(UPGRADE_INSECURE_REQUESTS);
    expect(scriptPolicy(html, response.headers.get('content-security-policy'))).toMatch(/script-src/);
    expect(html).not.toContain(UPGRADE_INSECURE_REQUESTS);
  });
});

describe('over https', () => {
  let site: StartedSite;
  beforeAll(async () => {
    // dist/ is the build the API tests' global setup made.
    site = await startSite({ state: '.wrangler/https-test-state', https: true });
  });
  afterAll(() => site?.stop());

  it.each(PAGES)('%s: the header adds upgrade-insecure-requests to the page policy', async (path) => {
    const { headers, text } = await getLocalHttps(`${site.url}${path}`);
    expect(site.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(headers['content-security-policy']).toMatch(new RegExp(`frame-ancestors 'none'.*; ${UPGRADE_INSECURE_REQUESTS}$`));
    // The page's own policy for scripts and styles is unchanged: the directive is the Worker's, never the build's.
    expect(scriptPolicy(text, String(headers['content-security-policy'] ?? ''))).toMatch(/script-src/);
    expect(metaPolicy(text) ?? '').not.toContain(UPGRADE_INSECURE_REQUESTS);
  });

  it('scripts, images and API answers are left alone (the directive means something only for a page)', async () => {
    // /quote's wizard is a module of its own under /_astro/.
    const script = /"(\/_astro\/[^"]+\.js)"/.exec((await getLocalHttps(`${site.url}/quote`)).text)?.[1];
    expect(script).toBeTruthy();
    for (const path of ['/api/health', '/favicon.svg', script!]) {
      const { status, headers } = await getLocalHttps(`${site.url}${path}`);
      expect(status, path).toBe(200);
      expect(headers['content-security-policy'] ?? '', path).not.toContain(UPGRADE_INSECURE_REQUESTS);
    }
  });
});
