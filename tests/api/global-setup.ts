/**
 * Builds the site once and starts one copy of it per API test worker through scripts/lib/start-site.mjs: each copy has
 * its own stand-ins and `wrangler dev --env test` with its own fresh D1 state folder, on free ports (API_PORT,
 * POSTCODES_STANDIN_PORT, MAIL_CATCHER_PORT name fixed ones for the first), and counts only once the Worker answers
 * with its run's token. A worker's files run one at a time against its own copy (site() in tests/api/helpers.ts), so a cron run
 * or a count across the database sees only that worker's rows. Stops them all afterwards.
 */
import type { TestProject } from 'vitest/node';
import { portFromEnv, startSite } from '../../scripts/lib/start-site.mjs';
import { publicationDay } from '../../src/lib/articles';
import { API_SITES, type ApiSite } from './sites';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per API test worker, in VITEST_POOL_ID order (read it with site() in tests/api/helpers.ts). */
    apiSites: ApiSite[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: Awaited<ReturnType<typeof startSite>>[] = [];
  const stopAll = async () => void (await Promise.all(started.map((site) => site.stop())));
  try {
    started.push(
      await startSite({
        state: '.wrangler/api-test-state',
        // The Worker and its pages come from the build (the Cloudflare adapter bundles functions/worker.ts), so the
        // API tests need this build, never a missing or stale one (a fresh clone has none). It takes about a minute.
        build: true,
        // The same build as Playwright's global setup makes (tests/e2e/global-setup.ts), so `npm test` builds once.
        env: { ARTICLES_TODAY: publicationDay(process.env.ARTICLES_TODAY) },
        ports: {
          site: portFromEnv('API_PORT'),
          postcodes: portFromEnv('POSTCODES_STANDIN_PORT'),
          mail: portFromEnv('MAIL_CATCHER_PORT'),
        },
      }),
    );
    // The other copies serve that build. Its pages name the first copy's Checkout stand-in in their CSP, which no
    // API test's browser follows (apiOnly says so to serve.mjs, which would otherwise warn).
    const others = Array.from({ length: API_SITES - 1 }, (_, i) =>
      startSite({ state: `.wrangler/api-test-state-${i + 2}`, wranglerEnv: 'test', apiOnly: true }),
    );
    for (const site of await Promise.allSettled(others))
      if (site.status === 'fulfilled') started.push(site.value);
      else throw site.reason;
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'apiSites',
    started.map((site) => ({
      apiBase: site.url,
      mailUrl: site.mailUrl,
      postcodesUrl: site.postcodesUrl,
      githubUrl: site.githubUrl ?? '',
      stripeUrl: site.stripeUrl,
      smsUrl: site.smsUrl,
      statePath: site.statePath,
    })),
  );
  return stopAll;
}
