/**
 * The API tests run two files at a time, each worker against its own copy of the site (tests/api/global-setup.ts):
 * a worker's files still run one after another, so what one file's cron run or global count sees is its own worker's.
 * Two because the machine has two cores and the tests mostly wait on workerd; vitest.config.ts gives the project as
 * many workers. SHIFTLY_API_SITES=1 runs them one at a time against one site, as before.
 */
export const API_SITES = Math.max(1, Number(process.env.SHIFTLY_API_SITES ?? 2) || 1);

export interface ApiSite {
  apiBase: string;
  mailUrl: string;
  postcodesUrl: string;
  githubUrl: string;
  /** The Stripe stand-in (stand-ins/stripe/server.mjs). */
  stripeUrl: string;
  /** The SMS stand-in (stand-ins/sms/server.mjs; read it with tests/shared/sms.ts). */
  smsUrl: string;
  /** The copy's local D1 folder. */
  statePath: string;
}
