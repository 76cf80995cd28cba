// POST /move-texts, the move page's "Text me on the day" (issue 44 item 4): a plain form that turns day-of-move texts on
// (only ever by the customer's own choice, to the move's UK mobile) or off. A post that does not open the quote gets the
// same 404 as a wrong link; done, 303 back to the page, which says so.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { ukMobile, TEXTS_NEED_MOBILE } from '~/lib/texts-consent';
import type { AppBindings } from '../env';
import { requestNow } from '../lib/clock';
import { formRoute, perClient } from '../lib/pipeline';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import { consentOff, consentOn } from '../lib/sms-consent';
import { moveNotOpened, movePageRefusal, openQuote, quotePage } from './quote-confirmation';
import { quotePageHref } from './move-view';
import { seeOther } from '../lib/http';

const MAX_BODY = 1024;
const CLOSED = new Set(['cancelled', 'declined']);

/**
 * The button's choice, besides the move's link (`ref`, `t`, read as typed by openQuote). Anything else (no page posts it)
 * is the move's page with the message by the button (movePageRefusal), or the 404 of a link that opens no move.
 */
const textsSchema = z.object({ texts: z.enum(['on', 'off'], 'Please use the button on the form.') });

async function setTexts(c: Context<AppBindings>, { texts }: z.output<typeof textsSchema>, typed: URLSearchParams): Promise<Response> {
  const opened = await openQuote(c, typed.get('ref'), typed.get('t') || null);
  if (!opened) return moveNotOpened(c);
  const { quote, token } = opened;
  const now = requestNow(c);
  if (texts === 'off') {
    await consentOff(c.env.DB, quote.reference, now).run();
    return seeOther(quotePageHref(quote.reference, token, { done: 'texts_off' }));
  }
  if (CLOSED.has(quote.status))
    return quotePage(c, opened, 409, { general: 'This move is not going ahead, so there is nothing to text you about.' });
  const mobile = ukMobile(quote.phone);
  if (!mobile) return quotePage(c, opened, 422, { errors: { texts: TEXTS_NEED_MOBILE } });
  await consentOn(c.env.DB, quote.reference, mobile, 'move_page', now).run();
  return seeOther(quotePageHref(quote.reference, token, { done: 'texts_on' }));
}

export const setMoveTexts = formRoute(
  {
    maxBytes: MAX_BODY,
    origin: fromOwnNoReferrerPage,
    limit: perClient('QUOTE_LIMITER', 'texts'),
    schema: textsSchema,
    page: movePageRefusal({ keepValues: false }),
  },
  setTexts,
);
