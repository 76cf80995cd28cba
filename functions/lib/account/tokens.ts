/** Sign-in links and sessions (issue 19): D1 keeps only each 192-bit token's SHA-256 hash, so a copy of the database opens nothing. */
import { ACCOUNT_PATHS, SESSION_DAYS, SIGN_IN_LINK_FIELD, SIGN_IN_LINK_MINUTES } from '~/lib/account';
import { linkFor, type LinkMaker } from '../email-draft';
import { sha256Hex } from '../hash';
import { randomViewToken } from '../view-token';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const accountEmail = (email: string) => email.trim().toLowerCase();

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** A customer's link opens their moves; a staff link (sent only to the office's staff) opens the office. */
export type SignInRole = 'customer' | 'staff';

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

/** The token is the cookie's value and is never stored. */
export async function startSession(db: D1Database, email: string, now: Date): Promise<{ token: string; expires: Date }> {
  const token = randomViewToken();
  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db
    .prepare('INSERT INTO sessions (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), accountEmail(email), now.toISOString(), expires.toISOString())
    .run();
  return { token, expires };
}

export async function sessionEmail(db: D1Database, token: string | undefined, now: Date): Promise<string | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .prepare('SELECT email FROM sessions WHERE token_hash = ? AND expires_at > ?')
    .bind(await sha256Hex(token), now.toISOString())
    .first<{ email: string }>();
  return row?.email ?? null;
}

export async function endSession(db: D1Database, token: string | undefined, everywhere: boolean): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  const hash = await sha256Hex(token);
  const sql = everywhere
    ? 'DELETE FROM sessions WHERE email = (SELECT email FROM sessions WHERE token_hash = ?)'
    : 'DELETE FROM sessions WHERE token_hash = ?';
  await db.prepare(sql).bind(hash).run();
}

/** A used link goes only when it would have expired. */
export function expiredAccountRows(db: D1Database, now: Date): D1PreparedStatement[] {
  const at = now.toISOString();
  return [
    db.prepare('DELETE FROM sign_in_links WHERE expires_at <= ?').bind(at),
    db.prepare('DELETE FROM sessions WHERE expires_at <= ?').bind(at),
  ];
}
