/**
 * Where the site under test is: the global setup (global-setup.ts) starts it on free ports and puts its addresses
 * in these environment variables, which the config and every test worker read. Never a default port: a spec must
 * not talk to a server this run did not start.
 */
export const E2E_ENV = {
  /** The site (Worker + built pages), the config's baseURL. */
  baseUrl: 'E2E_BASE_URL',
  /** The mail catcher: GET /emails (a tagged address fails or slows its own sends: tests/shared/stand-ins.ts). */
  mailUrl: 'MAIL_CATCHER_URL',
  /** The postcode stand-in (a reserved postcode is down or slow: tests/shared/stand-ins.ts). */
  postcodesUrl: 'POSTCODES_STANDIN_URL',
  /** The Stripe stand-in: the SDK's API, Checkout's page, Connect's onboarding page (stand-ins/stripe). */
  stripeUrl: 'STRIPE_STANDIN_URL',
  /** The SMS stand-in: GET /__messages, POST /__inbound (tests/shared/sms.ts; reserved numbers: tests/shared/stand-ins.ts). */
  smsUrl: 'SMS_STANDIN_URL',
  /** The local D1 folder the Worker writes. */
  statePath: 'E2E_D1_STATE',
  /** The run's token, echoed by GET /api/health. */
  healthToken: 'E2E_HEALTH_TOKEN',
  /** The day the build published articles up to (yyyy-mm-dd): the same variable the build reads. */
  articlesToday: 'ARTICLES_TODAY',
  /** The office owner's staff session cookie, signed in once per run (tests/shared/office-sign-in.ts). */
  ownerSession: 'E2E_OWNER_SESSION',
} as const;

/** The value the global setup set; throws if a spec runs without it (e.g. outside `playwright test`). */
export function siteEnv(name: keyof typeof E2E_ENV): string {
  const value = process.env[E2E_ENV[name]];
  if (!value)
    throw new Error(`${E2E_ENV[name]} is not set: run the specs with \`npx playwright test\`, whose global setup starts the site.`);
  return value;
}
