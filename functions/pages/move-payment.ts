// POST /move-payment, the move page's "Pay the deposit" (issue 34): a plain form whose answer is a 303 to Stripe Checkout.
// A post that does not open the quote gets the same 404 as a wrong link.
import type { Context } from 'hono';
import { PAYMENT_WORDS } from '~/lib/payments';
import type { AppBindings } from '../env';
import { requestNow } from '../lib/clock';
import { readFormPost } from '../lib/form-post';
import { REFUSALS, refusalJson, seeOther } from '../lib/http';
import { acceptedWrittenQuote, checkoutDeposit, paidPurpose } from '../lib/payments/deposit';
import { notFoundPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { clientKey, withinLimit } from '../lib/rate-limit';
import { openQuote, quotePage, quotePageHref } from './quote-confirmation';

const MAX_PAY_BODY = 4 * 1024;

export async function payForMove(c: Context<AppBindings>): Promise<Response> {
  const posted = await readFormPost(c, MAX_PAY_BODY);
  if ('refusal' in posted) return refusalJson(c, posted.refusal);
  const { values } = posted;
  const opened = await openQuote(c, values.get('ref'), values.get('t') || null);
  if (!opened) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  if (!(await withinLimit(c.env, 'QUOTE_LIMITER', `pay:${clientKey(c)}`))) {
    const { error, headers } = REFUSALS.rateLimited;
    return quotePage(c, opened, 429, { general: error.message, headers });
  }
  const { quote, token } = opened;
  // Paid already (a second tab, the back button): the page says so rather than taking it twice.
  if (await paidPurpose(c.env.DB, quote.reference, 'deposit')) return seeOther(quotePageHref(quote.reference, token));
  const deposit = await acceptedWrittenQuote(c.env.DB, quote.reference);
  if (values.get('purpose') !== 'deposit' || !deposit || quote.status === 'cancelled') {
    return quotePage(c, opened, 409, { general: PAYMENT_WORDS.nothingToPay });
  }
  const started = await checkoutDeposit(c.env, opened, deposit, new URL(c.req.url).origin, requestNow(c));
  if (!started.ok) return quotePage(c, opened, 503, { general: started.message });
  return seeOther(started.url);
}
