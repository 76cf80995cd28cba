/**
 * The smoke journeys run under Playwright's runner (the same global setup, so the same site on its free ports and
 * health token) but drive the two other engines themselves: each worker starts its browser once, each test gets a
 * first visit (empty storage), and every test ends by checking that no page reported an error.
 */
import { test as base, expect } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import type { Engine } from './engine';
import { FirefoxEngine, launchFirefox } from './firefox';
import { startWebKit, WebKitEngine } from './webkit';

export type EngineName = 'firefox' | 'webkit';

interface Runtime {
  open: (baseUrl: string) => Promise<Engine<unknown>>;
}

export const test = base.extend<
  { browse: Engine<unknown>; browseWithoutJavaScript: FirefoxEngine },
  { engine: EngineName; runtime: Runtime; firefoxWithoutJavaScript: Browser }
>({
  engine: ['firefox', { option: true, scope: 'worker' }],

  runtime: [
    async ({ engine }, use) => {
      if (engine === 'firefox') {
        const browser = await launchFirefox();
        await use({ open: (baseUrl) => FirefoxEngine.open(browser, baseUrl) });
        await browser.close();
      } else {
        const webkit = await startWebKit();
        await use({ open: async (baseUrl) => new WebKitEngine(baseUrl, webkit.driver) });
        await webkit.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  firefoxWithoutJavaScript: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here.
    async ({}, use) => {
      const browser = await launchFirefox({ javaScript: false });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  browse: async ({ runtime, baseURL }, use) => {
    const engine = await runtime.open(baseURL!);
    // WebKit keeps one session per worker: each test starts as a first visit all the same.
    await engine.forgetSite();
    await use(engine);
    const errors = await engine.takeErrors();
    await engine.close();
    expect(errors, `${engine.name}: page errors and console errors`).toEqual([]);
  },

  browseWithoutJavaScript: async ({ firefoxWithoutJavaScript, baseURL }, use) => {
    const engine = await FirefoxEngine.open(firefoxWithoutJavaScript, baseURL!);
    await use(engine);
    const errors = await engine.takeErrors();
    await engine.close();
    expect(errors, 'Firefox without JavaScript: page errors and console errors').toEqual([]);
  },
});

export { expect };
