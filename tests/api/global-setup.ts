/**
 * Builds and starts the site for the API tests through scripts/lib/start-site.mjs: the stand-ins and
 * `wrangler dev --env test` with a fresh D1 state folder, on free ports (API_PORT, POSTCODES_STANDIN_PORT,
 * MAIL_CATCHER_PORT name fixed ones), and only once the Worker answers with this run's token. Stops them afterwards.
 */
import type { TestProject } from 'vitest/node';
import { portFromEnv, startSite } from '../../scripts/lib/start-site.mjs';
import { publicationDay } from '../../src/lib/articles';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    mailUrl: string;
    postcodesUrl: string;
    githubUrl: string;
    /** The Stripe stand-in (stand-ins/stripe/server.mjs). */
    stripeUrl: string;
    /** The SMS stand-in (stand-ins/sms/server.mjs; read it with tests/shared/sms.ts). */
    smsUrl: string;
    statePath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const site = await startSite({
    state: '.wrangler/api-test-state',
    // The Worker and its pages come from the build (the Cloudflare adapter bundles functions/worker.ts), so the API
    // tests need this build, never a missing or stale one (a fresh clone has none). It takes about a minute.
    build: true,
    // The same build as Playwright's global setup makes (tests/e2e/global-setup.ts), so `npm test` builds once.
    env: { ARTICLES_TODAY: publicationDay(process.env.ARTICLES_TODAY) },
    ports: {
      site: portFromEnv('API_PORT'),
      postcodes: portFromEnv('POSTCODES_STANDIN_PORT'),
      mail: portFromEnv('MAIL_CATCHER_PORT'),
    },
  });
  project.provide('apiBase', site.url);
  project.provide('mailUrl', site.mailUrl);
  project.provide('postcodesUrl', site.postcodesUrl);
  project.provide('githubUrl', site.githubUrl ?? '');
  project.provide('stripeUrl', site.stripeUrl);
  project.provide('smsUrl', site.smsUrl);
  project.provide('statePath', site.statePath);
  return site.stop;
}
