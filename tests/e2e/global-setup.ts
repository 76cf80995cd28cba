/**
 * Builds and starts the site for the browser tests through scripts/lib/start-site.mjs: both stand-ins and
 * `wrangler dev --env test` with a fresh D1 in .wrangler/test-state, on free ports (E2E_PORT,
 * POSTCODES_STANDIN_PORT and MAIL_CATCHER_PORT name fixed ones), and only once the Worker answers with this run's
 * token. The build publishes the articles of ARTICLES_TODAY (today in the UK unless set). The addresses reach the config (baseURL) and the specs through process.env, which the test workers inherit.
 */
import { portFromEnv, startSite } from '../../scripts/lib/start-site.mjs';
import { publicationDay } from '../../src/lib/articles';
import { E2E_ENV } from './site-env';
import { OWNER_EMAIL, staffSession } from '../shared/office-sign-in';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // One publication day for the build and the specs (which read the collection for what it publishes), even if the
  // run crosses midnight.
  const today = publicationDay(process.env[E2E_ENV.articlesToday]);
  process.env[E2E_ENV.articlesToday] = today;
  const site = await startSite({
    env: { ARTICLES_TODAY: today },
    state: '.wrangler/test-state',
    build: true,
    ports: {
      site: portFromEnv('E2E_PORT'),
      postcodes: portFromEnv('POSTCODES_STANDIN_PORT'),
      mail: portFromEnv('MAIL_CATCHER_PORT'),
    },
  });
  process.env[E2E_ENV.baseUrl] = site.url;
  process.env[E2E_ENV.mailUrl] = site.mailUrl;
  process.env[E2E_ENV.postcodesUrl] = site.postcodesUrl;
  process.env[E2E_ENV.stripeUrl] = site.stripeUrl;
  process.env[E2E_ENV.smsUrl] = site.smsUrl;
  process.env[E2E_ENV.statePath] = site.statePath;
  process.env[E2E_ENV.healthToken] = site.token;
  try {
    process.env[E2E_ENV.ownerSession] = await staffSession(site.url, site.mailUrl, OWNER_EMAIL);
  } catch (error) {
    await site.stop(); // a setup that fails leaves nothing running (the registry's teardown would sweep it too)
    throw error;
  }
  return site.stop;
}
