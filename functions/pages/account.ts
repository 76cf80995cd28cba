// /account, "Your moves" (issue 19): each quote links to its confirmation page, which opens for the session that owns it.
import type { Context } from 'hono';
import { movesPhrase } from '~/lib/erasure';
import { formRoute, perClientForm } from '../lib/pipeline';
import { eraseAddress } from '../lib/account/erase';
import { requestNow } from '../lib/clock';
import { clearSessionCookie, signOut as endSession, type SessionBindings } from '../lib/sessions';
import { loginPage } from './login';

/** Behind `customerOnly` (functions/lib/account/session.ts), which set `c.var.session`. */
type PageContext = Context<SessionBindings>;

/** Their buttons' forms carry no field: a small body, a form, from this site (refused, the error shape). */
const BUTTON_FORM = { maxBytes: 1024, limit: perClientForm<SessionBindings>() };

async function eraseData(c: PageContext): Promise<Response> {
  const { kept, withdrawn } = await eraseAddress(c.env, c.var.session.email, requestNow(c));
  clearSessionCookie(c, 'customer');
  const page = await loginPage(c, 200, {
    notice: 'deleted',
    deleted: { kept: kept.length ? movesPhrase(kept) : null, withdrawn: withdrawn.length ? movesPhrase(withdrawn) : null },
  });
  // The cleared cookie was set on the context; this page is a Response of its own.
  for (const cookie of c.res.headers.getSetCookie()) page.headers.append('Set-Cookie', cookie);
  return page;
}

/** "Delete my data": every record of the address but a booked move still to come, then the sign-in page saying so. */
export const deleteData = formRoute(BUTTON_FORM, eraseData);

/** This device, or every device (the one sign-out of every role: functions/lib/sessions.ts). */
export const signOut = (everywhere: boolean) => formRoute(BUTTON_FORM, (c: PageContext) => endSession(c, everywhere));
