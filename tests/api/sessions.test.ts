/**
 * One session system for every role (issue 42 item 3), over HTTP with the rows read from D1: a customer's and a staff
 * session in the one table, each with its role's lifetime (30 days, 12 hours: src/lib/account.ts, src/lib/office/staff.ts);
 * a cookie opens only its own role's pages; "Sign out everywhere" ends every session of that person in that role; and
 * a session id the browser held before signing in is never the one signed in, nor kept.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, SIGN_IN_LINK_FIELD } from '~/lib/account';
import { API_PATHS } from '~/lib/api';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { OFFICE_SIGN_IN_SUBJECT } from '../shared/office-sign-in';
import { apiBase, call, emailsTo, query, unique, validQuote } from './helpers';
import { STAFF_COOKIE, officeGet, officePost, signInStaff } from './office';
import { askForLink, COOKIE, get, linkPage, post, signIn, signInLink } from './sign-in';

const HOUR = 3_600_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function customerWithQuote(label: string): Promise<string> {
  const email = `${unique(label)}@example.com`;
  expect((await call(API_PATHS.quote, validQuote({ email }))).status).toBe(201);
  return email;
}

async function addStaff(email: string) {
  expect((await officePost(`${OFFICE_PATHS.staff}/add`, { name: 'Alex Both', email })).status).toBe(303);
}

const sessionRows = (email: string) =>
  query<{ token_hash: string; role: string; created_at: string; expires_at: string }>(
    'SELECT token_hash, role, created_at, expires_at FROM sessions WHERE email = ? ORDER BY role, created_at',
    email,
  );

/** The value a sign-in's answer sets for `name`, if any. */
const setCookie = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0]!
    .slice(name.length + 1);

describe('one table for every role', () => {
  it('holds a customer’s and an office session of one address, each with its role and lifetime; each cookie opens its own pages only', async () => {
    const email = await customerWithQuote('both');
    const customer = await signIn(email);
    await addStaff(email);
    const staff = await signInStaff(email);

    const rows = sessionRows(email);
    expect(rows.map((row) => [row.role, row.token_hash, Date.parse(row.expires_at) - Date.parse(row.created_at)])).toEqual([
      ['customer', sha256(customer), 30 * 24 * HOUR],
      ['staff', sha256(staff), 12 * HOUR],
    ]);

    expect((await get(ACCOUNT_PATHS.account, customer)).status).toBe(200);
    expect((await officeGet(OFFICE_PATHS.home, staff)).status).toBe(200);
    // A customer's cookie never opens the office: the site's 404, as for anyone who is not staff.
    const office = await fetch(`${apiBase()}${OFFICE_PATHS.home}`, { redirect: 'manual', headers: { Cookie: `${COOKIE}=${customer}` } });
    expect(office.status).toBe(404);
    // A token is good only in its own role's cookie: the office token opens no account, the customer's no office.
    const account = await get(ACCOUNT_PATHS.account, staff);
    expect(account.status).toBe(303);
    expect(account.headers.get('location')).toBe(ACCOUNT_PATHS.login);
    expect((await officeGet(OFFICE_PATHS.home, customer)).status).toBe(404);
  });
});

describe('Sign out everywhere', () => {
  it('ends every session of that person in that role, and no other role’s or person’s', async () => {
    const email = await customerWithQuote('everywhere');
    const laptop = await signIn(email, 1);
    const phone = await signIn(email, 2);
    await addStaff(email);
    const office = await signInStaff(email);
    const someoneElse = await signIn(await customerWithQuote('bystander'));

    const out = await post(ACCOUNT_PATHS.signOutEverywhere, phone);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(ACCOUNT_PATHS.login);
    for (const cookie of [laptop, phone]) expect((await get(ACCOUNT_PATHS.account, cookie)).status).toBe(303);
    expect(sessionRows(email).map((row) => row.role)).toEqual(['staff']);
    expect((await officeGet(OFFICE_PATHS.home, office)).status).toBe(200);
    expect((await get(ACCOUNT_PATHS.account, someoneElse)).status).toBe(200);

    const outOfOffice = await officePost(OFFICE_PATHS.signOutEverywhere, {}, office);
    expect(outOfOffice.status).toBe(303);
    expect(outOfOffice.headers.getSetCookie().some((line) => line.startsWith(`${STAFF_COOKIE}=;`))).toBe(true);
    expect(sessionRows(email)).toEqual([]);
    expect((await officeGet(OFFICE_PATHS.home, office)).status).toBe(404);
    expect((await get(ACCOUNT_PATHS.account, someoneElse)).status).toBe(200);
    // The owner's own office session is another person's: untouched.
    expect((await officeGet(OFFICE_PATHS.home)).status).toBe(200);
  });
});

describe('session fixation', () => {
  it('a customer who signs in on a browser holding someone else’s session id gets a new id, and the planted one ends', async () => {
    const planted = await signIn(await customerWithQuote('planter'));
    const victim = await customerWithQuote('victim');
    expect((await askForLink(victim)).status).toBe(200);
    const { token } = await linkPage(await signInLink(victim));

    const signedIn = await post(ACCOUNT_PATHS.verify, planted, apiBase(), { [SIGN_IN_LINK_FIELD]: token });
    expect(signedIn.status).toBe(303);
    const session = setCookie(signedIn, COOKIE);
    expect(session).toMatch(/^[\w-]{32}$/);
    expect(session).not.toBe(planted);
    expect(query('SELECT email FROM sessions WHERE token_hash = ?', sha256(session!))).toEqual([{ email: victim }]);
    expect(query('SELECT 1 FROM sessions WHERE token_hash = ?', sha256(planted))).toEqual([]);
    expect((await get(ACCOUNT_PATHS.account, planted)).status).toBe(303);
    expect((await get(ACCOUNT_PATHS.account, session)).status).toBe(200);
  });

  it('a member of staff who signs in again on a browser with an office session gets a new id, and the old one ends', async () => {
    const email = `${unique('again')}@example.com`;
    await addStaff(email);
    const before = await signInStaff(email);
    // The second link, opened on the browser that holds `before`.
    expect((await askForLink(email, { client: unique('again') })).status).toBe(200);
    await expect.poll(async () => (await emailsTo(email)).filter((e) => e.subject === OFFICE_SIGN_IN_SUBJECT).length).toBe(2);
    const latest = (await emailsTo(email)).filter((e) => e.subject === OFFICE_SIGN_IN_SUBJECT).at(-1)!;
    const token = new URL(/https?:\/\/\S+\/login\/verify\?t=[\w-]+/.exec(latest.text)![0]).searchParams.get(SIGN_IN_LINK_FIELD)!;
    const signedIn = await post(
      ACCOUNT_PATHS.verify,
      undefined,
      apiBase(),
      { [SIGN_IN_LINK_FIELD]: token },
      { Cookie: `${STAFF_COOKIE}=${before}` },
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(OFFICE_PATHS.home);

    const after = setCookie(signedIn, STAFF_COOKIE);
    expect(after).toMatch(/^[\w-]{32}$/);
    expect(after).not.toBe(before);
    expect(sessionRows(email).map((row) => row.token_hash)).toEqual([sha256(after!)]);
    expect((await officeGet(OFFICE_PATHS.home, before)).status).toBe(404);
    expect((await officeGet(OFFICE_PATHS.home, after)).status).toBe(200);
  });
});
