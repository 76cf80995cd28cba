// A public page's request-time state (a refused form, a search) is an on-demand Astro page at an internal path, its
// "twin" (src/pages/forms/): the public page stays prebuilt, and the twin renders the same components with the
// request's state. Only the Worker reaches a twin, by handing it the request with the address rewritten.
import { handle } from '@astrojs/cloudflare/handler';
import type { RequestContext } from '../env';
import { requestNow } from './clock';
import { pageContext, type PageServices } from './page-services';

/** Astro sends an on-demand page's policy as a header, without the framing rule a prebuilt page gets from _headers. */
const FRAMING = "frame-ancestors 'none'";

export async function twinPage(
  c: RequestContext & { executionCtx: Parameters<typeof pageContext>[0] },
  path: string,
  handed: Omit<PageServices, 'env' | 'now'> = {},
): Promise<Response> {
  const url = new URL(c.req.url);
  // Always a GET: a refused post is shown, never posted again; the query (`form=`, `q=`) and the cookies go along.
  const headers = new Headers(c.req.raw.headers);
  for (const name of ['content-length', 'content-type']) headers.delete(name);
  const request = new Request(new URL(`${path}${url.search}`, url), { method: 'GET', headers });
  const services: PageServices = { env: c.env, now: requestNow(c), ...handed };
  // `never`: the adapter types its arguments with wrangler's generated runtime types, this Worker with @cloudflare/workers-types.
  const page = (await handle(request as never, c.env as never, pageContext(c.executionCtx, services) as never)) as Response;
  const policy = page.headers.get('Content-Security-Policy');
  if (!policy || policy.includes('frame-ancestors')) return page;
  const framed = new Headers(page.headers);
  framed.set('Content-Security-Policy', `${policy}; ${FRAMING}`);
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers: framed });
}
