/** Passwordless sign-in (issue 19). POST /login answers the same page whether or not the address has quotes. */
import type { Context } from 'hono';
import { ACCOUNT_PATHS, signInSchema } from '../../src/lib/account';
import { fieldErrors, isHoneypotFilled } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { setSessionCookie } from '../lib/account/cookie';
import { sendSignInLink } from '../lib/account/sign-in';
import { startSession, useSignInLink } from '../lib/account/tokens';
import { readFormPost } from '../lib/form-post';
import { REFUSALS, type Refusal } from '../lib/http';
import { errorFill, filledPage, mergeFills, prebuiltPage, ACCOUNT_PAGE } from '../lib/prebuilt-page';
import { clientKey, withinLimit } from '../lib/rate-limit';

type PageContext = Context<AppBindings>;

/** A sign-in address is short: anything longer than this is not our form. */
const MAX_LOGIN_BODY = 2048;

interface LoginState {
  show?: string[];
  values?: URLSearchParams;
  errors?: Record<string, string>;
  general?: string;
  focus?: string;
  headers?: Record<string, string>;
}

export async function loginPage(c: PageContext, status: number, state: LoginState = {}): Promise<Response> {
  const errors = state.errors ?? {};
  const fill = mergeFills(errorFill(errors, state.general), { show: state.show ?? [] });
  const hasErrors = Object.keys(errors).length > 0 || !!state.general;
  const values = new URLSearchParams({ email: state.values?.get('email') ?? '' });
  return filledPage(
    await prebuiltPage(c.env, c.req.url, ACCOUNT_PATHS.login),
    { ...fill, form: { values, errors }, hasErrors, focus: hasErrors ? 'errors' : state.focus },
    status,
    { ...ACCOUNT_PAGE, ...state.headers },
  );
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
  // After the answer, whatever the address: a known one is not told apart by the time it takes.
  c.executionCtx.waitUntil(
    sendSignInLink(c.env, checked.data.email).catch((error: unknown) => console.error('sign-in link not sent', error)),
  );
  return sent();
}

export async function verifySignInLink(c: PageContext): Promise<Response> {
  const email = await useSignInLink(c.env.DB, c.req.query('t'), new Date());
  if (!email) return loginPage(c, 400, { show: ['expired'], focus: 'expired' });
  const session = await startSession(c.env.DB, email, new Date());
  setSessionCookie(c, session.token, session.expires);
  c.header('Referrer-Policy', 'same-origin');
  c.header('Cache-Control', 'no-store');
  return c.redirect(ACCOUNT_PATHS.account, 303);
}
