/**
 * Signing in to the office over HTTP, as a member of staff does: ask /login, take the link from the mail catcher, open
 * it and press its button, keep the staff cookie. The owner signs in once per test run (the global setups), since a
 * sign-in address may ask for only a few links a minute.
 */
import { EMAIL_WAIT_MS } from './mail';

export const OWNER_EMAIL = 'owner@shiftly.example';
export const STAFF_COOKIE = 'shiftly-staff';
export const OFFICE_SIGN_IN_SUBJECT = 'Sign in to the Shiftly office';

interface Captured {
  to: string | string[];
  subject: string;
  text: string;
}

const FORM = 'application/x-www-form-urlencoded';

async function officeLinks(mailUrl: string, email: string): Promise<string[]> {
  const { data } = (await (await fetch(`${mailUrl}/emails`)).json()) as { data: Captured[] };
  return data
    .filter((e) => [e.to].flat().includes(email) && e.subject === OFFICE_SIGN_IN_SUBJECT)
    .map((e) => /https?:\/\/\S+\/login\/verify\?t=[\w-]+/.exec(e.text)?.[0] ?? '');
}

/** Polls the mail catcher (as expect.poll does, every 100 ms) until the e-mail is there, up to `timeoutMs`. */
async function newLink(mailUrl: string, email: string, before: number, timeoutMs = EMAIL_WAIT_MS): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const links = await officeLinks(mailUrl, email);
    if (links.length > before) return links.at(-1)!;
    if (Date.now() > until) throw new Error(`no office sign-in e-mail reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A staff session's cookie value for `email` (the owner or someone the owner added), through the real sign-in. */
export async function staffSession(base: string, mailUrl: string, email: string, client = `office-${email}`): Promise<string> {
  const before = (await officeLinks(mailUrl, email)).length;
  const asked = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': FORM, Origin: base, 'X-Test-Client': client },
    body: new URLSearchParams({ email, website: '' }).toString(),
  });
  if (asked.status !== 200) throw new Error(`/login answered ${asked.status}`);
  await asked.text();
  const link = new URL(await newLink(mailUrl, email, before));
  const token = link.searchParams.get('t')!;
  const signedIn = await fetch(`${base}/login/verify`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: base },
    body: new URLSearchParams({ t: token }).toString(),
  });
  const cookie = signedIn.headers.getSetCookie().find((each) => each.startsWith(`${STAFF_COOKIE}=`));
  if (signedIn.status !== 303 || !cookie) throw new Error(`the office sign-in answered ${signedIn.status} without a staff cookie`);
  await signedIn.text();
  return cookie.slice(STAFF_COOKIE.length + 1).split(';')[0]!;
}
