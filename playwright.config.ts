import { defineConfig, devices } from '@playwright/test';
import { chromeArgs, chromePath } from './scripts/lib/chromium.mjs';

/** The tests' own server: a fresh local D1 state folder, never the one `npm start` uses. */
const port = Number(process.env.E2E_PORT ?? 8799);
const baseURL = `http://127.0.0.1:${port}`;
/** The stand-ins for postcodes.io and Resend: the site is built and served against them, never the internet. */
const postcodesPort = Number(process.env.POSTCODES_STANDIN_PORT ?? 8790);
const mailPort = Number(process.env.MAIL_CATCHER_PORT ?? 8791);
const postcodesUrl = `http://127.0.0.1:${postcodesPort}`;
const mailUrl = `http://127.0.0.1:${mailPort}`;
// Specs read captured e-mails from here.
process.env.MAIL_CATCHER_URL = mailUrl;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromePath, args: chromeArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node stand-ins/postcodes/server.mjs --port ${postcodesPort}`,
      url: `${postcodesUrl}/__control`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node stand-ins/mail/server.mjs --port ${mailPort}`,
      url: `${mailUrl}/__control`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Builds first (with PUBLIC_POSTCODES_API_URL pointing at the stand-in), so the start-up timeout is generous.
      command: `node scripts/serve.mjs --port ${port} --state .wrangler/test-state --fresh --env test`,
      url: `${baseURL}/api/health`,
      env: { POSTCODES_API_URL: postcodesUrl, RESEND_BASE_URL: mailUrl, RESEND_API_KEY: 're_e2e_tests' },
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
