/**
 * Office requests over HTTP, with the owner's session or another staff member's. The owner signs in once and the
 * session is shared by the run's files (one at a time); a cron run at a later clock ends it (helpers.ts runCron), and
 * the next file signs in again (setup-office.ts runs `ownerSignedIn` before each file).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { OWNER_EMAIL, STAFF_COOKIE, staffSession } from '../shared/office-sign-in';
import { apiBase, mailUrl, ownerSessionFile } from './helpers';

export { OWNER_EMAIL, STAFF_COOKIE } from '../shared/office-sign-in';

let owner: string | undefined;

export async function ownerSignedIn(): Promise<void> {
  const file = ownerSessionFile();
  if (existsSync(file)) {
    owner = readFileSync(file, 'utf8');
    return;
  }
  owner = await staffSession(apiBase(), mailUrl(), OWNER_EMAIL);
  writeFileSync(file, owner);
}

export function ownerCookie(): string {
  if (!owner) throw new Error('the owner is not signed in: tests/api/setup-office.ts signs them in before each file');
  return owner;
}

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
