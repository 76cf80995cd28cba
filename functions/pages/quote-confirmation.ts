/**
 * GET /quote-confirmation?ref={reference}&t={token}: a stored quote's confirmation, the prebuilt page filled from
 * D1 (quote-fill.ts), for as long as the quote is kept; and GET /api/quote-calendar?ref=&t=, its move date as an
 * .ics file. Both open only with the quote's view token (view-token.ts). A wrong or missing token and an unknown
 * reference get the same answer, the site's 404 page with status 404, so nothing tells which references exist;
 * no parameters at all go to /quote, as the spec says of a confirmation with nothing to confirm.
 */
import type { Context } from 'hono';
import { PAGE_PATHS } from '../../src/lib/api';
import { formatMoney } from '../../src/lib/money';
import { site } from '../../src/site.config';
import type { AppBindings } from '../env';
import { config } from '../lib/config';
import { calendarFile } from '../lib/ics';
import { filledPage, mergeFills, notFoundPage, prebuiltPage } from '../lib/prebuilt-page';
import { API_SECURITY_HEADERS } from '../lib/security-headers';
import { calendarPath, opensQuote } from '../lib/view-token';
import { confirmationFill, type StoredQuote } from './quote-fill';
import { routeMapFill, withMapAttributes } from './route-map-fill';

/** The link carries a secret: no referrer leaves the page, no cache keeps it, no search engine lists it. */
const PRIVATE_PAGE = { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' };

type PageContext = Context<AppBindings>;

/** The quote the link opens, or null (for every reason alike). */
async function openedQuote(c: PageContext): Promise<{ quote: StoredQuote; token: string } | null> {
  const reference = c.req.query('ref') ?? null;
  const token = c.req.query('t') ?? null;
  if (!(await opensQuote(c.env.DB, reference, token)) || !reference || !token) return null;
  const quote = await c.env.DB.prepare(
    `SELECT q.*, (SELECT status FROM email_outbox o WHERE o.record_reference = q.reference AND o.kind = 'customer') AS customer_status
     FROM quote_requests q WHERE q.reference = ?`,
  )
    .bind(reference)
    .first<StoredQuote>();
  return quote ? { quote, token } : null;
}

export async function showConfirmation(c: PageContext): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  if (!query.has('ref') && !query.has('t')) {
    return new Response(null, { status: 302, headers: { ...API_SECURITY_HEADERS, Location: PAGE_PATHS.quote } });
  }
  const opened = await openedQuote(c);
  if (!opened) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const { quote } = opened;
  const [page, map] = await Promise.all([
    prebuiltPage(c.env, c.req.url, PAGE_PATHS.confirmation),
    routeMapFill(c.env, quote.from_postcode, quote.to_postcode, (JSON.parse(quote.pricing) as { distance: number }).distance),
  ]);
  const fill = map ? mergeFills(confirmationFill(quote), map.fill) : confirmationFill(quote);
  fill.href = { calendar: calendarPath(quote.reference, opened.token) };
  const filled = filledPage(page, fill, 200, PRIVATE_PAGE);
  return map ? withMapAttributes(filled, map.attributes) : filled;
}

export async function quoteCalendar(c: PageContext): Promise<Response> {
  const opened = await openedQuote(c);
  if (!opened) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const { quote } = opened;
  const body = calendarFile(
    {
      uid: `${quote.reference}@${new URL(config(c.env).siteUrl).hostname}`,
      date: quote.move_date,
      summary: `Moving day: ${site.brand} quote ${quote.reference}`,
      description: `${site.brand} quote ${quote.reference}, ${quote.from_postcode} to ${quote.to_postcode}, estimated ${formatMoney(
        (JSON.parse(quote.pricing) as { total: number }).total,
      )}. Questions? Call ${site.phone.display} or e-mail ${site.email}.`,
      stamp: new Date(),
    },
    `-//${site.brand}//Quote//EN`,
  );
  return new Response(body, {
    headers: {
      ...PRIVATE_PAGE,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${site.brand.toLowerCase()}-move-${quote.reference}.ics"`,
      'Cache-Control': 'no-store',
    },
  });
}
