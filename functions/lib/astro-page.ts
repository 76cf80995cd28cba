// The hand-off from the Worker's routes to an on-demand Astro page (src/pages, `prerender = false`), rendered by the
// official Cloudflare adapter in this same Worker with the Worker's bindings and clock (page-services.ts).
import { handle } from '@astrojs/cloudflare/handler';
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { requestNow } from './clock';
import { pageContext } from './page-services';

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** Astro sends an on-demand page's policy as a header, without the `frame-ancestors` every page of the site carries. */
function withFrameAncestors(page: Response): Response {
  const policy = page.headers.get('Content-Security-Policy');
  if (!policy || policy.includes('frame-ancestors')) return page;
  const headers = new Headers(page.headers);
  headers.set('Content-Security-Policy', `${policy.replace(/;\s*$/, '')}; ${FRAME_ANCESTORS}`);
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
}

const render = async <E extends AppBindings>(c: Context<E>, request: Request, view?: unknown): Promise<Response> =>
  withFrameAncestors(
    // `never`: the adapter types its arguments with wrangler's generated runtime types, this Worker with @cloudflare/workers-types.
    await handle(request as never, c.env as never, pageContext(c.executionCtx, { env: c.env, now: requestNow(c), view }) as never),
  );

export const astroPage = <E extends AppBindings>(c: Context<E>): Promise<Response> => render(c, c.req.raw);

/**
 * The on-demand page at `path` (never routed to by the Worker itself: reached only through here), given what it shows.
 * It is always asked with a GET, so a form's answer is rendered without the page reading the post again; the Worker's
 * status and headers go on the answer.
 */
export async function astroPageAt<E extends AppBindings>(
  c: Context<E>,
  path: string,
  view: unknown,
  answer: { status?: number; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('Content-Type');
  headers.delete('Content-Length');
  const page = await render(c, new Request(new URL(path, c.req.url), { method: 'GET', headers }), view);
  const sent = new Headers(page.headers);
  for (const [name, value] of Object.entries(answer.headers ?? {})) sent.set(name, value);
  return new Response(page.body, { status: page.ok ? (answer.status ?? page.status) : page.status, headers: sent });
}
