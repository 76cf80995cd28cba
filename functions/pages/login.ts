/**
 * Passwordless sign-in (issue 19). POST /login answers the same page whether or not the address has quotes. Opening a
 * link (GET or HEAD, as mail scanners do) shows a button and spends nothing; only its POST signs in (issue 30).
 */
import type { Context } from 'hono';
import { ACCOUNT_PATHS, SIGN_IN_LINK_FIELD as LINK_FIELD, signInSchema } from '~/lib/account';
import * as z from 'zod/mini';
import type { AppBindings } from '../env';
import { sendSignInLink } from '../lib/account/sign-in';
import { signInLinkEmail, TOKEN_PATTERN, useSignInLink } from '../lib/account/tokens';
import type { Refusal } from '../lib/http';
import { formRoute, perClient, perClientForm } from '../lib/pipeline';
import { astroPageAt } from '../lib/astro-page';
import { ACCOUNT_PAGE, PRIVATE_PAGE } from '~/lib/page-headers';
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

/** A refused sign-in form: its message (by the address for an invalid one), with the address typed. */
const refused = (c: PageContext, { status, error }: Refusal, typed: URLSearchParams) =>
  loginPage(c, status, { errors: error.fields ?? { form: error.message }, email: typed.get('email') ?? '' });

const sent = (c: PageContext, email: string) => loginPage(c, 200, { notice: 'sent', email });

async function sendLink(c: PageContext, { email }: z.output<typeof signInSchema>): Promise<Response> {
  // The answer is whole before any e-mail work starts (the address's rate limit, the look-up of its quotes, the link,
  // the outbox), so a known address is not told apart by the time it takes.
  const page = await sent(c, email);
  const answer = await page.arrayBuffer();
  c.executionCtx.waitUntil(sendSignInLink(c.env, email).catch((error: unknown) => console.error('sign-in link not sent', error)));
  return new Response(answer, page);
}

const unusableLink = (c: PageContext) => loginPage(c, 400, { notice: 'expired' });

/** GET (and HEAD) of the e-mailed link: a button that posts the token, or the notice if the link is already known dead. */
export async function showSignInLink(c: PageContext): Promise<Response> {
  const token = c.req.query(LINK_FIELD);
  if (!token || !(await signInLinkEmail(c.env.DB, token, new Date()))) return unusableLink(c);
  return loginPage(c, 200, { notice: 'link', link: token });
}

/** POST /login: the same page whether or not the address is known; a bot's (the honeypot) looks sent. */
export const askForSignInLink = formRoute(
  {
    maxBytes: MAX_LOGIN_BODY,
    limit: perClient('SIGN_IN_LIMITER', 'signin'),
    schema: signInSchema,
    page: refused,
    decoy: (c: PageContext, body) => sent(c, typeof body.email === 'string' ? body.email : ''),
  },
  sendLink,
);

/** The sign-in button's one field: the link's token, as made (anything else is a link that cannot be used). */
const useLinkSchema = z.object({ [LINK_FIELD]: z.string().check(z.regex(TOKEN_PATTERN)) });

/** The button's POST: spends the link (once, whoever asks first), starts the session. */
async function useLink(c: PageContext, posted: z.output<typeof useLinkSchema>): Promise<Response> {
  const now = new Date();
  const link = await useSignInLink(c.env.DB, posted[LINK_FIELD], now);
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

/**
 * A refusal says what was wrong at the top of the sign-in page, never the address the link was for; a token missing or
 * not one is the notice of a link that cannot be used (400), as one unknown or spent.
 */
export const signInWithLink = formRoute(
  {
    maxBytes: MAX_LOGIN_BODY,
    origin: fromOwnNoReferrerPage,
    limit: perClientForm(),
    schema: useLinkSchema,
    page: (c: PageContext, refusal: Refusal) => (refusal.error.fields ? unusableLink(c) : refused(c, refusal, new URLSearchParams())),
  },
  useLink,
);
