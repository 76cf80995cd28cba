/**
 * The one Cloudflare Worker: /api/* is routed here with Hono; every other path is the built site,
 * served by the assets binding (with _headers, _redirects and the 404 page). The cron trigger retries
 * e-mails and applies the retention period (functions/cron.ts).
 */
import { Hono } from 'hono';
import type { AppBindings, Env } from './env';
import { health } from './api/health';
import { isArticlePath, serveArticle } from './articles-fallback';
import { sendQuoteEmail } from './api/send-quote-email';
import { sendContactEmail } from './api/send-contact-email';
import { requestCallback } from './api/request-callback';
import { scheduled } from './cron';
import { jsonError } from './lib/http';
import { postOnly } from './lib/request-body';
import { securityHeaders } from './lib/security-headers';

export const api = new Hono<AppBindings>().basePath('/api');

api.use('*', securityHeaders);
api.get('/health', health);
api.all('/health', (c) => jsonError(c, 405, 'method_not_allowed', 'Use GET for this endpoint.', undefined, { Allow: 'GET' }));
api.post('/send-quote-email', sendQuoteEmail);
api.all('/send-quote-email', postOnly);
api.post('/send-contact-email', sendContactEmail);
api.all('/send-contact-email', postOnly);
api.post('/request-callback', requestCallback);
api.all('/request-callback', postOnly);
api.all('*', (c) => jsonError(c, 404, 'not_found', 'There is no API endpoint at this address.'));
api.onError((error, c) => {
  console.error('unhandled API error', error);
  return jsonError(c, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
});

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return api.fetch(request, env, ctx);
    if (isArticlePath(pathname)) return serveArticle(request, env.ASSETS);
    return env.ASSETS.fetch(request);
  },
  // Awaited (not waitUntil) so a failure marks the cron run as failed and `/__scheduled` answers when done.
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await scheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
