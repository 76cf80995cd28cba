// The confirmation page and its .ics file open only with the quote's view token, or for its owner's session. A wrong token
// and an unknown reference get the same 404, so nothing tells which references exist. Other spellings of the path
// (`/quote-confirmation/`, `.html`…) are answered here too: the asset server would redirect them with the token in Location.
import type { Context } from 'hono';
import { PAGE_PATHS, quoteLink } from '../../src/lib/api';
import type { AppBindings } from '../env';
import { config } from '../lib/config';
import { ACCOUNT_PAGE, errorFill, filledPage, mergeFills, notFoundPage, prebuiltPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { moveHistory } from '../lib/quote/manage';
import { requestNow } from '../lib/clock';
import { doneNotice } from '../../src/lib/move-status';
import { historyRows, manageFill, manageValues, movePageFill, type ManageState } from './manage-fill';
import { ownsQuote, signedInEmail } from '../lib/account/session';
import { calendarFileName, quoteCalendar as calendarOf } from '../lib/quote/calendar';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { API_SECURITY_HEADERS } from '../lib/security-headers';
import { opensQuote } from '../lib/view-token';
import { pagePath } from '../lib/worker-paths';
import { isReference } from '../../src/lib/reference';
import { confirmationFill } from './quote-fill';
import { routeMapFill, withMapAttributes } from './route-map-fill';

type PageContext = Context<AppBindings>;

/** `token` is null when opened by the owner's session. */
export interface OpenedQuote {
  quote: StoredQuote;
  token: string | null;
}

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

export const quotePageHref = (reference: string, token: string | null, extra: Record<string, string> = {}) =>
  quoteLink(PAGE_PATHS.confirmation, reference, token, extra);

const calendarHref = (reference: string, token: string | null) => quoteLink(PAGE_PATHS.calendar, reference, token);

export async function showConfirmation(c: PageContext): Promise<Response> {
  const url = new URL(c.req.url);
  if (pagePath(url.pathname) !== PAGE_PATHS.confirmation) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  if (!url.searchParams.has('ref') && !url.searchParams.has('t')) {
    return new Response(null, { status: 302, headers: { ...API_SECURITY_HEADERS, Location: PAGE_PATHS.quote } });
  }
  const opened = await openedQuote(c);
  if (!opened) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const done = url.searchParams.get('done');
  return quotePage(c, opened, 200, doneNotice(done) ? { done: done! } : {});
}

export interface QuotePageState extends ManageState {
  errors?: Record<string, string>;
  general?: string;
  /** A refused post's fields, every one shown again as typed (issue 30, item 11). */
  values?: URLSearchParams;
  /** A refusal's own headers (Retry-After). */
  headers?: Record<string, string>;
}

/** Not the customer's words: the page writes its own. */
const NOT_TYPED = new Set(['ref', 't', 'action', 'website']);

/** Its forms post to this site, so it takes the account pages' referrer policy. */
export async function quotePage(c: PageContext, opened: OpenedQuote, status: number, state: QuotePageState = {}): Promise<Response> {
  const { quote, token } = opened;
  const now = requestNow(c);
  const [page, history] = await Promise.all([prebuiltPage(c.env, c.req.url, PAGE_PATHS.confirmation), moveHistory(c.env.DB, quote)]);
  const map = routeMapFill(quote);
  const manage = manageFill(quote, now, state);
  const about = movePageFill(quote, now);
  const errors = state.errors ?? {};
  const problems = errorFill(errors, state.general);
  const fill = mergeFills(confirmationFill(quote), about, manage, problems, map?.fill ?? {});
  // No calendar link for a move that is cancelled or over, not even hidden.
  fill.href = {
    ...(about.upcoming ? { calendar: calendarHref(quote.reference, token) } : {}),
    self: quotePageHref(quote.reference, token),
  };
  const hasErrors = Object.keys(errors).length > 0 || !!state.general;
  const values = manageValues(quote, token, state);
  for (const name of new Set(state.values?.keys())) {
    if (!NOT_TYPED.has(name)) values.set(name, state.values?.get(name) ?? '');
  }
  const filled = filledPage(
    page,
    { ...fill, form: { values, errors }, hasErrors, focus: hasErrors ? 'errors' : manage.focus, title: about.title },
    status,
    { ...ACCOUNT_PAGE, ...state.headers },
  );
  const withHistory = new HTMLRewriter()
    .on('[data-history-list]', {
      element(element) {
        element.setInnerContent(historyRows(quote, history), { html: true });
      },
    })
    .transform(filled);
  return map ? withMapAttributes(withHistory, map.attributes) : withHistory;
}

export async function quoteCalendar(c: PageContext): Promise<Response> {
  const opened = await openedQuote(c);
  if (!opened) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  return new Response(calendarOf(opened.quote, config(c.env).siteUrl), {
    headers: {
      ...PRIVATE_PAGE,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${calendarFileName(opened.quote)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
