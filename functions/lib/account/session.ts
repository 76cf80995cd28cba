/** The customer's side of the one session system (functions/lib/sessions.ts): their gate and who is signed in. */
import type { Context } from 'hono';
import { ACCOUNT_PATHS } from '~/lib/account';
import type { AppBindings } from '../../env';
import { requestNow } from '../clock';
import { clearSessionCookie, hasSessionCookie, readSession, sessionGate, type SessionBindings } from '../sessions';
import { accountEmail } from '~/lib/account';

export const signedInEmail = async <E extends AppBindings>(c: Context<E>) =>
  (await readSession(c.env.DB, c.req.raw, 'customer', requestNow(c)))?.email ?? null;

export const ownsQuote = (sessionAddress: string | null, quote: { email: string }) =>
  sessionAddress !== null && accountEmail(quote.email) === sessionAddress;

/** /account and its posts: without a live customer session, /login (a dead cookie cleared); `c.var.session` otherwise. */
export const customerOnly = sessionGate<SessionBindings>({
  role: 'customer',
  refuse: (c) => {
    if (hasSessionCookie(c.req.raw, 'customer')) clearSessionCookie(c, 'customer');
    c.header('Cache-Control', 'no-store');
    return c.redirect(ACCOUNT_PATHS.login, 303);
  },
});
