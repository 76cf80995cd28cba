/**
 * The one Cloudflare Worker: /api/* and the few pages it fills in itself are routed here with Hono; every
 * other path is the built site, served by the assets binding (with _headers, _redirects and the 404 page).
 * The cron trigger retries e-mails and applies the retention period (functions/cron.ts).
 *
 * Each lead endpoint is the lead pipeline (lib/lead-pipeline.ts) around the endpoint's own handler, at the
 * path the browser's API client uses (src/lib/api.ts). The pages (functions/pages/, PAGE_PATHS) are prebuilt
 * pages of dist/ filled in with HTMLRewriter (lib/prebuilt-page.ts): the quote form posted without JavaScript,
 * a stored quote's confirmation and calendar file, /contact after a plain form post and /faq searched without
 * JavaScript. wrangler.jsonc runs the Worker first for their paths; a plain GET of /quote, /contact or /faq is the
 * prebuilt file as it is.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_PATHS, PAGE_PATHS } from '../src/lib/api';
import type { Env } from './env';
import { health } from './api/health';
import { isArticlePath, serveArticle } from './articles-fallback';
import { quoteRoute, sendQuoteEmail } from './api/send-quote-email';
import { contactRoute, sendContactEmail } from './api/send-contact-email';
import { callbackRoute, requestCallback } from './api/request-callback';
import { scheduled } from './cron';
import { jsonError, refusalJson, REFUSALS } from './lib/http';
import { leadRoute, type LeadEnv } from './lib/lead-pipeline';
import { securityHeaders } from './lib/security-headers';
import { contactSentPage, isContactSent } from './pages/contact-page';
import { faqSearchPage, isFaqSearch } from './pages/faq-page';
import { quoteCalendar, showConfirmation } from './pages/quote-confirmation';
import { answerQuoteForm, quoteFormRoute } from './pages/quote-form';

export const api = new Hono<LeadEnv>();

api.use('*', ...securityHeaders);
api.get('/api/health', health);
api.all('/api/health', (c) => refusalJson(c, REFUSALS.getOnly));
api.post(API_PATHS.quote, ...leadRoute(quoteRoute, sendQuoteEmail));
api.post(API_PATHS.contact, ...leadRoute(contactRoute, sendContactEmail));
api.post(API_PATHS.callback, ...leadRoute(callbackRoute, requestCallback));
for (const path of Object.values(API_PATHS)) api.all(path, (c) => refusalJson(c, REFUSALS.postOnly));
api.get(PAGE_PATHS.calendar, quoteCalendar);
api.all(PAGE_PATHS.calendar, (c) => refusalJson(c, REFUSALS.getOnly));
api.post(PAGE_PATHS.quote, ...leadRoute(quoteFormRoute, answerQuoteForm));
api.get(PAGE_PATHS.confirmation, showConfirmation);
api.get(PAGE_PATHS.contact, contactSentPage);
api.get(PAGE_PATHS.faq, faqSearchPage);
api.all('*', (c) => refusalJson(c, REFUSALS.notFound));
api.onError((error, c) => {
  // Hono's own refusals (a body it could not parse) keep their status, in our shape.
  if (error instanceof HTTPException && error.status < 500) {
    return jsonError(c, error.status, 'invalid_body', error.message);
  }
  console.error('unhandled API error', error);
  return refusalJson(c, REFUSALS.internal);
});

/** Requests the Worker answers itself; everything else is the built site. */
function forTheWorker(request: Request, url: URL): boolean {
  const { pathname } = url;
  if (pathname === '/api' || pathname.startsWith('/api/')) return true;
  if (pathname === PAGE_PATHS.quote) return request.method === 'POST';
  if (pathname === PAGE_PATHS.confirmation) return request.method === 'GET' || request.method === 'HEAD';
  if (pathname === PAGE_PATHS.faq) return request.method === 'GET' && isFaqSearch(url);
  return request.method === 'GET' && isContactSent(url);
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
    if (forTheWorker(request, url)) return api.fetch(request, env, ctx);
    if (isArticlePath(pathname)) return serveArticle(request, env.ASSETS);
    return env.ASSETS.fetch(request);
  },
  // Awaited (not waitUntil) so a failure marks the cron run as failed and `/__scheduled` answers when done.
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await scheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
