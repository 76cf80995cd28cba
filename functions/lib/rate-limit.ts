import type { Env, RequestContext } from '../env';
import { config } from './config';
import type { RecordType } from './records';

/** Each lead's type, and the code check (not a record of its own). */
export type LimitedRoute = RecordType | 'code';

const LIMITERS = {
  quote: 'QUOTE_LIMITER',
  contact: 'CONTACT_LIMITER',
  callback: 'CALLBACK_LIMITER',
  code: 'CODE_LIMITER',
} as const satisfies Record<LimitedRoute, keyof Env>;

/** In test environments, a header the tests choose per bucket. */
export function clientKey(c: RequestContext): string {
  const header = config(c.env).rateLimitClientHeader;
  const chosen = header ? c.req.header(header) : undefined;
  if (chosen) return `t:${chosen.slice(0, 100)}`;
  return c.req.header('CF-Connecting-IP') ?? c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'unknown';
}

/** A lead's binding, by its type. */
export const leadLimiter = (type: LimitedRoute) => LIMITERS[type];

export type LimiterName = { [K in keyof Env]-?: NonNullable<Env[K]> extends RateLimit ? K : never }[keyof Env];

/** A missing binding (misconfiguration) fails open and says so. */
export async function withinLimit(env: Env, name: LimiterName, key: string): Promise<boolean> {
  const binding = env[name];
  if (!binding) {
    console.warn(`rate limit binding ${name} is not configured`);
    return true;
  }
  const { success } = await binding.limit({ key });
  return success;
}
