/**
 * Builds and starts the site for the API tests through scripts/lib/start-site.mjs: the stand-ins and
 * `wrangler dev --env test` with a fresh D1 state folder, on free ports (API_PORT, POSTCODES_STANDIN_PORT,
 * MAIL_CATCHER_PORT name fixed ones), and only once the Worker answers with this run's token. Stops them afterwards.
 */
import type { TestProject } from 'vitest/node';
import { portFromEnv, startSite } from '../../scripts/lib/start-site.mjs';
import { OWNER_EMAIL, staffSession } from '../shared/office-sign-in';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    mailUrl: string;
    postcodesUrl: string;
    githubUrl: string;
    statePath: string;
    /** The office owner's staff session (signed in once per run: tests/shared/office-sign-in.ts). */
    ownerSession: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const site = await startSite({
    state: '.wrangler/api-test-state',
    // The Worker and its pages come from the build (the Cloudflare adapter bundles functions/worker.ts), so the API
    // tests need this build, never a missing or stale one (a fresh clone has none). It takes about a minute.
    build: true,
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
  project.provide('statePath', site.statePath);
  project.provide('ownerSession', await staffSession(site.url, site.mailUrl, OWNER_EMAIL));
  return site.stop;
}
