// The one Cloudflare Worker: Hono routes /api/* and the pages it fills in itself; everything else is the built site. It sees
// every page first (not scripts, styles or images) so a page over https gets `upgrade-insecure-requests`.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';
import { EDITOR_API_PREFIX } from '~/lib/editor-policy';
import type { Env } from './env';
import { health } from './api/health';
import { serveArticle } from './articles';
import { isEditorPage, keystaticApi, serveEditorPage } from './editor';
import { quoteRoute, sendQuoteEmail } from './api/send-quote-email';
import { contactFormRoute, contactRoute, sendContactEmail } from './api/send-contact-email';
import { callbackRoute, requestCallback } from './api/request-callback';
import { checkCode, codeRoute } from './api/check-code';
import { scheduled } from './cron';
import { consumeEmails } from './email-queue';
import { jsonError, refusalJson, REFUSALS } from './lib/http';
import { leadRoute, type LeadEnv } from './lib/pipeline';
import { securityHeaders, servedOverHttps } from './lib/security-headers';
import { WorkerRoutes } from './lib/routes';
import { formTwinPath, isAfterPost } from './lib/form-answer';
import { countingD1 } from './lib/d1';
import { drainUnreadBody, withoutBody } from './lib/body';
import { canonicalPath, isArticlePath, WORKER_PATHS } from './lib/worker-paths';
import { callbackFormRoute, requestCallbackByForm } from './pages/callback-page';
import type { EmailMessage } from './lib/outbox';
import { isFaqSearch } from './pages/faq-page';
import { articleSearch } from './pages/article-search';
import { ARTICLES_PATH, isArticleSearch } from './pages/article-search-view';
import { movingDayJson, quoteCalendar, showConfirmation } from './pages/quote-confirmation';
import { showMoveDocument } from './pages/move-document';
import { MOVE_DOCUMENT_PATH } from '~/lib/documents';
import { MOVE_DAY_PATH } from '~/lib/moving-day';
import { manageQuote } from './pages/quote-manage';
import { answerStaffPage, showStaffPage } from './pages/quote-staff';
import { PUBLISHED_PAGE, reviewsPage, REVIEWS_PATH } from './pages/reviews-page';
import { answerQuoteForm, quoteFormRoute, showQuoteForm } from './pages/quote-form';
import { askForSignInLink, showSignInLink, signInWithLink } from './pages/login';
import { deleteData, signOut } from './pages/account';
import { astroPage, registerPageLoaders, twinPage } from './lib/astro-page';
import { PAGE_LOADERS } from './pages/page-loaders';
import { referralPage } from './pages/referral-page';
import { REFERRAL_SIGNED_IN_PAGE } from './pages/referral-view';
import { LOGIN_ANSWER_PAGE } from './pages/login-view';
import { hasSessionCookie } from './lib/account/cookie';
import { customerOnly } from './lib/account/session';
import { ACCOUNT_PATHS } from '~/lib/account';
import { assetRequest, withAccountHeader } from './lib/account/header';
import { officeRoutes } from './office/routes';
import { PAY_PATH, STRIPE_WEBHOOK_PATH } from '~/lib/payments';
import { BOOK_NOW_PATH } from '~/lib/instant-booking';
import { bookMoveNow, payForMove } from './pages/move-payment';
import { reportMoveDamage } from './pages/move-damage';
import { setMoveTexts } from './pages/move-texts';
import { smsInbound, smsStatus } from './lib/sms-webhooks';
import { MOVE_TEXTS_PATH, SMS_INBOUND_PATH, SMS_STATUS_PATH } from '~/lib/sms-paths';
import { MOVE_DAMAGE_PATH } from '~/lib/move-status';
import { stripeWebhook } from './lib/payments/webhook';
import { PARTNER_PATHS } from '~/lib/partners/apply';
import { postApplication } from './pages/partner-apply';
import { partnerRoutes } from './partner/routes';

export const api = new Hono<LeadEnv>();
// Each on-demand page's view is worked out here, in the Worker, before Astro renders it (astro-page.ts).
registerPageLoaders(PAGE_LOADERS);

api.use('*', drainUnreadBody, ...securityHeaders);
/** The one route list (functions/lib/routes.ts); scripts/worker-first.mjs and tests/unit/page-routes.test.ts read it. */
export const routes = new WorkerRoutes(api);
const afterPost = (_: Request, url: URL) => isAfterPost(url);

