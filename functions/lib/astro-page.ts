// The hand-off from the Worker's routes to an on-demand Astro page (src/pages, `prerender = false`), rendered by the
// official Cloudflare adapter in this same Worker. Before Astro runs, the page's loader (functions/pages/page-loaders.ts,
// registered by worker.ts) works out its view with the Worker's bindings and clock, or answers instead of the page (a
// redirect, the 404); the page is handed only that view (src/lib/page-view.ts), so it opens no D1 and imports no Worker.
import { handle } from '@astrojs/cloudflare/handler';
import type { RequestContext } from '../env';
import { requestNow } from './clock';
import type { AnsweredForm } from './form-state';
import { pageContext, type PageServices } from './page-services';
import { canonicalPath } from './worker-paths';

type PageRequest = RequestContext & { executionCtx: Parameters<typeof pageContext>[0] };

/** What a page's loader is given: the route's context, the request the page renders (its address), what the route handed. */
export interface PageLoad extends PageServices {
  c: PageRequest;
  request: Request;
  url: URL;
  handed: unknown;
}

/** A page's view, or a Response answered instead of the page. */
export type PageLoader = (load: PageLoad) => unknown;

const loaders = new Map<string, PageLoader>();

/** Each on-demand page's loader, by the page's path; a page without one is handed what its route handed, as it is. */
export function registerPageLoaders(entries: Readonly<Record<string, PageLoader>>): void {
  for (const [path, loader] of Object.entries(entries)) loaders.set(path, loader);
}

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** Astro sends an on-demand page's policy as a header, without the `frame-ancestors` every page of the site carries. */
function withFrameAncestors(page: Response): Response {
  const policy = page.headers.get('Content-Security-Policy');
  if (!policy || policy.includes('frame-ancestors')) return page;
  const headers = new Headers(page.headers);
  headers.set('Content-Security-Policy', `${policy.replace(/;\s*$/, '')}; ${FRAME_ANCESTORS}`);
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
}

async function render(c: PageRequest, request: Request, handed?: unknown, answered?: AnsweredForm): Promise<Response> {
  const url = new URL(request.url);
  const loader = loaders.get(canonicalPath(url.pathname));
  const load: PageLoad = { c, request, url, env: c.env, now: requestNow(c), handed, ...(answered ? { answered } : {}) };
  const view = loader ? await loader(load) : handed;
  if (view instanceof Response) return view;
  return withFrameAncestors(await handle(request, c.env, pageContext(c.executionCtx, { view })));
}

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
 * The on-demand page at `path` (never routed to by the Worker itself: reached only through here), given what it shows
 * (or what its loader makes the view from); the Worker's status and headers go on the answer.
 */
export async function astroPageAt(
  c: PageRequest,
  path: string,
  handed: unknown,
  answer: { status?: number; headers?: Record<string, string> } = {},
): Promise<Response> {
  const page = await render(c, getAt(c, path), handed);
  const sent = new Headers(page.headers);
  for (const [name, value] of Object.entries(answer.headers ?? {})) sent.set(name, value);
  return new Response(page.body, { status: page.ok ? (answer.status ?? page.status) : page.status, headers: sent });
}

/**
 * A public page's request-time state (a refused form, a search) is an on-demand page at an internal path, its "twin"
 * (src/pages/forms/): the public page stays prebuilt, and the twin renders the same components with the request's
 * state and query (`form=`, `q=`).
 */
export const twinPage = (c: PageRequest, path: string, handed: { view?: unknown; answered?: AnsweredForm } = {}): Promise<Response> =>
  render(c, getAt(c, `${path}${new URL(c.req.url).search}`), handed.view, handed.answered);
