import type { HonoRequest } from 'hono';

/** A queue message: the row to send, never the e-mail or a link's token. */
export interface EmailMessage {
  key: string;
}

/**
 * The Worker's bindings and vars: `Cloudflare.Env`, generated from wrangler.jsonc by `npm run cf-typegen` into
 * worker-configuration.d.ts, with the Workers runtime's types for its compatibility date (read by the Worker's tsconfig only:
 * they would clash with the browser's in the site's program). Wrangler merges the environments: what every one sets is
 * required; what only some set (the `test` environment's switches, OWNER_EMAIL, the made-up keys) is optional, as in
 * production. Vars are `string` (`--strict-vars=false`): scripts/serve.mjs passes other values with `--var`. Secrets
 * are never read from a developer's .dev.vars (`--env-file=.dev.vars.example`, which sets none), so the file is the
 * same on every machine; they are declared here with the e-mail queue's message and the vars given at run time.
 */
export interface Env extends Omit<Cloudflare.Env, 'EMAIL_QUEUE'> {
  EMAIL_QUEUE: Queue<EmailMessage>;
  /** A secret (`wrangler secret put`, or .dev.vars): without it every e-mail fails and is given up. */
  RESEND_API_KEY?: string;
  /** Where the Stripe SDK sends its calls (default https://api.stripe.com); locally the stand-in (stand-ins/stripe). */
  STRIPE_API_URL?: string;
  /** Local runs only: a random value per run, echoed by GET /api/health. Not a secret. */
  HEALTH_TOKEN?: string;
  /** Test runs only: GitHub's sign-in answered by the stand-in. */
  GITHUB_STAND_IN_URL?: string;
  /** Optional: a Twilio Messaging Service to send through instead of SMS_FROM. */
  SMS_MESSAGING_SERVICE_SID?: string;
}

export type AppBindings = { Bindings: Env };

export type RequestContext = { env: Env; req: HonoRequest };
