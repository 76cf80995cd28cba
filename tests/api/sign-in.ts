/**
 * Signing in as a customer does, over HTTP: ask /login for a link, read it from the mail catcher, open it, and keep the
 * session cookie it sets. Shared by the account and referral tests.
 */
import { expect } from 'vitest';
import { ACCOUNT_PATHS, SESSION_DAYS, SIGN_IN_LINK_FIELD } from '~/lib/account';
import { API_PATHS } from '~/lib/api';
import { apiBase, call, emailsTo, unique, validQuote, type CapturedEmail } from './helpers';
import { readPage } from './html';

const FORM = 'application/x-www-form-urlencoded';
export const COOKIE = 'shiftly-session';

export function askForLink(email: string, options: { origin?: string; client?: string } = {}): Promise<Response> {
  return call(ACCOUNT_PATHS.login, new URLSearchParams({ email, website: '' }).toString(), {
    contentType: FORM,
    headers: { Origin: options.origin ?? apiBase() },
    ...(options.client ? { client: options.client } : {}),
  });
}

export const SIGN_IN_SUBJECT = 'Your Shiftly sign-in link';
export const signInEmails = async (email: string): Promise<CapturedEmail[]> =>
  (await emailsTo(email)).filter((e) => e.subject === SIGN_IN_SUBJECT);

/** The sign-in link of the newest sign-in e-mail to `email`, once the `count`th has arrived. */
export async function signInLink(email: string, count = 1): Promise<string> {
  await expect.poll(async () => (await signInEmails(email)).length).toBe(count);
  const latest = (await signInEmails(email)).at(-1)!;
  const link = /https?:\/\/\S+\/login\/verify\?t=[A-Za-z0-9_-]+/.exec(latest.text)?.[0];
  expect(link).toBeDefined();
  expect(latest.html).toContain(link);
  return new URL(link!).pathname + new URL(link!).search;
}

export const get = (path: string, cookie?: string, method = 'GET') =>
  fetch(`${apiBase()}${path}`, { method, redirect: 'manual', headers: cookie ? { Cookie: `${COOKIE}=${cookie}` } : {} });

export const post = (
  path: string,
  cookie: string | undefined,
  origin = apiBase(),
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) =>
  fetch(`${apiBase()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: origin, ...(cookie ? { Cookie: `${COOKIE}=${cookie}` } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** The page an e-mailed link opens: its one "Sign in" form, holding the token. */
export async function linkPage(path: string): Promise<{ response: Response; token: string }> {
  const response = await get(path);
  expect(response.status).toBe(200);
  const page = readPage(await response.text());
  expect(page.shown('link')).toBe(true);
  return { response, token: page.value(SIGN_IN_LINK_FIELD) };
}

/** The session cookie's value set by a sign-in's 303 to /account. */
export function sessionFrom(response: Response): string {
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(ACCOUNT_PATHS.account);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/; HttpOnly/i);
  expect(cookie).toMatch(/; SameSite=Lax/i);
  expect(cookie).toMatch(/; Path=\//i);
  const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie!)?.[1] ?? '');
  expect(Math.abs(expires - (Date.now() + SESSION_DAYS * 86_400_000))).toBeLessThan(60_000);
  return /^[^=]+=([^;]+)/.exec(cookie!)![1]!;
}

/** Opens a sign-in link as a customer does (the page, then its button) and answers the session cookie's value. */
export async function openLink(path: string): Promise<string> {
  const { token } = await linkPage(path);
  return sessionFrom(await post(ACCOUNT_PATHS.verify, undefined, apiBase(), { [SIGN_IN_LINK_FIELD]: token }));
}

/** Signs `email` in through the mail catcher. */
export async function signIn(email: string, count = 1): Promise<string> {
  expect((await askForLink(email)).status).toBe(200);
  return openLink(await signInLink(email, count));
}

/** A customer with a quote, signed in: their address and session cookie. */
export async function signedInCustomer(label = 'ref'): Promise<{ email: string; cookie: string }> {
  const email = `${unique(label)}@example.com`;
  expect((await call(API_PATHS.quote, validQuote({ email }))).status).toBe(201);
  return { email, cookie: await signIn(email) };
}
