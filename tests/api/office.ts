/** Office requests over HTTP, with the owner's session (signed in once per run) or another staff member's. */
import { inject } from 'vitest';
import { STAFF_COOKIE, staffSession } from '../shared/office-sign-in';
import { apiBase, mailUrl } from './helpers';

export { OWNER_EMAIL, STAFF_COOKIE } from '../shared/office-sign-in';

export const ownerCookie = (): string => inject('ownerSession');

/** A staff session for someone the owner has added, through the real sign-in. */
export const signInStaff = (email: string): Promise<string> => staffSession(apiBase(), mailUrl(), email);

const cookieHeader = (session: string | null): Record<string, string> => (session ? { Cookie: `${STAFF_COOKIE}=${session}` } : {});

/** A GET of an office address; `session` null sends no staff cookie. */
export const officeGet = (path: string, session: string | null = ownerCookie(), headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}${path}`, { redirect: 'manual', headers: { ...cookieHeader(session), ...headers } });

/** A plain form post to an office address, from the site's own pages. */
export const officePost = (
  path: string,
  fields: Record<string, string> | URLSearchParams,
  session: string | null = ownerCookie(),
  headers: Record<string, string> = {},
) =>
  fetch(`${apiBase()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: apiBase(), ...cookieHeader(session), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
