/** The signed-in address of a request, for the pages that show a customer their own quotes. */
import type { Context } from 'hono';
import type { AppBindings } from '../../env';
import { sessionCookie } from './cookie';
import { accountEmail, sessionEmail } from './tokens';

/** The address of the live session on this request, or null. */
export const signedInEmail = (c: Context<AppBindings>) => sessionEmail(c.env.DB, sessionCookie(c), new Date());

/** Whether the session's address made the quote (addresses compared lower-cased). */
export const ownsQuote = (sessionAddress: string | null, quote: { email: string }) =>
  sessionAddress !== null && accountEmail(quote.email) === sessionAddress;
