// The hand-off from the Worker's routes to an on-demand Astro page (src/pages, `prerender = false`), rendered by the
// official Cloudflare adapter in this same Worker with the Worker's bindings and clock (page-services.ts).
import { handle } from '@astrojs/cloudflare/handler';
import type { RequestContext } from '../env';
import { requestNow } from './clock';
import { pageContext, type PageServices } from './page-services';

type PageRequest = RequestContext & { executionCtx: Parameters<typeof pageContext>[0] };
/** What the route hands the page beyond the bindings and the clock. */
type Handed = Omit<PageServices, 'env' | 'now'>;

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** Astro sends an on-demand page's policy as a header, without the `frame-ancestors` every page of the site carries. */
function withFrameAncestors(page: Response): Response {
  const policy = page.headers.get('Content-Security-Policy');
  if (!policy || policy.includes('frame-ancestors')) return page;
  const headers = new Headers(page.headers);
  headers.set('Content-Security-Policy', `${policy.replace(/;\s*$/, '')}; ${FRAME_ANCESTORS}`);
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
}

const render = async (c: PageRequest, request: Request, handed: Handed = {}): Promise<Response> =>
  withFrameAncestors(await handle(request, c.env, pageContext(c.executionCtx, { env: c.env, now: requestNow(c), ...handed })));

/**
 * Always a GET with the request's cookies, never its body: a refused post is shown, never posted again, and the page
 * renders a form's answer without reading the post itself.
 */
function getAt(c: PageRequest, path: string): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('Content-Type');
  headers.delete('Content-Length');
  return new Request(new URL(path, c.req.url), { method: 'GET', headers });
}

export const astroPage = (c: PageRequest): Promise<Response> => render(c, c.req.raw);

/**
 * The on-demand page at `path` (never routed to by the Worker itself: reached only through here), given what it shows;
 * the Worker's status and headers go on the answer.
 */
export async function astroPageAt(
  c: PageRequest,
  path: string,
  view: unknown,
  answer: { status?: number; headers?: Record<string, string> } = {},
): Promise<Response> {
  const page = await render(c, getAt(c, path), { view });
  const sent = new Headers(page.headers);
  for (const [name, value] of Object.entries(answer.headers ?? {})) sent.set(name, value);
  return new Response(page.body, { status: page.ok ? (answer.status ?? page.status) : page.status, headers: sent });
}

/**
 * A public page's request-time state (a refused form, a search) is an on-demand page at an internal path, its "twin"
 * (src/pages/forms/): the public page stays prebuilt, and the twin renders the same components with the request's
 * state and query (`form=`, `q=`).
 */
export const twinPage = (c: PageRequest, path: string, handed: Handed = {}): Promise<Response> =>
  render(c, getAt(c, `${path}${new URL(c.req.url).search}`), handed);
