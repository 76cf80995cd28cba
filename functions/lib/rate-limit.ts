import type { Context } from 'hono';
import type { AppBindings, Env } from '../env';
import { jsonError } from './http';

/** The period configured on every `ratelimits` binding in wrangler.jsonc (Cloudflare allows 10 or 60). */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

type LimiterName = 'QUOTE_LIMITER' | 'CONTACT_LIMITER' | 'CALLBACK_LIMITER';

/** Who is asking: the connecting IP, or in test environments a header the tests choose per bucket. */
export function clientKey(c: Context<AppBindings>): string {
  const header = c.env.RATE_LIMIT_CLIENT_HEADER;
  const chosen = header ? c.req.header(header) : undefined;
  if (chosen) return `t:${chosen.slice(0, 100)}`;
  return c.req.header('CF-Connecting-IP') ?? c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'unknown';
}

/** True when the request may go ahead. A missing binding (misconfiguration) fails open and says so. */
export async function withinRateLimit(c: Context<AppBindings>, limiter: LimiterName, endpoint: string): Promise<boolean> {
  const binding: Env[LimiterName] = c.env[limiter];
  if (!binding) {
    console.warn(`rate limit binding ${limiter} is not configured`);
    return true;
  }
  const { success } = await binding.limit({ key: `${endpoint}:${clientKey(c)}` });
  return success;
}

export function tooManyRequests(c: Context<AppBindings>): Response {
  return jsonError(c, 429, 'rate_limited', 'Too many requests. Please wait a minute and try again.', undefined, {
    'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS),
  });
}
