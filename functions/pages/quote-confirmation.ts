// The confirmation page and its .ics file open only with the quote's view token, or for its owner's session. A wrong token
// and an unknown reference get the same 404, so nothing tells which references exist: the sign-in page, which is the way
// to the move from any link that no longer opens it (issue 41 item 5). Other spellings of the path (`/quote-confirmation/`,
// `.html`…) are answered here too: the asset server would redirect them with the token in Location.
import type { Context } from 'hono';
import { PAGE_PATHS } from '~/lib/api';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { pageAsSent } from '../lib/page-policy';
import { config } from '../lib/config';
import { mailContext } from '../lib/mail-context';
import { notFoundPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { doneNotice } from '~/lib/move-status';
import { PAYMENT_RETURN_PARAM } from '~/lib/payments';
import { ownsQuote, signedInEmail } from '../lib/account/session';
import { loginPage } from './login';
import { calendarFileName, quoteCalendar as calendarOf } from '../lib/quote/calendar';
import { findQuote } from '../lib/quote/store';
import { reconcileMove } from '../lib/payments/fulfil';
import { requestNow } from '../lib/clock';
import { API_SECURITY_HEADERS } from '../lib/security-headers';
import { opensQuote } from '../lib/view-token';
import { pagePath } from '../lib/worker-paths';
import { isReference } from '~/lib/reference';
import { movingDayStatus } from '~/lib/moving-day';
import { REFUSALS, refusalJson, type Refusal } from '../lib/http';
import { jobReports } from '../lib/office/job-sheets';
import type { OpenedQuote, QuotePageState } from './move-view';

export { quotePageHref, type OpenedQuote, type QuotePageState } from './move-view';

type PageContext = Context<AppBindings>;

/** Null for every reason alike. A token that does not open the quote is refused even with a session. */
export async function openQuote(c: PageContext, reference: string | null, token: string | null): Promise<OpenedQuote | null> {
  if (token === null && reference !== null && isReference(reference)) {
    const [email, quote] = await Promise.all([signedInEmail(c), findQuote(c.env.DB, { reference })]);
    return quote && ownsQuote(email, quote) ? { quote, token: null } : null;
  }
  if (!(await opensQuote(c.env.DB, reference, token)) || !reference || !token) return null;
  const quote = await findQuote(c.env.DB, { reference });
  return quote ? { quote, token } : null;
}

const openedQuote = (c: PageContext) => openQuote(c, c.req.query('ref') ?? null, c.req.query('t') ?? null);

/** A move's link, or a post from its page, that opens no move: the sign-in page, saying so (404 whatever the reason). */
export const moveNotOpened = async (c: PageContext): Promise<Response> =>
  loginPage(c, 404, { notice: 'move-link', signedIn: (await signedInEmail(c)) !== null });

/**
 * A refused post from a move's page (functions/lib/pipeline.ts): a body too large, not a form or from another site (only
 * a crafted request sends one) in the error shape; otherwise the move's page with the message (and each invalid field's
 * by its field), or the 404 of a post that opens no move.
 */
export const movePageRefusal =
  ({ keepValues }: { keepValues: boolean }) =>
  async (c: PageContext, refusal: Refusal, typed: URLSearchParams): Promise<Response> => {
    if (CRAFTED.has(refusal.status)) return refusalJson(c, refusal);
    const opened = await openQuote(c, typed.get('ref'), typed.get('t') || null);
    if (!opened) return moveNotOpened(c);
    const { message, fields } = refusal.error;
    return quotePage(c, opened, refusal.status, {
      general: message,
      ...(fields ? { errors: fields } : {}),
      ...(keepValues ? { values: typed } : {}),
    });
  };
const CRAFTED = new Set([403, 413, 415]);

export async function showConfirmation(c: PageContext): Promise<Response> {
  const url = new URL(c.req.url);
  // Another path under it is a move link damaged in its path.
  if (pagePath(url.pathname) !== PAGE_PATHS.confirmation) return moveNotOpened(c);
  if (!url.searchParams.has('ref') && !url.searchParams.has('t')) {
    return new Response(null, { status: 302, headers: { ...API_SECURITY_HEADERS, Location: PAGE_PATHS.quote } });
  }
  let opened = await openedQuote(c);
  if (!opened) return moveNotOpened(c);
  const done = url.searchParams.get('done');
  const payment = url.searchParams.get(PAYMENT_RETURN_PARAM);
  // Back from Checkout, or with a session open: Stripe is asked how it stands first (issue 39 item 3), so a payment
  // whose event is late or lost books the move now and the page never offers to pay it again.
  if (await reconcileMove(c.env, opened.quote.reference, payment, requestNow(c))) opened = (await openedQuote(c)) ?? opened;
  return quotePage(c, opened, 200, { ...(doneNotice(done) ? { done: done! } : {}), ...(payment ? { payment } : {}) });
}

/** What src/pages/quote-confirmation.astro is handed. */
export interface QuotePageRequest {
  opened: OpenedQuote;
  state: QuotePageState;
}

/**
 * The on-demand page at its own address, whatever spelling or method reached it: the query and the post are read here.
 * Its address carries the quote's token, so no referrer leaves it (issue 40 item 8); its forms are read with
 * fromOwnNoReferrerPage, as the browser posts them with `Origin: null`.
 */
export const quotePage = async (c: PageContext, opened: OpenedQuote, status: number, state: QuotePageState = {}): Promise<Response> =>
  pageAsSent(
    c.env,
    c.req.url,
    await astroPageAt(c, PAGE_PATHS.confirmation, { opened, state } satisfies QuotePageRequest, {
      status,
      headers: { ...PRIVATE_PAGE, ...state.headers },
    }),
  );

/**
 * The moving day's status as JSON (issue 44 item 1), which the open move page asks every few seconds: opened as the
 * page is, by its token or its owner's session; a 404 in the API's shape for anything else.
 */
export async function movingDayJson(c: PageContext): Promise<Response> {
  const opened = await openedQuote(c);
  if (!opened) return refusalJson(c, REFUSALS.notFound);
  const status = movingDayStatus(await jobReports(c.env.DB, opened.quote.reference));
  return c.json(status, 200, { ...API_SECURITY_HEADERS, ...PRIVATE_PAGE, 'Cache-Control': 'no-store' });
}

export async function quoteCalendar(c: PageContext): Promise<Response> {
  const opened = await openedQuote(c);
  if (!opened) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  return new Response(calendarOf(opened.quote, config(c.env).siteUrl, (await mailContext(c.env)).firm), {
    headers: {
      ...PRIVATE_PAGE,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${calendarFileName(opened.quote)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
