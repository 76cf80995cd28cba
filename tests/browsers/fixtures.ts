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
import { ceiling } from '../shared/load';

export type EngineName = 'firefox' | 'webkit';

interface Runtime {
  open: (baseUrl: string) => Promise<Engine<unknown>>;
}

/** Hands the journey an engine, then fails it if any page reported an error. */
async function checked<E extends Engine<unknown>>(engine: E, use: (engine: E) => Promise<void>, label = engine.name): Promise<void> {
  await use(engine);
  const errors = await engine.takeErrors();
  await engine.close();
  expect(errors, `${label}: page errors and console errors`).toEqual([]);
}

export const test = base.extend<
  { browse: Engine<unknown>; browseNarrow: Engine<unknown>; browseWithoutJavaScript: FirefoxEngine; busyMachine: void },
  { engine: EngineName; runtime: Runtime; firefoxWithoutJavaScript: Browser }
>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  // The config's ceiling for a journey, scaled by how busy the machine is as it starts (tests/shared/load.ts).
  busyMachine: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use, testInfo) => {
      testInfo.setTimeout(ceiling(testInfo.timeout));
      await use();
    },
    { auto: true },
  ],

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
    await checked(engine, use);
  },

  // For pages laid out as narrow as a phone's (engine.setWidth): Firefox resizes its page; WebKitGTK's window cannot
  // be narrower than 447 px, so a WebKitGTK of its own zooms 150 % (a 480 px window is a page 320 px wide).
  browseNarrow: async ({ engine, runtime, baseURL }, use) => {
    if (engine === 'firefox') return checked(await runtime.open(baseURL!), use);
    const zoom = 1.5;
    const webkit = await startWebKit({ zoom });
    try {
      await checked(new WebKitEngine(baseURL!, webkit.driver, zoom), use, 'WebKitGTK at 150 %');
    } finally {
      await webkit.stop();
    }
  },

  browseWithoutJavaScript: async ({ firefoxWithoutJavaScript, baseURL }, use) => {
    await checked(await FirefoxEngine.open(firefoxWithoutJavaScript, baseURL!), use, 'Firefox without JavaScript');
  },
});

export { expect };
