/**
 * The session cookie. Over https (production) it is `__Host-shiftly-session`: Secure, host-only, Path=/, which a
 * browser refuses to let any other page set. Over plain http (local runs only) the prefix and Secure cannot apply,
 * so it is `shiftly-session`. Always HttpOnly and SameSite=Lax.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const secure = (url: string) => new URL(url).protocol === 'https:';
export const sessionCookieName = (url: string) => (secure(url) ? '__Host-shiftly-session' : 'shiftly-session');

/** The cookie's value on this request, if any (no check against D1). */
export const sessionCookie = (c: Context): string | undefined => getCookie(c, sessionCookieName(c.req.url));

/** Whether a raw Cookie header carries a session cookie (the header link's cheap test, no D1). */
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
