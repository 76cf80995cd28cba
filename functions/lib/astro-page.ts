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
