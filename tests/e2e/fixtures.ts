import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { openLocalD1 } from '../../scripts/lib/local-d1.mjs';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { siteEnv } from './site-env';
import { ceiling } from '../shared/load';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's WCAG 2.2 AA violations on the page as it is now, one readable line each. One axe.run in the page (legacy mode),
 * not a partial run per frame finished in a blank page the builder opens each time: no page of ours has a frame, and on
 * every sitemap page, each with a missing alt and a low contrast planted, both ways found the same violations at the
 * same targets, in 25 s against 44 s (3 December 2026, load 8-12).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Pictures for a person to look at (test-results/), taken only with SHIFTLY_SCREENSHOTS=1: they check nothing, and a
 * full-page picture costs a second or more on a busy two-core machine (the move page's states took about 80).
 */
export async function picture(take: () => Promise<unknown>): Promise<void> {
  if (process.env.SHIFTLY_SCREENSHOTS === '1') await take();
}

/** Rows from the local D1 database the test server writes (its state folder, from the global setup), opened read-only. */
export function queryD1<T = Record<string, unknown>>(sql: string, ...params: Array<string | number>): T[] {
  const db = openLocalD1(siteEnv('statePath'));
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Clicks before hydration are lost: wait until no eagerly hydrated island is still server-rendered only, and every
 * client-only island (the quote wizard, drawn in the plain form's place) has drawn itself.
 * (The cookie banner and call-back dialog are not Astro islands: OnDemandIslands.astro loads them when needed.)
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('astro-island[ssr]:is([client="load"], [client="idle"], [client="only"]), astro-island[client="only"]:empty'),
  );
}

/** Opens a path and waits for its islands (if any) to hydrate. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * The header menus open as plain <details>; their Escape, one-at-a-time and outside-click handling loads when the
 * first one opens (src/scripts/header-menus.ts marks the page). A key pressed before that is the browser's alone.
 */
export async function menusEnhanced(page: Page): Promise<void> {
  await page.locator('html[data-menus-enhanced]').waitFor({ state: 'attached' });
}

/**
 * Holds the first request matching `url` at the network: `requested` settles when it has been made, `release` lets it
 * through to the real server. For the moment between a request and its answer, every time.
 */
export async function holdRequest(page: Page, url: string): Promise<{ requested: Promise<void>; release: () => Promise<void> }> {
  let release!: () => Promise<void>;
  let made!: () => void;
  const requested = new Promise<void>((resolve) => (made = resolve));
  await page.route(url, (route) => {
    release = () => route.continue();
    made();
  });
  return { requested, release: () => release() };
}

/** False while the browser skips laying out an ancestor's content (content-visibility: auto, checkVisibility's option). */
export function rendered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
}

/** Every page path listed in the built sitemap (so a new page is covered by site-wide checks the moment it exists). */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap-0.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

interface Fixtures {
  /** 'stored' (default): a consent record exists, so no banner; 'none': a first visit. */
  consent: 'stored' | 'none';
  /** Every console error and uncaught exception a page produced during the test. */
  consoleErrors: string[];
  /** The config's ceiling for a test, scaled by how busy the machine is as the test starts. */
  busyMachine: void;
}

export const test = base.extend<Fixtures>({
  consent: ['stored', { option: true }],
  busyMachine: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use, testInfo) => {
      testInfo.setTimeout(ceiling(testInfo.timeout));
      await use();
    },
    { auto: true },
  ],
  page: async ({ page, consent }, use) => {
    if (consent === 'stored') {
      // Essential only, as the banner stores it; a fresh timestamp each run so the 12-month expiry never catches the tests out.
      const record = JSON.stringify(consentRecord(NO_OPTIONAL));
      await page.addInitScript(
        ({ key, value }) => {
          try {
            // Seed once per tab, so a test that clears the record is not overruled on reload.
            if (!sessionStorage.getItem('e2e-consent-seeded')) {
              localStorage.setItem(key, value);
              sessionStorage.setItem('e2e-consent-seeded', '1');
            }
          } catch {
            // about:blank has no storage
          }
        },
        { key: CONSENT_KEY, value: record },
      );
    }
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
