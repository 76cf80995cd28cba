/**
 * Passwordless sign-in (issue 19). POST /login answers the same page whether or not the address has quotes. Opening a
 * link (GET or HEAD, as mail scanners do) shows a button and spends nothing; only its POST signs in (issue 30).
 */
import type { Context } from 'hono';
import { ACCOUNT_PATHS, SIGN_IN_LINK_FIELD as LINK_FIELD, signInSchema } from '~/lib/account';
import { fieldErrors, isHoneypotFilled } from '~/lib/schemas';
import type { AppBindings } from '../env';
import { sendSignInLink } from '../lib/account/sign-in';
import { signInLinkEmail, useSignInLink } from '../lib/account/tokens';
import { readFormPost } from '../lib/form-post';
import { REFUSALS, type Refusal } from '../lib/http';
import { astroPageAt } from '../lib/astro-page';
import { ACCOUNT_PAGE, PRIVATE_PAGE } from '~/lib/page-headers';
import { clientKey, withinLimit } from '../lib/rate-limit';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import { LOGIN_ANSWER_PAGE } from './login-view';
import type { LoginView } from '~/lib/views/login';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { auditStatement } from '../lib/office/audit';
import { staffMember } from '../lib/office/staff';
import { startSession } from '../lib/sessions';
import { partnerByEmail } from '../lib/partners/read';
import { PARTNER_PATHS } from '~/lib/partners/apply';

type PageContext = Context<AppBindings>;

/** A sign-in address, or a link's token, is short: anything longer than this is not our form. */
const MAX_LOGIN_BODY = 2048;

export function loginPage<E extends AppBindings>(
  c: Context<E>,
  status: number,
  view: LoginView,
  headers: Record<string, string> = {},
): Promise<Response> {
  // Its address carries a live token: no referrer at all leaves it (its one form copes: same-origin.ts).
  return astroPageAt(c, LOGIN_ANSWER_PAGE, view, { status, headers: { ...(view.link ? PRIVATE_PAGE : ACCOUNT_PAGE), ...headers } });
}

const refused = (c: PageContext, refusal: Refusal, values?: URLSearchParams) =>
  loginPage(c, refusal.status, { errors: { form: refusal.error.message }, email: values?.get('email') ?? '' }, refusal.headers);

export async function askForSignInLink(c: PageContext): Promise<Response> {
  const posted = await readFormPost(c, MAX_LOGIN_BODY);
  if ('refusal' in posted) return refused(c, posted.refusal, posted.values);
  const { values } = posted;
  if (!(await withinLimit(c.env, 'SIGN_IN_LIMITER', `signin:${clientKey(c)}`))) return refused(c, REFUSALS.rateLimited, values);

  const body = { email: values.get('email') ?? '', website: values.get('website') ?? '' };
  const email = body.email;
  const sent = () => loginPage(c, 200, { notice: 'sent', email });
  if (isHoneypotFilled(body)) return sent();
  const checked = signInSchema.safeParse(body);
  if (!checked.success) return loginPage(c, 400, { email, errors: fieldErrors(checked.error) });
  // The answer is whole before any e-mail work starts (the address's rate limit, the look-up of its quotes, the link,
  // the outbox), so a known address is not told apart by the time it takes.
  const page = await sent();
  const answer = await page.arrayBuffer();
  c.executionCtx.waitUntil(
    sendSignInLink(c.env, checked.data.email).catch((error: unknown) => console.error('sign-in link not sent', error)),
  );
  return new Response(answer, page);
}

const unusableLink = (c: PageContext) => loginPage(c, 400, { notice: 'expired' });

/** GET (and HEAD) of the e-mailed link: a button that posts the token, or the notice if the link is already known dead. */
export async function showSignInLink(c: PageContext): Promise<Response> {
  const token = c.req.query(LINK_FIELD);
  if (!token || !(await signInLinkEmail(c.env.DB, token, new Date()))) return unusableLink(c);
  return loginPage(c, 200, { notice: 'link', link: token });
}

/** The button's POST: spends the link (once, whoever asks first), starts the session. */
export async function signInWithLink(c: PageContext): Promise<Response> {
  const posted = await readFormPost(c, MAX_LOGIN_BODY, fromOwnNoReferrerPage);
  if ('refusal' in posted) return refused(c, posted.refusal);
  const now = new Date();
  const link = await useSignInLink(c.env.DB, posted.values.get(LINK_FIELD), now);
  if (!link) return unusableLink(c);
  c.header('Referrer-Policy', 'same-origin');
  c.header('Cache-Control', 'no-store');
  if (link.role === 'staff') {
    // Removed between the e-mail and the click: the link is spent and opens nothing.
    if (!(await staffMember(c.env, link.email))) return unusableLink(c);
    const signedIn = auditStatement(c.env.DB, { actor: link.email, action: 'signed_in', detail: 'Signed in to the office' }, now);
    await startSession(c, 'staff', link.email, now, [signedIn]);
    return c.redirect(OFFICE_PATHS.home, 303);
  }
  if (link.role === 'partner') {
    // Refused or removed between the e-mail and the click: the link is spent and opens nothing.
    const partner = await partnerByEmail(c.env.DB, link.email);
    if (!partner) return unusableLink(c);
    const line = { actor: link.email, action: 'partner_signed_in', reference: partner.reference, detail: 'Signed in to the partner page' };
    await startSession(c, 'partner', link.email, now, [auditStatement(c.env.DB, line, now)]);
    return c.redirect(PARTNER_PATHS.home, 303);
  }
  await startSession(c, 'customer', link.email, now);
  return c.redirect(ACCOUNT_PATHS.account, 303);
}
