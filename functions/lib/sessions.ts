/**
 * The one session system (issue 42 item 3) for customers, office staff and, next, partner drivers: one D1 table
 * (`sessions`, a `role` on each row), one cookie format, each role's lifetime, one gate for a route group and one sign-out.
 * D1 keeps only the SHA-256 hash of each 192-bit token, so a copy of the database opens nothing; a session is found by
 * that hash, which a caller cannot steer, so the look-up's timing says nothing about any live token. Hand-written, not a
 * library: docs/architecture.md says why.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { ACCOUNT_PATHS, accountEmail, SESSION_DAYS } from '~/lib/account';
import { STAFF_SESSION_HOURS } from '~/lib/office/staff';
import { PARTNER_SESSION_DAYS } from '~/lib/partners/apply';
import type { AppBindings } from '../env';
import { requestNow } from './clock';
import { sha256Hex } from './hash';
import { randomViewToken } from './view-token';

export type SessionRole = 'customer' | 'staff' | 'partner';

/**
 * Each role's cookie and lifetime. A cookie per role lets one browser hold a customer's and an office session at once
 * (the names are the ones in use before the table was one, so nobody was signed out).
 */
const ROLES: Record<SessionRole, { cookie: string; lifetimeMs: number }> = {
  customer: { cookie: 'shiftly-session', lifetimeMs: SESSION_DAYS * 86_400_000 },
  staff: { cookie: 'shiftly-staff', lifetimeMs: STAFF_SESSION_HOURS * 3_600_000 },
  partner: { cookie: 'shiftly-partner', lifetimeMs: PARTNER_SESSION_DAYS * 86_400_000 },
};
const SESSION_ROLES = Object.keys(ROLES) as SessionRole[];

export interface Session {
  email: string;
  role: SessionRole;
  tokenHash: string;
}

export type SessionBindings = AppBindings & { Variables: { session: Session } };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const wellFormed = (token: string | null | undefined): token is string => !!token && TOKEN_PATTERN.test(token);

// The format: `[__Host-]<role's name>=<token>; Path=/; HttpOnly; SameSite=Lax; Expires=…`. Over https the `__Host-`
// prefix (with Secure) stops any other page setting it; plain http (local runs only) cannot use it.
const secure = (url: string) => new URL(url).protocol === 'https:';
const cookieOptions = (url: string) => ({ path: '/', httpOnly: true, secure: secure(url), sameSite: 'Lax' }) as const;
export const sessionCookieName = (role: SessionRole, url: string) => (secure(url) ? `__Host-${ROLES[role].cookie}` : ROLES[role].cookie);

/** The role's cookie in a request, without Hono: the pages and the Worker's entry read it too. */
export function sessionToken(request: Request, role: SessionRole): string | undefined {
  const name = `${sessionCookieName(role, request.url)}=`;
  const part = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((each) => each.trim())
    .find((each) => each.startsWith(name));
  return part?.slice(name.length);
}

/** Presence only, no D1: cheap enough for every page. */
export const hasSessionCookie = (request: Request, role: SessionRole) => sessionToken(request, role) !== undefined;

export function clearSessionCookie(c: Context, role: SessionRole): void {
  deleteCookie(c, sessionCookieName(role, c.req.url), cookieOptions(c.req.url));
}

/** The live session `token` names in `role`; a token of another role opens nothing here. */
export async function sessionOfToken(db: D1Database, token: string | undefined, role: SessionRole, now: Date): Promise<Session | null> {
  if (!wellFormed(token)) return null;
  const tokenHash = await sha256Hex(token);
  const row = await db
    .prepare('SELECT email FROM sessions WHERE token_hash = ? AND role = ? AND expires_at > ?')
    .bind(tokenHash, role, now.toISOString())
    .first<{ email: string }>();
  return row ? { email: row.email, role, tokenHash } : null;
}

export const readSession = (db: D1Database, request: Request, role: SessionRole, now: Date) =>
  sessionOfToken(db, sessionToken(request, role), role, now);

/**
 * Signs `email` in as `role` on this browser, with `also` (the office's audit line) in the same batch. The token is new
 * every time, so an id planted in the browser before sign-in (session fixation) is never the one signed in; the session
 * the browser held for the role ends here too. The cookie is set only once the batch is stored.
 */
export async function startSession(
  c: Context<AppBindings>,
  role: SessionRole,
  email: string,
  now: Date,
  also: D1PreparedStatement[] = [],
): Promise<void> {
  const db = c.env.DB;
  const token = randomViewToken();
  const expires = new Date(now.getTime() + ROLES[role].lifetimeMs);
  const held = sessionToken(c.req.raw, role);
  await db.batch([
    ...(wellFormed(held) ? [db.prepare('DELETE FROM sessions WHERE token_hash = ? AND role = ?').bind(await sha256Hex(held), role)] : []),
    db
      .prepare('INSERT INTO sessions (token_hash, email, role, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(await sha256Hex(token), accountEmail(email), role, now.toISOString(), expires.toISOString()),
    ...also,
  ]);
  setCookie(c, sessionCookieName(role, c.req.url), token, { ...cookieOptions(c.req.url), expires });
}

/** Every session of one address in one role, on every device: "Sign out everywhere", a removed member, erasure. */
export const endEverySession = (db: D1Database, email: string, role: SessionRole): D1PreparedStatement =>
  db.prepare('DELETE FROM sessions WHERE email = ? AND role = ?').bind(accountEmail(email), role);

export const expiredSessions = (db: D1Database, now: Date): D1PreparedStatement =>
  db.prepare('DELETE FROM sessions WHERE expires_at <= ?').bind(now.toISOString());

/**
 * Sign out of this device, or `everywhere` (every session of this person in this role: a lost phone, a shared laptop),
 * for every role alike; another role's session on the same browser is left alone. `also` is written in the same batch.
 */
export async function signOut<E extends SessionBindings>(
  c: Context<E>,
  everywhere: boolean,
  also: D1PreparedStatement[] = [],
): Promise<Response> {
  const { session } = c.var;
  const db = c.env.DB;
  await db.batch([
    everywhere
      ? endEverySession(db, session.email, session.role)
      : db.prepare('DELETE FROM sessions WHERE token_hash = ?').bind(session.tokenHash),
    ...also,
  ]);
  clearSessionCookie(c, session.role);
  c.header('Cache-Control', 'no-store');
  return c.redirect(ACCOUNT_PATHS.login, 303);
}

/** Signed out (no session cookie of any role) is asked to sign in; a cookie that does not open the role's pages is not. */
export type SessionRefusal = 'sign-in' | 'not-found';
export const sessionRefusal = (request: Request): SessionRefusal =>
  SESSION_ROLES.some((each) => hasSessionCookie(request, each)) ? 'not-found' : 'sign-in';

export interface SessionGate<E extends SessionBindings> {
  role: SessionRole;
  /** A live session the role still refuses (a removed member of staff); sets what the role's routes read. */
  admit?: (c: Context<E>, session: Session) => Promise<boolean>;
  refuse: (c: Context<E>, refusal: SessionRefusal) => Response | Promise<Response>;
}

/** The one gate: Hono middleware for a route group of one role. It sets `c.var.session`, or answers the role's refusal. */
export function sessionGate<E extends SessionBindings>({ role, admit, refuse }: SessionGate<E>): MiddlewareHandler<E> {
  return async (c, next) => {
    const session = await readSession(c.env.DB, c.req.raw, role, requestNow(c));
    if (!session || (admit && !(await admit(c, session)))) return refuse(c, sessionRefusal(c.req.raw));
    c.set('session', session);
    await next();
  };
}
