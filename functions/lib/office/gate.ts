/**
 * The door of every office page and post (issue 33 item 1). A signed-out visitor is sent to /login; anyone else who is
 * not current staff (a customer's session, a wrong or expired staff cookie, a removed member) gets the site's ordinary
 * 404, so the office's addresses say nothing to them.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ACCOUNT_PATHS } from '~/lib/account';
import type { AppBindings, Env } from '../../env';
import { notFoundPage } from '../prebuilt-page';
import type { LeadEnv, RateLimit } from '../pipeline';
import type { WorkerRoutes } from '../routes';
import { readSession, sessionGate, sessionRefusal, type SessionBindings, type SessionRefusal } from '../sessions';
import { staffMember } from './staff';
import type { StaffMember } from '~/lib/views/office';

export type OfficeBindings = SessionBindings & { Variables: { staff: StaffMember } };

/**
 * The office's bucket for every form it posts (the request pipeline, functions/lib/pipeline.ts), per staff member: far
 * above a person's pace, well below a script's.
 */
export const officeLimit: RateLimit<OfficeBindings> = { binding: 'FORM_LIMITER', key: (c) => `office:${c.var.staff.email}` };

/** The Worker's one route list, as each office area (functions/office/) registers its routes on it. */
export type OfficeRoutes = WorkerRoutes<LeadEnv>;

export type OfficeAccess = { staff: StaffMember } | { refusal: SessionRefusal };

/** What `staffOnly` decides, for the pages that ask again themselves: a staff session of someone still on the staff. */
export async function officeAccess(env: Env, request: Request, now: Date): Promise<OfficeAccess> {
  const session = await readSession(env.DB, request, 'staff', now);
  const staff = session && (await staffMember(env, session.email));
  return staff ? { staff } : { refusal: sessionRefusal(request) };
}

export function officeRefusal<E extends AppBindings>(c: Context<E>, refusal: SessionRefusal): Promise<Response> | Response {
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

/**
 * After `staffOnly`, for the money pages (reports, the ledger, the accountant's downloads): the owner, and staff the
 * owner gave them in settings (issue 45 item 6); anyone else meets the same 404.
 */
export const moneyOnly: MiddlewareHandler<OfficeBindings> = async (c, next) => {
  if (!c.var.staff.money) return officeRefusal(c, 'not-found');
  await next();
};

/** The one session gate for every office route: sets `c.var.session` and `c.var.staff`, or answers the refusal. */
export const staffOnly: MiddlewareHandler<OfficeBindings> = sessionGate<OfficeBindings>({
  role: 'staff',
  admit: async (c, session) => {
    const staff = await staffMember(c.env, session.email);
    if (staff) c.set('staff', staff);
    return staff !== null;
  },
  refuse: officeRefusal,
});
