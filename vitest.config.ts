import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { keystaticPatches } from './src/editor/build/keystatic-patches.mjs';
import { API_SITES } from './tests/api/sites.ts';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Every run gets a registry of the servers its tests start, and its teardown stops any still running
    // (scripts/lib/processes.mjs): a timed-out test or a file that threw leaves nothing behind to keep vitest open.
    globalSetup: ['tests/shared/process-registry.ts'],
    // Room for the teardowns' SIGTERM grace (5 s) before SIGKILL.
    teardownTimeout: 30_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // Playwright specs live in tests/e2e and must never be collected here.
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // One worker for all the files rather than one each: 28 s rather than 49 alone (3 December 2026). The files
          // passed in shuffled orders (--sequence.shuffle.files), so none leans on another's module state.
          isolate: false,
          // npm test runs these beside the API tests' build: vitest's 5 s let preview and route-map time out at load 33.
          testTimeout: 30_000,
        },
      },
      {
        // Keystatic's browser build, with the changes the editor's bundle gets, in a simulated page: its Node build
        // cannot open or save a body (tests/editor: every article and the construct fixture, saved byte for byte).
        resolve: {
          alias: [
            { find: '~', replacement: alias['~'] },
            {
              find: /^@keystatic\/core$/,
              replacement: fileURLToPath(new URL('./node_modules/@keystatic/core/dist/keystatic-core.js', import.meta.url)),
            },
          ],
        },
        plugins: [keystaticPatches()],
        test: {
          name: 'editor',
          include: ['tests/editor/**/*.test.ts'],
          environment: 'happy-dom',
          server: { deps: { inline: [/@keystatic[\\/]core/] } },
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'build',
          // Real `astro build`s of temporary copies of the project with fixture articles (scripts/lib/project-copy.mjs):
          // the build's refusals, drafts and scheduled articles, pagination and search at scale, the scripts.
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          // Three files share one built copy (tests/build/shared-build.ts); the setup gives the run its folder.
          globalSetup: ['tests/build/global-setup.ts'],
          setupFiles: ['tests/shared/stop-started.ts'],
          // Each file builds or reads the shared build; two builds at once only make both slower.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          // Over HTTP against `wrangler dev --env test` with both stand-ins, started by the global setup.
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/shared/stop-started.ts', 'tests/api/setup-office.ts'],
          // A cron run (runCron) retries every due e-mail in the outbox, whichever file queued it, and some tests count
          // rows across the database: each worker has its own copy of the site and runs its files one at a time.
          maxWorkers: API_SITES,
          // Ceilings, not waits: each test waits for its own rows and e-mails (tests/shared/mail.ts), and these only end
          // one that would never finish. A busy two-core machine (load 15-20) takes minutes where an idle one takes
          // seconds, and a test's outcome must not depend on that (issue 42).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // E-mails arrive through the queue (batches of up to a second, then the consumer): a wait for one polls
          // longer than vitest's default second.
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
