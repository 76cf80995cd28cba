/**
 * The time a request is handled at: now, or in a test environment (TEST_CLOCK_HEADER in wrangler.jsonc's test env,
 * never in production) the instant the request's header names, so a test can stand after a move date the way
 * `runCron(at)` moves the cron trigger's clock. Everything that decides by today (the manage page, its changes, a
 * review) asks here.
 */
import type { RequestContext } from '../env';
import { config } from './config';

export function requestNow(c: RequestContext): Date {
  const header = config(c.env).testClockHeader;
  const claimed = header ? Date.parse(c.req.header(header) ?? '') : Number.NaN;
  return Number.isNaN(claimed) ? new Date() : new Date(claimed);
}
