/**
 * GET /quote-confirmation?ref={reference}&t={token}: a stored quote's confirmation, the prebuilt page filled from
 * D1 (quote-fill.ts), for as long as the quote is kept; and GET /api/quote-calendar?ref=&t=, its move date as an
 * .ics file. Both open only with the quote's view token (view-token.ts), or for the session of the address that made
 * the quote (issue 19: /account links to its quotes without a token). A wrong or missing token and an unknown
 * reference get the same answer, the site's 404 page with status 404, so nothing tells which references exist;
 * no parameters at all go to /quote, as the spec says of a confirmation with nothing to confirm. The other spellings
 * of the page's path (`/quote-confirmation/`, `.html`…) are answered here too, the same way: the asset server would
 * redirect them with the token in the Location.
 */
import type { Context } from 'hono';
import { PAGE_PATHS } from '../../src/lib/api';
import type { AppBindings } from '../env';
import { config } from '../lib/config';
import { filledPage, mergeFills, notFoundPage, prebuiltPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { ownsQuote, signedInEmail } from '../lib/account/session';
import { calendarFileName, quoteCalendar as calendarOf } from '../lib/quote/calendar';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { API_SECURITY_HEADERS } from '../lib/security-headers';
import { calendarPath, opensQuote } from '../lib/view-token';
import { pagePath } from '../lib/worker-paths';
import { isReference } from '../../src/lib/reference';
import { confirmationFill } from './quote-fill';
import { routeMapFill, withMapAttributes } from './route-map-fill';

type PageContext = Context<AppBindings>;

/**
 * The quote the link opens, or null (for every reason alike): with its view token, or (no token in the address) for
 * the signed-in session of the address that made it, as /account links to it. A token that does not open it is
 * refused even with a session.
 */
async function openedQuote(c: PageContext): Promise<{ quote: StoredQuote; token: string | null } | null> {
  const reference = c.req.query('ref') ?? null;
  const token = c.req.query('t') ?? null;
  if (token === null && reference !== null && isReference(reference)) {
    const [email, quote] = await Promise.all([signedInEmail(c), findQuote(c.env.DB, { reference })]);
    return quote && ownsQuote(email, quote) ? { quote, token: null } : null;
  }
  if (!(await opensQuote(c.env.DB, reference, token)) || !reference || !token) return null;
  const quote = await findQuote(c.env.DB, { reference });
  return quote ? { quote, token } : null;
}

/** The calendar file's address for whoever opened the page: the same token, or none for the owner's session. */
const calendarHref = (reference: string, token: string | null) =>
  token ? calendarPath(reference, token) : `${PAGE_PATHS.calendar}?${new URLSearchParams({ ref: reference })}`;

export async function showConfirmation(c: PageContext): Promise<Response> {
  const url = new URL(c.req.url);
  if (pagePath(url.pathname) !== PAGE_PATHS.confirmation) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  if (!url.searchParams.has('ref') && !url.searchParams.has('t')) {
    return new Response(null, { status: 302, headers: { ...API_SECURITY_HEADERS, Location: PAGE_PATHS.quote } });
  }
  const opened = await openedQuote(c);
  if (!opened) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const { quote } = opened;
  const [page, map] = await Promise.all([
    prebuiltPage(c.env, c.req.url, PAGE_PATHS.confirmation),
    // A quote still to be priced has no measured route to draw.
    quote.pricing ? routeMapFill(c.env, quote.fromPostcode, quote.toPostcode, quote.pricing.distance) : null,
  ]);
  const fill = map ? mergeFills(confirmationFill(quote), map.fill) : confirmationFill(quote);
  fill.href = { calendar: calendarHref(quote.reference, opened.token) };
  const filled = filledPage(page, fill, 200, PRIVATE_PAGE);
  return map ? withMapAttributes(filled, map.attributes) : filled;
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
