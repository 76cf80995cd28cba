/**
 * Sign-in links (issue 19): D1 keeps only each 192-bit token's SHA-256 hash, so a copy of the database opens nothing.
 * The sessions they start are the one session system's (functions/lib/sessions.ts).
 */
import { ACCOUNT_PATHS, accountEmail, SIGN_IN_LINK_FIELD, SIGN_IN_LINK_MINUTES } from '~/lib/account';
import { linkFor, type LinkMaker } from '../email-draft';
import { sha256Hex } from '../hash';
import { sessionOfToken } from '../sessions';
import { randomViewToken } from '../view-token';

/** A sign-in link's token as made (the sign-in button's field: functions/pages/login.ts). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export { accountEmail };

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** A customer's link opens their moves; a staff link (sent only to the office's staff) opens the office. */
export type SignInRole = 'customer' | 'staff' | 'partner';

export async function newSignInLink(
  db: D1Database,
  email: string,
  now: Date,
  role: SignInRole = 'customer',
): Promise<{ token: string; insert: D1PreparedStatement }> {
  const token = randomViewToken();
  const insert = db
    .prepare('INSERT INTO sign_in_links (token_hash, email, created_at, expires_at, role) VALUES (?, ?, ?, ?, ?)')
    .bind(await sha256Hex(token), accountEmail(email), now.toISOString(), later(now, SIGN_IN_LINK_MINUTES * 60_000), role);
  return { token, insert };
}

export const signInUrl = (siteUrl: string, token: string) =>
  `${siteUrl}${ACCOUNT_PATHS.verify}?${new URLSearchParams({ [SIGN_IN_LINK_FIELD]: token })}`;

/** The sign-in e-mail's link, made as it is sent: its lifetime starts then. */
const linkMaker =
  (role: SignInRole): LinkMaker =>
  async (db, { to }, siteUrl, now) => {
    const link = await newSignInLink(db, to, now, role);
    return { ...linkFor(signInUrl(siteUrl, link.token)), insert: link.insert };
  };
export const signInLinkMaker = linkMaker('customer');
export const staffSignInLinkMaker = linkMaker('staff');
export const partnerSignInLinkMaker = linkMaker('partner');

const USABLE = 'token_hash = ?2 AND used_at IS NULL AND expires_at > ?1';

export interface SignInLink {
  email: string;
  role: SignInRole;
}

/** Null for a malformed, unknown, used or expired link alike. A malformed one is hashed too, so it takes as long. */
async function linkQuery(db: D1Database, sql: string, token: string | null | undefined, now: Date): Promise<SignInLink | null> {
  const hash = await sha256Hex(token && TOKEN_PATTERN.test(token) ? token : 'not-a-token');
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  return db.prepare(sql).bind(now.toISOString(), hash).first<SignInLink>();
}

/** Whose link it is, if it can still be used; spends nothing, so a mail scanner opening it leaves it working. */
export const signInLinkEmail = (db: D1Database, token: string | null | undefined, now: Date) =>
  linkQuery(db, `SELECT email, role FROM sign_in_links WHERE ${USABLE}`, token, now);

/** One UPDATE marks and reads it, so two requests cannot both win. */
export const useSignInLink = (db: D1Database, token: string | null | undefined, now: Date) =>
  linkQuery(db, `UPDATE sign_in_links SET used_at = ?1 WHERE ${USABLE} RETURNING email, role`, token, now);

/** The customer a session cookie's value belongs to, or null (account-view.ts reads it for /account). */
export const sessionEmail = async (db: D1Database, token: string | undefined, now: Date): Promise<string | null> =>
  (await sessionOfToken(db, token, 'customer', now))?.email ?? null;

/** A used link goes only when it would have expired. */
export const expiredSignInLinks = (db: D1Database, now: Date): D1PreparedStatement =>
  db.prepare('DELETE FROM sign_in_links WHERE expires_at <= ?').bind(now.toISOString());
