// The hand-off from the Worker's routes to an on-demand Astro page (src/pages, `prerender = false`), rendered by the
// official Cloudflare adapter in this same Worker with the Worker's bindings and clock (page-services.ts).
import { handle } from '@astrojs/cloudflare/handler';
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { requestNow } from './clock';
import { pageContext } from './page-services';
import { withIslandSheets } from './island-sheets';
import { withPagePolicy } from './page-policy';

/**
 * `request`: the page's own address when it is not the one asked for; `state`: what the route already knows for the page
 * (the quote a link opened, a refused post's answer), which the page reads with pageState().
 */
export async function renderPage(c: Context<AppBindings>, request: Request, state?: unknown): Promise<Response> {
  // `never`: the adapter types its arguments with wrangler's generated runtime types, this Worker with @cloudflare/workers-types.
  const context = pageContext(c.executionCtx, { env: c.env, now: requestNow(c), state });
  const response = await handle(request as never, c.env as never, context as never);
  // A redirect, or anything else that is not a page, goes as it is.
  if (!response.headers.get('Content-Type')?.startsWith('text/html')) return response;
  return withPagePolicy(response, await withIslandSheets(c.env, c.req.url, await response.text()));
}

export const astroPage = (c: Context<AppBindings>): Promise<Response> => renderPage(c, c.req.raw);
