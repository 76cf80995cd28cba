import type { Context } from 'hono';
import type { AppBindings } from '../../env';
import { sessionCookie } from './cookie';
import { accountEmail, sessionEmail } from './tokens';

export const signedInEmail = <E extends AppBindings>(c: Context<E>) => sessionEmail(c.env.DB, sessionCookie(c), new Date());

export const ownsQuote = (sessionAddress: string | null, quote: { email: string }) =>
  sessionAddress !== null && accountEmail(quote.email) === sessionAddress;
