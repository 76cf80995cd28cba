/**
 * Passwordless sign-in (issue 19). POST /login answers the same page whether or not the address has quotes. Opening a
 * link (GET or HEAD, as mail scanners do) shows a button and spends nothing; only its POST signs in (issue 30).
 */
import type { Context } from 'hono';
import { ACCOUNT_PATHS, SIGN_IN_LINK_FIELD as LINK_FIELD, signInSchema } from '../../src/lib/account';
import { fieldErrors, isHoneypotFilled } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { setSessionCookie } from '../lib/account/cookie';
import { sendSignInLink } from '../lib/account/sign-in';
import { signInLinkEmail, startSession, useSignInLink } from '../lib/account/tokens';
import { readFormPost } from '../lib/form-post';
import { REFUSALS, type Refusal } from '../lib/http';
import { errorFill, filledPage, mergeFills, prebuiltPage, ACCOUNT_PAGE, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { clientKey, withinLimit } from '../lib/rate-limit';
import { fromOwnNoReferrerPage } from '../lib/same-origin';

type PageContext = Context<AppBindings>;

/** A sign-in address, or a link's token, is short: anything longer than this is not our form. */
const MAX_LOGIN_BODY = 2048;

interface LoginState {
  show?: string[];
  text?: Record<string, string>;
  values?: URLSearchParams;
  /** A usable link's token: the page shows only the button that spends it. */
  link?: string;
  errors?: Record<string, string>;
  general?: string;
  focus?: string;
  headers?: Record<string, string>;
}

export async function loginPage(c: PageContext, status: number, state: LoginState = {}): Promise<Response> {
  const errors = state.errors ?? {};
  const fill = mergeFills(errorFill(errors, state.general), { show: state.show ?? [], text: state.text ?? {} });
  const hasErrors = Object.keys(errors).length > 0 || !!state.general;
  const values = new URLSearchParams(state.link ? { [LINK_FIELD]: state.link } : { email: state.values?.get('email') ?? '' });
  const page = filledPage(
    await prebuiltPage(c.env, c.req.url, ACCOUNT_PATHS.login),
    { ...fill, form: { values, errors }, hasErrors, focus: hasErrors ? 'errors' : state.focus },
    status,
    // Its address carries a live token: no referrer at all leaves it (its one form copes: same-origin.ts).
    { ...(state.link ? PRIVATE_PAGE : ACCOUNT_PAGE), ...state.headers },
  );
  if (!state.link) return page;
  return new HTMLRewriter()
    .on('[data-ask-link]', {
      element(element) {
        element.remove();
      },
    })
    .transform(page);
}

const refused = (c: PageContext, refusal: Refusal, values?: URLSearchParams) =>
  loginPage(c, refusal.status, {
    general: refusal.error.message,
    ...(values ? { values } : {}),
    ...(refusal.headers ? { headers: refusal.headers } : {}),
  });

export async function askForSignInLink(c: PageContext): Promise<Response> {
  const posted = await readFormPost(c, MAX_LOGIN_BODY);
  if ('refusal' in posted) return refused(c, posted.refusal, posted.values);
  const { values } = posted;
  if (!(await withinLimit(c.env, 'SIGN_IN_LIMITER', `signin:${clientKey(c)}`))) return refused(c, REFUSALS.rateLimited, values);

  const body = { email: values.get('email') ?? '', website: values.get('website') ?? '' };
  const sent = () => loginPage(c, 200, { show: ['sent'], values, focus: 'sent' });
  if (isHoneypotFilled(body)) return sent();
  const checked = signInSchema.safeParse(body);
  if (!checked.success) return loginPage(c, 400, { values, errors: fieldErrors(checked.error) });
  // The answer is whole before any e-mail work starts (the address's rate limit, the look-up of its quotes, the link,
  // the outbox), so a known address is not told apart by the time it takes.
  const page = await sent();
  const answer = await page.arrayBuffer();
  c.executionCtx.waitUntil(
    sendSignInLink(c.env, checked.data.email).catch((error: unknown) => console.error('sign-in link not sent', error)),
  );
  return new Response(answer, page);
}

const unusableLink = (c: PageContext) => loginPage(c, 400, { show: ['expired'], focus: 'expired' });

/** GET (and HEAD) of the e-mailed link: a button that posts the token, or the notice if the link is already known dead. */
export async function showSignInLink(c: PageContext): Promise<Response> {
  const token = c.req.query(LINK_FIELD);
  if (!token || !(await signInLinkEmail(c.env.DB, token, new Date()))) return unusableLink(c);
  return loginPage(c, 200, { show: ['link'], link: token, focus: 'link' });
}

/** The button's POST: spends the link (once, whoever asks first), starts the session. */
export async function signInWithLink(c: PageContext): Promise<Response> {
  const posted = await readFormPost(c, MAX_LOGIN_BODY, fromOwnNoReferrerPage);
  if ('refusal' in posted) return refused(c, posted.refusal);
  const email = await useSignInLink(c.env.DB, posted.values.get(LINK_FIELD), new Date());
  if (!email) return unusableLink(c);
  const session = await startSession(c.env.DB, email, new Date());
  setSessionCookie(c, session.token, session.expires);
  c.header('Referrer-Policy', 'same-origin');
  c.header('Cache-Control', 'no-store');
  return c.redirect(ACCOUNT_PATHS.account, 303);
}
