// What /account shows a signed-in customer: their quotes, newest first, and their referral code.
import { formatLongDate } from '~/lib/dates';
import { STATUS_LABELS } from '~/lib/move-status';
import { payText, PRICE_PENDING } from '~/lib/price-lines';
import { priceToPay } from '~/lib/price-to-pay';
import type { Env } from '../env';
import { sessionCookieName } from '../lib/account/cookie';
import { referralCodeFor } from '../lib/account/referrals';
import { sessionEmail } from '../lib/account/tokens';
import { quotesFor } from '../lib/quote/store';
import { quotePageHref } from './quote-confirmation';
import type { AccountView } from '~/lib/views/account';

/** The session cookie's value, as the page reads it: `__Host-` over https, plain over local http. */
export const sessionCookieOf = (url: URL, cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(sessionCookieName(url.href))?.value;

/** Null without a live session: the page sends the visitor to /login. */
export async function accountView(env: Env, session: string | undefined, now: Date): Promise<AccountView | null> {
  const email = await sessionEmail(env.DB, session, now);
  if (!email) return null;
  const [quotes, code] = await Promise.all([quotesFor(env.DB, email), referralCodeFor(env.DB, email, now)]);
  return {
    email,
    code,
    quotes: quotes.map((quote) => {
      const pay = priceToPay(quote);
      return {
        reference: quote.reference,
        href: quotePageHref(quote.reference, null),
        from: quote.fromPostcode,
        to: quote.toPostcode,
        moveDate: formatLongDate(quote.moveDate),
        askedOn: formatLongDate(quote.createdAt.slice(0, 10)),
        total: pay ? payText(pay) : 'To be confirmed',
        status: quote.pricing || quote.status !== 'quoted' ? STATUS_LABELS[quote.status] : PRICE_PENDING.title,
      };
    }),
  };
}
