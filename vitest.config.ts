import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // Playwright specs live in tests/e2e and must never be collected here.
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
