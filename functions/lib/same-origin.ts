import type { RequestContext } from '../env';
import { config } from './config';

/** `wrangler dev` rewrites the request URL to localhost; a browser on 127.0.0.1 is the same machine and port. */
function comparableOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    const host = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? 'localhost' : url.hostname;
    return `${url.protocol}//${host}:${url.port}`;
  } catch {
    return null;
  }
}

/** Falls back to Referer when a browser omits Origin, which Hono's csrf middleware does not. */
export function fromOwnOrigin(c: RequestContext): boolean {
  const allowed = new Set([comparableOrigin(c.req.url), comparableOrigin(config(c.env).siteUrl)].filter(Boolean));
  const claimed = c.req.header('Origin') ?? c.req.header('Referer');
  if (!claimed || claimed === 'null') return false;
  return allowed.has(comparableOrigin(claimed));
}

/**
 * A page sent with `Referrer-Policy: no-referrer` (one whose address carries a secret) makes the browser post its form
 * with `Origin: null`; Fetch Metadata still says where the post came from. A browser too old to send it (Safari before
 * 16.4) is let through: each such form carries its page's secret (the sign-in link, a move's or job sheet's token), or
 * opens a session whose cookie is SameSite=Lax, so another site cannot make a post that does anything.
 */
export function fromOwnNoReferrerPage(c: RequestContext): boolean {
  if (fromOwnOrigin(c)) return true;
  const claimed = c.req.header('Origin') ?? c.req.header('Referer');
  if (claimed !== undefined && claimed !== 'null') return false;
  const site = c.req.header('Sec-Fetch-Site');
  return site === undefined || site === 'same-origin';
}
