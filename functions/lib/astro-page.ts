// The hand-off from the Worker's routes to an on-demand Astro page (src/pages, `prerender = false`), rendered by the
// official Cloudflare adapter in this same Worker with the Worker's bindings and clock (page-services.ts).
import { handle } from '@astrojs/cloudflare/handler';
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { requestNow } from './clock';
import { pageContext } from './page-services';

export const astroPage = (c: Context<AppBindings>): Promise<Response> =>
  // `never`: the adapter types its arguments with wrangler's generated runtime types, this Worker with @cloudflare/workers-types.
  handle(c.req.raw as never, c.env as never, pageContext(c.executionCtx, { env: c.env, now: requestNow(c) }) as never);

/**
 * The on-demand page at `path` (never routed to by the Worker itself: reached only through here), given what it shows.
 * It is always asked with a GET, so a form's answer is rendered without the page reading the post again; the Worker's
 * status and headers go on the answer.
 */
export async function astroPageAt(
  c: Context<AppBindings>,
  path: string,
  view: unknown,
  answer: { status?: number; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('Content-Type');
  headers.delete('Content-Length');
  const request = new Request(new URL(path, c.req.url), { method: 'GET', headers });
  const services = { env: c.env, now: requestNow(c), view };
  const page = await handle(request as never, c.env as never, pageContext(c.executionCtx, services) as never);
  const sent = new Headers(page.headers);
  for (const [name, value] of Object.entries(answer.headers ?? {})) sent.set(name, value);
  return new Response(page.body, { status: page.ok ? (answer.status ?? page.status) : page.status, headers: sent });
}