routes.get('/api/health', health);
routes.all('/api/health', (c) => refusalJson(c, REFUSALS.getOnly));
routes.post(API_PATHS.quote, ...leadRoute(quoteRoute, sendQuoteEmail));
routes.post(API_PATHS.contact, ...leadRoute(contactRoute, sendContactEmail));
routes.post(API_PATHS.callback, ...leadRoute(callbackRoute, requestCallback));
routes.post(API_PATHS.code, ...leadRoute(codeRoute, checkCode));
for (const path of Object.values(API_PATHS)) routes.all(path, (c) => refusalJson(c, REFUSALS.postOnly));
routes.all(`${EDITOR_API_PREFIX}/*`, keystaticApi);
routes.get(PAGE_PATHS.calendar, quoteCalendar);
routes.get(MOVE_DOCUMENT_PATH, showMoveDocument).renders(MOVE_DOCUMENT_PATH);
routes.all(PAGE_PATHS.calendar, (c) => refusalJson(c, REFUSALS.getOnly));
routes.get(PAGE_PATHS.quote, showQuoteForm).renders(formTwinPath(PAGE_PATHS.quote));
routes.post(PAGE_PATHS.quote, ...leadRoute(quoteFormRoute, answerQuoteForm));
routes.post(PAGE_PATHS.confirmation, ...manageQuote);
routes.get(PAGE_PATHS.confirmation, showConfirmation).renders(PAGE_PATHS.confirmation);
for (const path of [WORKER_PATHS.confirmationBelow, WORKER_PATHS.confirmationHtml]) routes.get(path, showConfirmation);
for (const path of [PAGE_PATHS.confirmation, WORKER_PATHS.confirmationBelow, WORKER_PATHS.confirmationHtml]) {
  routes.all(path, (c) => refusalJson(c, REFUSALS.getOnly));
}
routes.post(PAGE_PATHS.staff, ...answerStaffPage);
routes.get(PAGE_PATHS.staff, showStaffPage).renders(PAGE_PATHS.staff);
for (const path of [WORKER_PATHS.staffBelow, WORKER_PATHS.staffHtml]) routes.get(path, showStaffPage);
for (const path of [PAGE_PATHS.staff, WORKER_PATHS.staffBelow, WORKER_PATHS.staffHtml]) {
  routes.all(path, (c) => refusalJson(c, REFUSALS.getOnly));
}
routes.get(REVIEWS_PATH, reviewsPage).renders(PUBLISHED_PAGE);
// /referral is the prebuilt page for everyone but a signed-in customer (pages/referral-page.ts).
routes.getWhen(hasSessionCookie, ACCOUNT_PATHS.referral, referralPage).renders(REFERRAL_SIGNED_IN_PAGE);
// The plain forms' pages after a post (pages/form-twin.ts); before one, the prebuilt page.
routes
  .getWhen(afterPost, PAGE_PATHS.contact, (c) => twinPage(c, formTwinPath(PAGE_PATHS.contact)))
  .renders(formTwinPath(PAGE_PATHS.contact));
routes.post(PAGE_PATHS.contact, ...leadRoute(contactFormRoute, sendContactEmail));
routes
  .getWhen(afterPost, PAGE_PATHS.callback, (c) => twinPage(c, formTwinPath(PAGE_PATHS.callback)))
  .renders(formTwinPath(PAGE_PATHS.callback));
routes.post(PAGE_PATHS.callback, ...leadRoute(callbackFormRoute, requestCallbackByForm));
routes
  .getWhen(
    (_, url) => isFaqSearch(url),
    PAGE_PATHS.faq,
    (c) => twinPage(c, formTwinPath(PAGE_PATHS.faq)),
  )
  .renders(formTwinPath(PAGE_PATHS.faq));
routes.getWhen((_, url) => isArticleSearch(url), ARTICLES_PATH, articleSearch).renders(formTwinPath(ARTICLES_PATH));
routes.post(ACCOUNT_PATHS.login, ...askForSignInLink).renders(LOGIN_ANSWER_PAGE);
// GET and HEAD (Hono answers HEAD from the GET route) spend nothing; the button's POST signs in.
routes.get(ACCOUNT_PATHS.verify, showSignInLink);
routes.post(ACCOUNT_PATHS.verify, ...signInWithLink);
routes.all(ACCOUNT_PATHS.verify, (c) => refusalJson(c, REFUSALS.getOnly));
// The customer's route group: `customerOnly` is the one session gate (functions/lib/sessions.ts) for the customer's role.
routes.post(ACCOUNT_PATHS.signOut, customerOnly, ...signOut(false));
routes.post(ACCOUNT_PATHS.signOutEverywhere, customerOnly, ...signOut(true));
for (const path of [ACCOUNT_PATHS.signOut, ACCOUNT_PATHS.signOutEverywhere]) routes.all(path, (c) => refusalJson(c, REFUSALS.postOnly));
routes.page(ACCOUNT_PATHS.deleteData, customerOnly);
routes.post(ACCOUNT_PATHS.deleteData, customerOnly, ...deleteData);
routes.page(ACCOUNT_PATHS.account, customerOnly);
for (const path of [WORKER_PATHS.accountHtml, WORKER_PATHS.accountBelow]) routes.get(path, customerOnly, astroPage);
for (const path of [ACCOUNT_PATHS.account, WORKER_PATHS.accountHtml, WORKER_PATHS.accountBelow]) {
  routes.all(path, (c) => refusalJson(c, REFUSALS.getOnly));
}
officeRoutes(routes);
// A driver's application to be a partner (issue 43 item 1).
routes.page(PARTNER_PATHS.apply);
routes.post(PARTNER_PATHS.apply, ...postApplication).renders(PARTNER_PATHS.apply);
routes.all(PARTNER_PATHS.apply, (c) => refusalJson(c, REFUSALS.getOnly));
partnerRoutes(routes);
// Card payments (issue 34): the move page's Pay button, and Stripe's signed events; and its damage report.
routes.post(PAY_PATH, ...payForMove);
routes.post(BOOK_NOW_PATH, ...bookMoveNow);
routes.post(MOVE_DAMAGE_PATH, ...reportMoveDamage);
routes.get(MOVE_DAY_PATH, movingDayJson);
routes.all(MOVE_DAY_PATH, (c) => refusalJson(c, REFUSALS.getOnly));
routes.post(STRIPE_WEBHOOK_PATH, stripeWebhook);
// Text messages (issue 44 item 4): the move page's consent, and the provider's signed callbacks.
routes.post(MOVE_TEXTS_PATH, ...setMoveTexts);
routes.post(SMS_STATUS_PATH, smsStatus);
routes.post(SMS_INBOUND_PATH, smsInbound);
for (const path of [PAY_PATH, BOOK_NOW_PATH, MOVE_DAMAGE_PATH, STRIPE_WEBHOOK_PATH, MOVE_TEXTS_PATH, SMS_STATUS_PATH, SMS_INBOUND_PATH])
  routes.all(path, (c) => refusalJson(c, REFUSALS.postOnly));
