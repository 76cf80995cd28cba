import type { HonoRequest } from 'hono';

/** Bindings and settings the Worker receives (wrangler.jsonc, .dev.vars, or secrets in production). */
export interface Env {
  ASSETS: Fetcher;
  DB: D1Database;
  /** Absolute address of the site, for links in e-mails and the origin check of plain form posts. */
  SITE_URL?: string;
  /** Resend API key (a secret). Without it no e-mail can be sent: every e-mail waits in the outbox. */
  RESEND_API_KEY?: string;
  /** Resend's API base URL; locally the mail catcher stand-in. Default https://api.resend.com. */
  RESEND_BASE_URL?: string;
  /** Sender, e.g. "Shiftly <quotes@shiftly.example>". */
  MAIL_FROM?: string;
  /** Where leads go. Default: the site config's e-mail address. */
  BUSINESS_EMAIL?: string;
  /** A postcodes.io-compatible service. Default https://api.postcodes.io. */
  POSTCODES_API_URL?: string;
  /** Per-client rate limits, one binding per endpoint (wrangler.jsonc `ratelimits`). */
  QUOTE_LIMITER?: RateLimit;
  CONTACT_LIMITER?: RateLimit;
  CALLBACK_LIMITER?: RateLimit;
  /** Sign-in link requests: per client, and per address (keyed by the address's hash). */
  SIGN_IN_LIMITER?: RateLimit;
  SIGN_IN_ADDRESS_LIMITER?: RateLimit;
  /**
   * Test environments only: the name of a request header whose value is the rate-limit client key, so each
   * test (and the fuzz) gets its own bucket. Never set in production, where the key is CF-Connecting-IP.
   */
  RATE_LIMIT_CLIENT_HEADER?: string;
  /** Test environments only: a request's clock from this header (functions/lib/clock.ts). */
  TEST_CLOCK_HEADER?: string;
  /**
   * Test environments only: the name of a response header in which the Worker reports how many D1 round trips the
   * request took (lib/d1.ts countingD1), so a test can hold a quote to its budget. Never set in production.
   */
  D1_ROUND_TRIPS_HEADER?: string;
  /** First retry delay for a failed e-mail, in seconds (then x4 each attempt). Default 60. */
  OUTBOX_RETRY_BASE_SECONDS?: string;
  /** Attempts before an e-mail is given up and the business alerted. Default 8 (all inside 23 hours). */
  OUTBOX_MAX_ATTEMPTS?: string;
  /**
   * Local runs only: a random value per run (scripts/lib/start-site.mjs), echoed by GET /api/health in the
   * X-Health-Token header, so a test never mistakes another program's server for its own. Not a secret.
   */
  HEALTH_TOKEN?: string;
  /**
   * The article editor's sign-in with GitHub (functions/editor.ts; all three are Worker secrets): the GitHub App's
   * client ID and client secret, and a random value of at least 32 characters that encrypts the refresh token kept
   * in the editor's cookie. Without all three, /api/keystatic/* answers 404.
   */
  KEYSTATIC_GITHUB_CLIENT_ID?: string;
  KEYSTATIC_GITHUB_CLIENT_SECRET?: string;
  KEYSTATIC_SECRET?: string;
  /** Test environments only: where the editor's calls to github.com go instead (stand-ins/github). Never in production. */
  GITHUB_STAND_IN_URL?: string;
}

export type AppBindings = { Bindings: Env };

/** What the Worker's helpers read of a request: any Hono context has it. */
export type RequestContext = { env: Env; req: HonoRequest };
