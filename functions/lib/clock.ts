/** Now, or in a test environment (never production) the instant TEST_CLOCK_HEADER names, so a test can stand after a move date. */
import type { RequestContext } from '../env';
import { config } from './config';

export function requestNow(c: RequestContext): Date {
  const header = config(c.env).testClockHeader;
  const claimed = header ? Date.parse(c.req.header(header) ?? '') : Number.NaN;
  return Number.isNaN(claimed) ? new Date() : new Date(claimed);
}
