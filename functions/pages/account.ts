// /account, "Your moves" (issue 19): each quote links to its confirmation page, which opens for the session that owns it.
import type { Context } from 'hono';
import { ACCOUNT_PATHS } from '~/lib/account';
import { movesPhrase } from '~/lib/erasure';
import type { AppBindings } from '../env';
import { clearSessionCookie, sessionCookie } from '../lib/account/cookie';
import { signedInEmail } from '../lib/account/session';
import { endSession } from '../lib/account/tokens';
import { refusalJson, REFUSALS } from '../lib/http';
import { fromOwnOrigin } from '../lib/same-origin';
import { eraseAddress } from '../lib/account/erase';
import { requestNow } from '../lib/clock';
import { loginPage } from './login';

type PageContext = Context<AppBindings>;

export async function deleteData(c: PageContext): Promise<Response> {
  if (!fromOwnOrigin(c)) return refusalJson(c, REFUSALS.foreignForm);
  const email = await signedInEmail(c);
  if (!email) return c.redirect(ACCOUNT_PATHS.login, 303);
  const { kept, withdrawn } = await eraseAddress(c.env, email, requestNow(c));
  clearSessionCookie(c);
  const page = await loginPage(c, 200, {
    notice: 'deleted',
    deleted: { kept: kept.length ? movesPhrase(kept) : null, withdrawn: withdrawn.length ? movesPhrase(withdrawn) : null },
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
