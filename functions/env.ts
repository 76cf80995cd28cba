import type { HonoRequest } from 'hono';
import type { EmailMessage } from './lib/outbox';

export interface Env {
  ASSETS: Fetcher;
  DB: D1Database;
  /** The e-mail queue's producer (wrangler.jsonc `queues`): the request stores an e-mail, the queue's consumer sends it. */
  EMAIL_QUEUE: Queue<EmailMessage>;
  /** The crews' photos of damage or a problem, from the job sheet (issue 33 item 5); local under `wrangler dev`. */
  PHOTOS: R2Bucket;
  SITE_URL?: string;
  /** The office's owner (issue 33): signs in to /office and adds or removes the other staff. Without it nobody can. */
  OWNER_EMAIL?: string;
  /** Resend API key (a secret). Without it no e-mail can be sent: every one fails its retries and is given up. */
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  MAIL_FROM?: string;
  BUSINESS_EMAIL?: string;
  POSTCODES_API_URL?: string;
  /** Per-client rate limits, one binding per endpoint (wrangler.jsonc `ratelimits`). */
  QUOTE_LIMITER?: RateLimit;
  CONTACT_LIMITER?: RateLimit;
  CALLBACK_LIMITER?: RateLimit;
  /** Per client, and per address (keyed by the address's hash). */
  SIGN_IN_LIMITER?: RateLimit;
  SIGN_IN_ADDRESS_LIMITER?: RateLimit;
  /** Per client: codes checked by POST /api/check-code. */
  CODE_LIMITER?: RateLimit;
  /** Job-sheet and damage-report posts (issue 40 item 8): per client, and per link (a move's sheet or its move page). */
  REPORT_LIMITER?: RateLimit;
  REPORT_LINK_LIMITER?: RateLimit;
  /** Test environments only: a request header giving each test its own rate-limit bucket (production uses CF-Connecting-IP). */
  RATE_LIMIT_CLIENT_HEADER?: string;
  /** Test environments only. */
  TEST_CLOCK_HEADER?: string;
  /** Test environments only: a response header reporting the request's D1 round trips (lib/d1.ts). */
  D1_ROUND_TRIPS_HEADER?: string;
  /** First retry delay for a failed e-mail, in seconds (then x4 each attempt). Default 60. */
  OUTBOX_RETRY_BASE_SECONDS?: string;
  /** Test environments only: a request carrying this header has its queue sends fail, as a lost message would. */
  QUEUE_DOWN_HEADER?: string;
  /** Local runs only: a random value per run, echoed by GET /api/health. Not a secret. */
  HEALTH_TOKEN?: string;
  /** Worker secrets for the editor's GitHub sign-in; KEYSTATIC_SECRET (32+ characters) encrypts the refresh token cookie. */
  KEYSTATIC_GITHUB_CLIENT_ID?: string;
  KEYSTATIC_GITHUB_CLIENT_SECRET?: string;
  KEYSTATIC_SECRET?: string;
  /** Test environments only. */
  GITHUB_STAND_IN_URL?: string;
  /** Stripe (issue 34), secrets: the API key, and the webhook endpoint's signing secret (whsec_…). */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Where the SDK sends its calls (default https://api.stripe.com); locally the stand-in (stand-ins/stripe). */
  STRIPE_API_URL?: string;
  /** Text messages (issue 44): Twilio's Messages API at SMS_API_URL (default https://api.twilio.com; locally the stand-in,
   * stand-ins/sms). The account SID and its auth token (a secret, which also signs the provider's callbacks). */
  SMS_API_URL?: string;
  SMS_ACCOUNT_SID?: string;
  SMS_AUTH_TOKEN?: string;
  /** The firm's number in E.164 (+447…) that texts come from and STOP replies go to. */
  SMS_FROM?: string;
  /** Optional: a Twilio Messaging Service to send through instead of SMS_FROM. */
  SMS_MESSAGING_SERVICE_SID?: string;
}

export type AppBindings = { Bindings: Env };

export type RequestContext = { env: Env; req: HonoRequest };
