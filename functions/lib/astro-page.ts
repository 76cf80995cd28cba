// The hand-off from the Worker's routes to an on-demand Astro page (src/pages, `prerender = false`), rendered by the
// official Cloudflare adapter in this same Worker with the Worker's bindings and clock (page-services.ts).
import { handle } from '@astrojs/cloudflare/handler';
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { requestNow } from './clock';
import { pageContext } from './page-services';
import { withPagePolicy } from './page-policy';

/**
 * `request`: the page's own address when it is not the one asked for; `state`: what the route already knows for the page
 * (the quote a link opened, a refused post's answer), which the page reads with pageState().
 */
export const renderPage = async (c: Context<AppBindings>, request: Request, state?: unknown): Promise<Response> =>
  withPagePolicy(
    // `never`: the adapter types its arguments with wrangler's generated runtime types, this Worker with @cloudflare/workers-types.
    await handle(request as never, c.env as never, pageContext(c.executionCtx, { env: c.env, now: requestNow(c), state }) as never),
  );

export const astroPage = (c: Context<AppBindings>): Promise<Response> => renderPage(c, c.req.raw);
