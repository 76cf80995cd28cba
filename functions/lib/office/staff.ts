/**
 * Who is signed in to the office. A staff session is its own cookie and table, apart from a customer's: 12 hours, ended
 * at once when the owner removes the member (every look-up checks the member is still there). The owner is the
 * Worker's OWNER_EMAIL; nobody can remove them.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { STAFF_SESSION_HOURS } from '~/lib/office/staff';
import type { Env } from '../../env';
import { accountEmail } from '../account/tokens';
import { sha256Hex } from '../hash';
import { randomViewToken } from '../view-token';
import type { StaffMember, StaffListEntry } from '~/lib/views/office';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const secure = (url: string) => new URL(url).protocol === 'https:';
export const staffCookieName = (url: string) => (secure(url) ? '__Host-shiftly-staff' : 'shiftly-staff');

export function setStaffCookie(c: Context, token: string, expires: Date): void {
  setCookie(c, staffCookieName(c.req.url), token, { path: '/', httpOnly: true, secure: secure(c.req.url), sameSite: 'Lax', expires });
}

export function clearStaffCookie(c: Context): void {
  deleteCookie(c, staffCookieName(c.req.url), { path: '/', secure: secure(c.req.url), httpOnly: true, sameSite: 'Lax' });
}

export function staffCookie(request: Request): string | undefined {
  const name = `${staffCookieName(request.url)}=`;
  const part = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((each) => each.trim())
    .find((each) => each.startsWith(name));
  return part?.slice(name.length);
}

export const ownerEmail = (env: Env): string | null => (env.OWNER_EMAIL?.trim() ? accountEmail(env.OWNER_EMAIL) : null);

/** The owner, or a member the owner has not removed; null for anyone else. */
export async function staffMember(env: Env, email: string): Promise<StaffMember | null> {
  const address = accountEmail(email);
  if (address === ownerEmail(env)) return { email: address, name: 'Owner', role: 'owner' };
  const row = await env.DB.prepare('SELECT email, name FROM staff_members WHERE email = ? AND removed_at IS NULL')
    .bind(address)
    .first<{ email: string; name: string }>();
  return row ? { ...row, role: 'staff' } : null;
}

export async function startStaffSession(db: D1Database, email: string, now: Date): Promise<{ token: string; expires: Date }> {
  const token = randomViewToken();
  const expires = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
  await db
    .prepare('INSERT INTO staff_sessions (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), accountEmail(email), now.toISOString(), expires.toISOString())
    .run();
  return { token, expires };
}

/** The request's staff member: a live session of someone still on the staff. The token is compared as its hash. */
export async function requestStaff(env: Env, request: Request, now: Date): Promise<StaffMember | null> {
  const token = staffCookie(request);
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const row = await env.DB.prepare('SELECT email FROM staff_sessions WHERE token_hash = ? AND expires_at > ?')
    .bind(await sha256Hex(token), now.toISOString())
    .first<{ email: string }>();
  return row ? staffMember(env, row.email) : null;
}

export async function endStaffSession(db: D1Database, request: Request): Promise<void> {
  const token = staffCookie(request);
  if (token && TOKEN_PATTERN.test(token))
    await db
      .prepare('DELETE FROM staff_sessions WHERE token_hash = ?')
      .bind(await sha256Hex(token))
      .run();
}

export const expiredStaffSessions = (db: D1Database, now: Date): D1PreparedStatement =>
  db.prepare('DELETE FROM staff_sessions WHERE expires_at <= ?').bind(now.toISOString());

/** The current staff, newest first (the owner is not a row). */
export async function currentStaff(db: D1Database): Promise<StaffListEntry[]> {
  const { results } = await db
    .prepare(
      'SELECT email, name, added_by AS addedBy, added_at AS addedAt FROM staff_members WHERE removed_at IS NULL ORDER BY added_at DESC',
    )
    .all<StaffListEntry>();
  return results;
}

/** Adding someone removed before brings them back under the name given now. */
export const addStaffStatement = (db: D1Database, member: { email: string; name: string }, by: string, now: Date): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO staff_members (email, name, added_by, added_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (email) DO UPDATE SET name = ?2, added_by = ?3, added_at = ?4, removed_at = NULL`,
    )
    .bind(accountEmail(member.email), member.name, by, now.toISOString());

/** Every office session of one address, on every device: "Sign out everywhere", and removing someone. */
export const endEveryStaffSession = (db: D1Database, email: string): D1PreparedStatement =>
  db.prepare('DELETE FROM staff_sessions WHERE email = ?').bind(accountEmail(email));

/** Removing someone ends every session they have, at once. */
export const removeStaffStatements = (db: D1Database, email: string, now: Date): D1PreparedStatement[] => [
  db.prepare('UPDATE staff_members SET removed_at = ? WHERE email = ? AND removed_at IS NULL').bind(now.toISOString(), accountEmail(email)),
  endEveryStaffSession(db, email),
];
