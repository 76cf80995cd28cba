import { defineConfig, devices } from '@playwright/test';
import { chromeArgs, chromePath } from './scripts/lib/chromium.mjs';
import { E2E_ENV } from './tests/e2e/site-env';
import { ceiling } from './tests/shared/load';
import type { EngineName } from './tests/browsers/fixtures';

/** The browser editor's specs: one adds the editor's page to dist/ while it runs, the other runs `astro dev` on a copy of the project (two builds at once only slow both): after every other spec. */
const EDITOR_SPECS = ['editor.spec.ts', 'editor-production.spec.ts'];

export default defineConfig<{ engine: EngineName }>({
  testDir: 'tests/e2e',
  // Builds the site and starts it with both stand-ins on free ports (scripts/lib/start-site.mjs), never reusing a
  // server it did not start. It sets the addresses in process.env before the workers start; each worker loads this
  // config again and so gets the baseURL below.
  // The first gives the run a registry of the servers it starts; its teardown stops any still running
  // (scripts/lib/processes.mjs), whatever failed.
  globalSetup: ['./tests/shared/process-registry.ts', './tests/e2e/global-setup.ts'],
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a test that passes only on its second try is a defect to fix, not to hide.
  retries: 0,
  workers: 2,
  // A ceiling, not a wait: axe over a long page on a busy two-core machine can take half a minute.
  timeout: 60_000,
  // A ceiling for each web-first assertion, which passes as soon as the page shows what it waits for: generous, and
  // scaled by the load as each worker starts (tests/shared/load.ts; the fixtures scale each test's ceiling as it starts).
  expect: { timeout: ceiling(20_000) },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: process.env[E2E_ENV.baseUrl],
    // Recording a trace for every test (to keep the failures') slows each one: the info-page and article specs (52 tests)
    // took 501 s summed with it (load 15), 359 s without (load 10). CI keeps the list reporter's errors.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: chromePath, args: chromeArgs },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: EDITOR_SPECS },
    {
      name: 'editor',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: EDITOR_SPECS,
      dependencies: ['chromium'],
    },
    // The core journeys in the two other engines (tests/browsers): Debian's Firefox ESR over WebDriver BiDi and
    // WebKitGTK over WebDriver, started by the specs' own fixtures; the page fixture (Chromium) is never used there.
    // A file's journeys run one after another in one worker, so each engine starts once per file, not once per worker.
    { name: 'firefox-esr', testDir: 'tests/browsers', fullyParallel: false, timeout: 90_000, use: { engine: 'firefox' } },
    {
      name: 'webkitgtk',
      testDir: 'tests/browsers',
      testIgnore: /without-javascript/,
      fullyParallel: false,
      timeout: 90_000,
      use: { engine: 'webkit' },
    },
  ],
});