routes.all(WORKER_PATHS.api, (c) => refusalJson(c, REFUSALS.notFound));
api.all('*', (c) => refusalJson(c, REFUSALS.notFound));
api.onError((error, c) => {
  // Hono's own refusals (a body it could not parse) keep their status, in our shape.
  if (error instanceof HTTPException && error.status < 500) {
    return jsonError(c, error.status, 'invalid_body', error.message);
  }
  console.error('unhandled API error', error);
  return refusalJson(c, REFUSALS.internal);
});

/** What the Worker answers: the routes above, the one list (functions/lib/routes.ts); everything else is the built site. */
const forTheWorker = (request: Request, url: URL): boolean => routes.answers(request, url);

/**
 * Another spelling of a page the Worker answers (`//login/verify`, `/quote/`, `/quote.html`, `/quote-confirmation%2F`) is
 * answered as that page: the asset server would redirect it to the page's own address with its query (a sign-in token, a
 * form's id) in Location. A GET without a query loses nothing in that redirect, and goes to the clean address.
 */
function respelled(request: Request, url: URL): Request | null {
  const canonical = canonicalPath(url.pathname);
  if (canonical === url.pathname || (!url.search && (request.method === 'GET' || request.method === 'HEAD'))) return null;
  const target = new URL(url);
  target.pathname = canonical;
  return forTheWorker(request, target) ? new Request(target, request) : null;
}

/** The asset server's redirects say `public`: one that carries a query is kept by no cache. */
function uncachedRedirect(response: Response): Response {
  if (!response.headers.get('Location')?.includes('?') || response.headers.get('Cache-Control') === 'no-store') return response;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  if (forTheWorker(request, url)) return api.fetch(request, env, ctx);
  const respelling = respelled(request, url);
  if (respelling) return api.fetch(respelling, env, ctx);
  // Only the Worker's own paths take a body; the asset server answers without reading one.
  const plain = await withoutBody(request);
  if (isArticlePath(url.pathname)) return uncachedRedirect(await serveArticle(assetRequest(plain), env.ASSETS));
  if (isEditorPage(url.pathname)) return serveEditorPage(plain, env.ASSETS);
  return uncachedRedirect(await env.ASSETS.fetch(assetRequest(plain)));
}

/** Test environments: a queue whose sends fail, for a request carrying QUEUE_DOWN_HEADER (as if its messages were lost). */
const down = () => Promise.reject(new Error('the queue is down for this request (test header)'));
const QUEUE_DOWN = { send: down, sendBatch: down, metrics: down } satisfies Queue<EmailMessage>;

const queueFor = (request: Request, env: Env): Env =>
  env.QUEUE_DOWN_HEADER && request.headers.has(env.QUEUE_DOWN_HEADER) ? { ...env, EMAIL_QUEUE: QUEUE_DOWN } : env;

export default {
  async fetch(request: Request, workerEnv: Env, ctx: ExecutionContext): Promise<Response> {
    const env = queueFor(request, workerEnv);
    if (!env.D1_ROUND_TRIPS_HEADER) return servedOverHttps(request, withAccountHeader(request, await answer(request, env, ctx)));
    const counted = countingD1(env.DB);
    const response = withAccountHeader(request, await answer(request, { ...env, DB: counted.db }, ctx));
    const headers = new Headers(response.headers);
    headers.set(env.D1_ROUND_TRIPS_HEADER, String(counted.count()));
    return servedOverHttps(request, new Response(response.body, { status: response.status, statusText: response.statusText, headers }));
  },
  // Awaited (not waitUntil) so a failure marks the cron run as failed and `/__scheduled` answers when done.
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await scheduled(controller, env);
  },
  // The e-mail queue and its dead-letter queue (wrangler.jsonc `queues`).
  async queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
    await consumeEmails(batch, env);
  },
} satisfies ExportedHandler<Env>;
