/** A driver's application (issue 43 item 1) as a phone without JavaScript posts it: multipart, from the site's own page. */
import { expect } from 'vitest';
import { ACCOUNT_PATHS, SIGN_IN_LINK_FIELD } from '~/lib/account';
import { apiBase, emailsWhere, query, unique, waitForEmails } from './helpers';
import { officePost } from './office';

/** The first bytes of each type the form takes, padded: enough for the Worker to tell them apart. */
export const FILES = {
  pdf: () => new Blob([new TextEncoder().encode('%PDF-1.4\n% a licence\n'), new Uint8Array(200)], { type: 'application/pdf' }),
  jpeg: () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new Uint8Array(300)], { type: 'image/jpeg' }),
  png: () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(100)], { type: 'image/png' }),
  text: () => new Blob([new TextEncoder().encode('not a document')], { type: 'application/pdf' }),
};

/** 10 March 2027, noon in London (GMT): "today" for the dates worked by hand below. */
export const APPLY_NOW = '2027-03-10T12:00:00.000Z';

export function applicationFields(email: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Dana Driver',
    email,
    phone: '07700 900123',
    districts: 'ls1, LS6 yo1',
    van_tonnes: '3.5',
    registration: 'ab12 cde',
    licence_since: '2025-03-10',
    age_confirmed: 'yes',
    right_to_work: 'yes',
    goods_in_transit_expires: '2027-04-09',
    public_liability_expires: '2027-03-17',
    mot_expires: '2027-09-30',
    website: '',
    ...overrides,
  };
}

export const ALL_FILES = { licence: FILES.pdf, goods_in_transit: FILES.jpeg, public_liability: FILES.png, mot: FILES.pdf };

export function applicationForm(fields: Record<string, string>, files: Partial<Record<string, () => Blob>> = ALL_FILES): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, make] of Object.entries(files)) if (make) form.append(name, make(), `${name}.bin`);
  return form;
}

export const postApplication = (form: FormData, headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}/drivers/apply`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: apiBase(), 'X-Test-Client': unique('apply'), 'X-Test-Now': APPLY_NOW, ...headers },
    body: form,
  });

/** Applies with every document and answers the application's reference. */
export async function applied(email: string, overrides: Record<string, string> = {}): Promise<string> {
  const answer = await postApplication(applicationForm(applicationFields(email, overrides)));
  if (answer.status !== 303) throw new Error(`the application answered ${answer.status}`);
  const [row] = query<{ reference: string }>('SELECT reference FROM partner_applications WHERE email = ?', email);
  return row!.reference;
}

export const PARTNER_COOKIE = 'shiftly-partner';

/** A partner's session cookie, through the real sign-in: /login, the e-mailed link, its button. */
export async function partnerSession(email: string): Promise<string> {
  // A second sign-in (after a cron run at a later clock ended the first session) reads its own, newest link.
  const letter = { to: email, subject: 'Sign in to your Shiftly partner page' };
  const before = (await emailsWhere(letter)).length;
  const asked = await fetch(`${apiBase()}${ACCOUNT_PATHS.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase(), 'X-Test-Client': unique('login') },
    body: new URLSearchParams({ email, website: '' }).toString(),
  });
  expect(asked.status).toBe(200);
  await asked.text();
  const mail = (await waitForEmails(letter, before + 1)).at(-1)!;
  const token = new URL(/https?:\/\/\S+\/login\/verify\?t=[A-Za-z0-9_-]+/.exec(mail.text)![0]).searchParams.get(SIGN_IN_LINK_FIELD)!;
  const signedIn = await fetch(`${apiBase()}${ACCOUNT_PATHS.verify}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase() },
    body: new URLSearchParams({ [SIGN_IN_LINK_FIELD]: token }).toString(),
  });
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.get('location')).toBe('/partner');
  const cookie = signedIn.headers.getSetCookie().find((each) => each.startsWith(`${PARTNER_COOKIE}=`));
  expect(cookie).toMatch(/; HttpOnly/i);
  return cookie!.slice(PARTNER_COOKIE.length + 1).split(';')[0]!;
}

export const asPartner = (path: string, cookie: string, fields?: URLSearchParams) =>
  fetch(`${apiBase()}${path}`, {
    method: fields ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      Cookie: `${PARTNER_COOKIE}=${cookie}`,
      ...(fields ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase() } : {}),
    },
    ...(fields ? { body: fields.toString() } : {}),
  });

/** Every day of the week, as the partner's days form posts them (0 Sunday … 6 Saturday). */
export const ALL_DAYS = ['0', '1', '2', '3', '4', '5', '6'];

export interface ApprovedPartner {
  reference: string;
  email: string;
  cookie: string;
  name: string;
}

/** Applied (documents valid to 2030) with `email`, approved by the owner, signed in, with the days they work. */
export async function approvedPartner(
  name: string,
  fields: Record<string, string>,
  { email = `${unique('offers')}@example.com`, days = ALL_DAYS }: { email?: string; days?: string[] } = {},
): Promise<ApprovedPartner> {
  const far = '2030-06-30';
  const reference = await applied(email, {
    name,
    goods_in_transit_expires: far,
    public_liability_expires: far,
    mot_expires: far,
    ...fields,
  });
  const approved = await officePost('/office/partners/decide', { ref: reference, decision: 'approve' });
  expect(approved.status).toBe(303);
  const cookie = await partnerSession(email);
  const form = new URLSearchParams(days.map((day) => ['days', day]));
  expect((await asPartner('/partner/days', cookie, form)).status).toBe(303);
  return { reference, email, cookie, name };
}
