/** Over https the `__Host-` prefix stops any other page setting the cookie; plain http (local runs only) cannot use it. */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const secure = (url: string) => new URL(url).protocol === 'https:';
export const sessionCookieName = (url: string) => (secure(url) ? '__Host-shiftly-session' : 'shiftly-session');

export const sessionCookie = (c: Context): string | undefined => getCookie(c, sessionCookieName(c.req.url));

/** Presence only, no D1: cheap enough to run on every page. */
export function hasSessionCookie(request: Request): boolean {
  const name = sessionCookieName(request.url);
  return (request.headers.get('Cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`));
}

export function setSessionCookie(c: Context, token: string, expires: Date): void {
  setCookie(c, sessionCookieName(c.req.url), token, {
    path: '/',
    httpOnly: true,
    secure: secure(c.req.url),
    sameSite: 'Lax',
    expires,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, sessionCookieName(c.req.url), { path: '/', secure: secure(c.req.url), httpOnly: true, sameSite: 'Lax' });
}
