// POST /move-payment, the move page's "Pay the deposit" and "Pay the balance" (issue 34): a plain form whose answer is a
// 303 to Stripe Checkout: the purpose's open session when there is one (issue 39: a second tab or click pays nothing
// twice). A post that does not open the quote gets the same 404 as a wrong link.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import {
  PAYMENT_CANCELLED,
  PAYMENT_PURPOSES,
  PAYMENT_RETURN_PARAM,
  PAYMENT_WORDS,
  unsettledWords,
  type PaymentPurpose,
} from '~/lib/payments';
import type { AppBindings } from '../env';
import { requestNow } from '../lib/clock';
import { formRoute, perClient } from '../lib/pipeline';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import { seeOther } from '../lib/http';
import { moneyOwed } from '../lib/payments/due';
import { onlineDayGone, readyForDeposit } from '../lib/quote/instant';
import { INSTANT_WORDS } from '~/lib/instant-booking';
import { openCheckout, type CheckoutOutcome } from '../lib/payments/open';
import { quotePageHref, type OpenedQuote } from './move-view';
import type { Env } from '../env';
import { moveNotOpened, movePageRefusal, openQuote, quotePage } from './quote-confirmation';

const MAX_PAY_BODY = 4 * 1024;

/**
 * What the payment buttons post besides the move's link (`ref`, `t`, read as typed by openQuote): the purpose, or null for
 * anything else (no page posts one), which is answered as a purpose with nothing to pay (409), once the link opens the move.
 */
const paySchema = z.object({ purpose: z.catch(z.nullable(z.enum(PAYMENT_PURPOSES)), null) });
/** Book now posts nothing but the move's link. */
const bookNowSchema = z.object({});

/** The move page's payment forms: its secret in the address (no referrer), the client's bucket for paying. */
const PAY_FORM = {
  maxBytes: MAX_PAY_BODY,
  origin: fromOwnNoReferrerPage,
  limit: perClient('QUOTE_LIMITER', 'pay'),
  page: movePageRefusal({ keepValues: false }),
};

async function pay(c: Context<AppBindings>, { purpose }: z.output<typeof paySchema>, typed: URLSearchParams): Promise<Response> {
  const opened = await openQuote(c, typed.get('ref'), typed.get('t') || null);
  if (!opened) return moveNotOpened(c);
  // Paid already (a second tab, the back button) or not owed: the page says there is nothing to pay.
  const owed = purpose ? await moneyOwed(c.env.DB, opened.quote) : null;
  const amount = purpose ? owed?.due[purpose] : undefined;
  if (!purpose || amount === undefined) return quotePage(c, opened, 409, { general: PAYMENT_WORDS.nothingToPay });
  // A payment for it not yet settled (the bank's answer, or the office's about a mismatch): nothing more is asked meanwhile.
  const unsettled = owed?.pending[purpose];
  if (unsettled) return quotePage(c, opened, 409, { general: unsettledWords(unsettled) });
  if (purpose === 'deposit' && (await onlineDayGone(c.env.DB, opened.quote)))
    return quotePage(c, opened, 409, { general: INSTANT_WORDS.full });
  return checkoutAnswer(c, opened, await checkoutFor(c.env, opened, purpose, amount, new URL(c.req.url).origin, requestNow(c)));
}

/**
 * POST /move-book-now (issue 41 item 2): a standard move, stored as a quote, booked online at its estimate: the move
 * page's offer, and step 5's "Book and pay the deposit now" once the wizard has stored the quote. Its answer is a 303
 * to Checkout for the deposit, or the move page saying why it needs a written quote instead.
 */
async function bookNow(c: Context<AppBindings>, _nothing: z.output<typeof bookNowSchema>, typed: URLSearchParams): Promise<Response> {
  const opened = await openQuote(c, typed.get('ref'), typed.get('t') || null);
  if (!opened) return moveNotOpened(c);
  return depositNow(c, opened);
}

export const payForMove = formRoute({ ...PAY_FORM, schema: paySchema }, pay);
export const bookMoveNow = formRoute({ ...PAY_FORM, schema: bookNowSchema }, bookNow);

/** The deposit of a move booked online, `opened` just stored or opened by its link: Checkout, or why not. */
export async function depositNow(c: Context<AppBindings>, opened: OpenedQuote): Promise<Response> {
  const now = requestNow(c);
  const ready = await readyForDeposit(c.env, opened.quote, now);
  if (!ready.ok) return quotePage(c, opened, 409, { general: ready.message });
  const owed = await moneyOwed(c.env.DB, opened.quote);
  const amount = owed.due.deposit;
  if (amount === undefined) return quotePage(c, opened, 409, { general: PAYMENT_WORDS.nothingToPay });
  if (owed.pending.deposit) return quotePage(c, opened, 409, { general: unsettledWords(owed.pending.deposit) });
  return checkoutAnswer(c, opened, await checkoutFor(c.env, opened, 'deposit', amount, new URL(c.req.url).origin, now));
}

/** Stripe's page, or the move page saying why not: a bank payment pending, a session paid meanwhile, Stripe unreachable. */
export function checkoutAnswer(c: Context<AppBindings>, opened: OpenedQuote, outcome: CheckoutOutcome): Promise<Response> | Response {
  switch (outcome.kind) {
    case 'redirect':
      return seeOther(outcome.url);
    case 'settled':
      return seeOther(quotePageHref(opened.quote.reference, opened.token, { [PAYMENT_RETURN_PARAM]: outcome.sessionId }));
    case 'pending':
      return quotePage(c, opened, 409, { general: outcome.message });
    case 'unavailable':
      return quotePage(c, opened, 503, { general: outcome.message });
  }
}

/**
 * Checkout for `purpose`, coming back to the move page the customer left (by its link, or the owner's session):
 * `{CHECKOUT_SESSION_ID}` is Stripe's placeholder, so it is written unencoded.
 */
export function checkoutFor(
  env: Env,
  opened: OpenedQuote,
  purpose: PaymentPurpose,
  amountPence: number,
  origin: string,
  now: Date,
): Promise<CheckoutOutcome> {
  const { quote, token } = opened;
  const page = `${origin}${quotePageHref(quote.reference, token)}`;
  return openCheckout(
    env,
    {
      reference: quote.reference,
      purpose,
      amountPence,
      email: quote.email,
      successUrl: `${page}&${PAYMENT_RETURN_PARAM}={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${page}&${PAYMENT_RETURN_PARAM}=${PAYMENT_CANCELLED}`,
    },
    now,
  );
}
