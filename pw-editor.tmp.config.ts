import { defineConfig, devices } from '@playwright/test';
import { chromeArgs, chromePath } from './scripts/lib/chromium.mjs';
export default defineConfig({
  testDir: 'tests/e2e', testMatch: 'editor.spec.ts', workers: 1, timeout: 30_000, expect: { timeout: 7_000 },
  use: { trace: 'retain-on-failure', launchOptions: { executablePath: chromePath, args: chromeArgs } },
  projects: [{ name: 'editor', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
