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
  await withinAddressLimit(`${file}-asks`);
  owner = await staffSession(apiBase(), mailUrl(), OWNER_EMAIL);
  writeFileSync(file, owner);
}

/** The sign-in's per-address limit (3 links a minute, dropped silently past it): SIGN_IN_ADDRESS_LIMITER in wrangler.jsonc. */
const ADDRESS_LIMIT = { links: 3, windowMs: 60_000 };

/**
 * Files that run the cron at a later clock end the owner's session, and the next file signs in again: several short
 * ones in a row would ask for a fourth link inside a minute, which the Worker drops without a word. So the asks are
 * kept beside the session, and a fourth waits for the first to leave the limiter's window.
 */
async function withinAddressLimit(ledger: string): Promise<void> {
  const now = Date.now();
  const asks = (existsSync(ledger) ? readFileSync(ledger, 'utf8').split('\n').map(Number) : []).filter(
    (at) => at > now - ADDRESS_LIMIT.windowMs - 1_000,
  );
  if (asks.length >= ADDRESS_LIMIT.links) {
    const wait = asks[asks.length - ADDRESS_LIMIT.links]! + ADDRESS_LIMIT.windowMs + 1_000 - now;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  writeFileSync(ledger, [...asks, Date.now()].join('\n'));
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
