import type { HonoRequest } from 'hono';
import type { EmailMessage } from './lib/outbox';

/**
 * The Worker's bindings and vars: `Cloudflare.Env`, generated from wrangler.jsonc by `npm run cf-typegen` into
 * worker-configuration.d.ts (with the Workers runtime's types for its compatibility date). Wrangler merges the
 * environments: a binding or var that every one of them sets is required, one that only some set (the `test`
 * environment's switches, OWNER_EMAIL, the made-up keys) is optional, as it is in production. Vars are typed `string`
 * (`--strict-vars=false`): scripts/serve.mjs passes other values with `--var`. Added here is what wrangler.jsonc cannot
 * say: the e-mail queue's message, and the secrets and vars that only reach the Worker at run time.
 */
export interface Env extends Omit<Cloudflare.Env, 'EMAIL_QUEUE'> {
  EMAIL_QUEUE: Queue<EmailMessage>;
  /** Secrets (`wrangler secret put`, or .dev.vars locally): without RESEND_API_KEY every e-mail fails and is given up. */
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
