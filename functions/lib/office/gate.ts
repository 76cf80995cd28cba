/**
 * The door of every office page and post (issue 33 item 1). A signed-out visitor is sent to /login; anyone else who is
 * not current staff (a customer's session, a wrong or expired staff cookie, a removed member) gets the site's ordinary
 * 404, so the office's addresses say nothing to them.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ACCOUNT_PATHS } from '~/lib/account';
import type { AppBindings, Env } from '../../env';
import { hasSessionCookie } from '../account/cookie';
import { requestNow } from '../clock';
import type { LeadEnv } from '../lead-pipeline';
import { notFoundPage } from '../prebuilt-page';
import type { WorkerRoutes } from '../routes';
import { requestStaff, staffCookie } from './staff';
import type { StaffMember } from '~/lib/views/office';

export type OfficeBindings = AppBindings & { Variables: { staff: StaffMember } };

/** The Worker's one route list, as each office area (functions/office/) registers its routes on it. */
export type OfficeRoutes = WorkerRoutes<LeadEnv>;

export type OfficeAccess = { staff: StaffMember } | { refusal: 'sign-in' | 'not-found' };

export async function officeAccess(env: Env, request: Request, now: Date): Promise<OfficeAccess> {
  const staff = await requestStaff(env, request, now);
  if (staff) return { staff };
  const signedOut = staffCookie(request) === undefined && !hasSessionCookie(request);
  return { refusal: signedOut ? 'sign-in' : 'not-found' };
}

export function officeRefusal<E extends AppBindings>(c: Context<E>, refusal: 'sign-in' | 'not-found'): Promise<Response> | Response {
  if (refusal === 'sign-in') {
    c.header('Cache-Control', 'no-store');
    return c.redirect(ACCOUNT_PATHS.login, 303);
  }
  return notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });
}

/** After `staffOnly`, for the owner's own pages (staff, settings): anyone else meets the same 404. */
export const ownerOnly: MiddlewareHandler<OfficeBindings> = async (c, next) => {
  if (c.var.staff.role !== 'owner') return officeRefusal(c, 'not-found');
  await next();
};

/** Hono middleware for every office route: sets `c.var.staff`, or answers the refusal. */
export const staffOnly: MiddlewareHandler<OfficeBindings> = async (c, next) => {
  const access = await officeAccess(c.env, c.req.raw, requestNow(c));
  if ('refusal' in access) return officeRefusal(c, access.refusal);
  c.set('staff', access.staff);
  await next();
};
