/** The customer's session cookie, as the pages and the header read it; its format is the one session system's. */
import { hasSessionCookie as hasRoleCookie, sessionCookieName as roleCookieName } from '../sessions';

export const sessionCookieName = (url: string) => roleCookieName('customer', url);

/** Presence only, no D1: cheap enough to run on every page. */
export const hasSessionCookie = (request: Request) => hasRoleCookie(request, 'customer');
