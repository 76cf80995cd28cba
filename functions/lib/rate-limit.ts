import type { Env, RequestContext } from '../env';
import { config } from './config';
import type { RecordType } from './records';

/** One Workers Rate Limiting binding per kind of lead (wrangler.jsonc `ratelimits`). */
const LIMITERS = { quote: 'QUOTE_LIMITER', contact: 'CONTACT_LIMITER', callback: 'CALLBACK_LIMITER' } as const satisfies Record<
  RecordType,
  keyof Env
>;

/** Who is asking: the connecting IP, or in test environments a header the tests choose per bucket. */
export function clientKey(c: RequestContext): string {
  const header = config(c.env).rateLimitClientHeader;
  const chosen = header ? c.req.header(header) : undefined;
  if (chosen) return `t:${chosen.slice(0, 100)}`;
  return c.req.header('CF-Connecting-IP') ?? c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'unknown';
}

/** True when the request may go ahead. A missing binding (misconfiguration) fails open and says so. */
export async function withinRateLimit(c: RequestContext, type: RecordType): Promise<boolean> {
  return withinLimit(c.env, LIMITERS[type], `${type}:${clientKey(c)}`);
}

type LimiterName = { [K in keyof Env]-?: NonNullable<Env[K]> extends RateLimit ? K : never }[keyof Env];

/** One count against a binding, under any key (sign-in requests count per client and per address). */
export async function withinLimit(env: Env, name: LimiterName, key: string): Promise<boolean> {
  const binding = env[name];
  if (!binding) {
    console.warn(`rate limit binding ${name} is not configured`);
    return true;
  }
  const { success } = await binding.limit({ key });
  return success;
}
