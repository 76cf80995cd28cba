export const HEALTH_TOKEN_HEADER: string;
/** What a test build baked in (dist/test-build.json), for a later start to serve it again. */
export const BUILD_RECORD: string;
/** `SHIFTLY_REUSE_BUILD`: set to 1 by `npm test` for the stages after the first build. */
export const REUSE_BUILD_ENV: string;
export const API_ONLY_ENV: string;
export function portFromEnv(name: string, env?: NodeJS.ProcessEnv): number | undefined;
export function freePort(): Promise<number>;
/** GET from a local https server with a self-signed certificate (not checked). */
export function getLocalHttps(
  url: string,
  options?: { timeoutMs?: number },
): Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; text: string }>;

export interface StartSiteOptions {
  /** The local D1 folder (under .wrangler/); wiped first. */
  state: string;
  /** The wrangler.jsonc environment. Default 'test'. */
  wranglerEnv?: 'test' | 'load';
  /** Run `astro build` first, against the stand-ins. Default false (serve dist/). */
  build?: boolean;
  /** Named ports; unset ones are free ports. A named port another program holds is an error. */
  ports?: { site?: number; postcodes?: number; mail?: number };
  /** Receives serve.mjs's output (default: kept for error messages). */
  onOutput?: (text: string) => void;
  timeoutMs?: number;
  /** Serve over https with wrangler's self-signed certificate (read it with getLocalHttps). Default false. */
  https?: boolean;
  /** The project to serve (default: the current directory), e.g. a temporary copy with other articles. */
  cwd?: string;
  /** More environment for the build and the Worker (e.g. ARTICLES_TODAY). */
  env?: Record<string, string>;
  /** With `build`: serve the last build instead if it was made the same way, its stand-ins on the same ports
   * (default: SHIFTLY_REUSE_BUILD=1). */
  reuseBuild?: boolean;
  /** No browser will use it (the API tests' other copies): the build's CSP may name another start's Checkout. */
  apiOnly?: boolean;
}

export interface StartedSite {
  /** e.g. http://127.0.0.1:41234 (https:// with the https option) */
  url: string;
  port: number;
  /** This run's token, echoed by GET /api/health in the X-Health-Token header. */
  token: string;
  /** The postcode stand-in (postcodes.io look-alike). */
  postcodesUrl: string;
  /** The mail catcher (Resend look-alike): GET /emails; a tagged address (ada+fail@…) fails its own sends. */
  mailUrl: string;
  /** The GitHub sign-in stand-in (the article editor's OAuth calls): GET /__requests, POST /__codes. */
  githubUrl?: string;
  /** The Stripe stand-in: the SDK's API, the hosted /pay/:id page, GET /events (stand-ins/stripe/server.mjs). */
  stripeUrl: string;
  /** The SMS stand-in (Twilio's Messages API): GET /__messages, POST /__inbound, a readable page (stand-ins/sms/server.mjs). */
  smsUrl: string;
  /** The local D1 folder the Worker writes. */
  statePath: string;
  /** Stops the Worker (its whole process group) and the stand-ins. */
  stop: () => Promise<void>;
}

export function startSite(options: StartSiteOptions): Promise<StartedSite>;
