// /account, "Your moves" (issue 19): each quote links to its confirmation page, which opens for the session that owns it.
import type { Context } from 'hono';
import { ACCOUNT_PATHS } from '../../src/lib/account';
import { formatLongDate } from '../../src/lib/dates';
import { payText, PRICE_PENDING } from '../../src/lib/price-lines';
import { priceToPay } from '../../src/lib/price-to-pay';
import { movesPhrase } from '../../src/lib/erasure';
import { STATUS_LABELS } from '../../src/lib/move-status';
import type { AppBindings } from '../env';
import { clearSessionCookie, sessionCookie } from '../lib/account/cookie';
import { signedInEmail } from '../lib/account/session';
import { endSession } from '../lib/account/tokens';
import { escapeHtml as e } from '../lib/escape';
import { refusalJson, REFUSALS } from '../lib/http';
import { filledPage, notFoundPage, prebuiltPage, ACCOUNT_PAGE } from '../lib/prebuilt-page';
import { pagePath } from '../lib/worker-paths';
import { quotesFor } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { fromOwnOrigin } from '../lib/same-origin';
import { eraseAddress } from '../lib/account/erase';
import { referralCodeFor } from '../lib/account/referrals';
import { requestNow } from '../lib/clock';
import { loginPage } from './login';
import { quotePageHref } from './quote-confirmation';

type PageContext = Context<AppBindings>;

const dateFromIso = (iso: string) => formatLongDate(iso.slice(0, 10));

/** The markup of QuoteRow.astro, whose classes the page's CSS keeps. */
function quoteRow(quote: StoredQuote): string {
  const pay = priceToPay(quote);
  const total = pay ? payText(pay) : 'To be confirmed';
  const status = quote.pricing || quote.status !== 'quoted' ? STATUS_LABELS[quote.status] : PRICE_PENDING.title;
  return `<li class="card grid gap-3 sm:grid-cols-[1fr_auto] sm:items-center">
  <div>
    <h2 class="text-lg"><a class="text-brand-800 underline underline-offset-2" href="${e(quotePageHref(quote.reference, null))}">Quote ${e(quote.reference)}</a></h2>
    <p class="mt-1 text-ink-muted">From ${e(quote.fromPostcode)} to ${e(quote.toPostcode)}</p>
    <p class="mt-1 text-sm text-ink-muted">Moving on ${e(formatLongDate(quote.moveDate))} · Asked for on ${e(dateFromIso(quote.createdAt))}</p>
  </div>
  <div class="sm:text-right">
    <p class="text-xl font-bold text-ink">${e(total)}</p>
    <p class="mt-1 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">${e(status)}</p>
  </div>
</li>`;
}

/** GET /account, and GET /account/delete: the same page asking to confirm the deletion. */
export function accountPage(confirmDelete: boolean) {
  return async (c: PageContext): Promise<Response> => {
    // Spellings under /account that are not the page itself (/account/anything) are the site's 404.
    const path = pagePath(new URL(c.req.url).pathname);
    if (path !== (confirmDelete ? ACCOUNT_PATHS.deleteData : ACCOUNT_PATHS.account)) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
    const email = await signedInEmail(c);
    if (!email) return c.redirect(ACCOUNT_PATHS.login, 303);
    const [page, quotes, code] = await Promise.all([
      prebuiltPage(c.env, c.req.url, ACCOUNT_PATHS.account),
      quotesFor(c.env.DB, email),
      referralCodeFor(c.env.DB, email, requestNow(c)),
    ]);
    const show = [...(quotes.length ? [] : ['no-quotes']), ...(confirmDelete ? ['delete-confirm'] : [])];
    const focus = confirmDelete ? 'delete-confirm' : undefined;
    const filled = filledPage(page, { text: { email, 'referral-code': code }, show, focus }, 200, ACCOUNT_PAGE);
    const list = new HTMLRewriter().on('[data-quote-list]', {
      element(element) {
        element.setInnerContent(quotes.map(quoteRow).join(''), { html: true });
      },
    });
    return list.transform(filled);
  };
}

export async function deleteData(c: PageContext): Promise<Response> {
  if (!fromOwnOrigin(c)) return refusalJson(c, REFUSALS.foreignForm);
  const email = await signedInEmail(c);
  if (!email) return c.redirect(ACCOUNT_PATHS.login, 303);
  const { kept, withdrawn } = await eraseAddress(c.env, email, requestNow(c));
  clearSessionCookie(c);
  const page = await loginPage(c, 200, {
    show: ['deleted', kept.length ? 'deleted:kept' : 'deleted:all', ...(withdrawn.length ? ['deleted:withdrawn'] : [])],
    text: { 'kept-moves': movesPhrase(kept), 'withdrawn-requests': movesPhrase(withdrawn) },
    focus: 'deleted',
  });
  // The cleared cookie was set on the context; this page is a Response of its own.
  for (const cookie of c.res.headers.getSetCookie()) page.headers.append('Set-Cookie', cookie);
  return page;
}

export function signOut(everywhere: boolean) {
  return async (c: PageContext): Promise<Response> => {
    if (!fromOwnOrigin(c)) return refusalJson(c, REFUSALS.foreignForm);
    await endSession(c.env.DB, sessionCookie(c), everywhere);
    clearSessionCookie(c);
    c.header('Cache-Control', 'no-store');
    return c.redirect(ACCOUNT_PATHS.login, 303);
  };
}
