/**
 * Who works in the office (issue 33 item 1): the owner adds and removes staff (asked first); anyone on the staff signs out here.
 * Only the owner reaches the staff page and its posts; everyone else meets the 404 that hides every office address.
 */
import type { Context } from 'hono';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { isConfirmed, staffRemoval } from '~/lib/office/confirm-removal';
import { addStaffSchema, removeStaffSchema, STAFF_NOTICES, type StaffNotice } from '~/lib/office/staff';
import type * as z from 'zod/mini';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import type { Refusal } from '../lib/http';
import { formRoute } from '../lib/pipeline';
import { auditStatement } from '../lib/office/audit';
import { officeRefusal, ownerOnly, staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { accountEmail } from '~/lib/account';
import { addStaffStatement, currentStaff, ownerEmail, removeStaffStatements } from '../lib/office/staff';
import { signOut as endSession } from '../lib/sessions';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { mailContext } from '../lib/mail-context';
import { outboxInserts, queueEmails, type OutboxEmail } from '../lib/outbox';
import { staffInvitationEmail } from '../lib/office/staff-emails';
import { generateReference } from '~/lib/reference';
import type { StaffPageView } from '~/lib/views/office';

/** An address and a name: anything longer is not this form. */
const MAX_STAFF_FORM = 2048;

const done = (c: Context, notice: StaffNotice) => c.redirect(`${OFFICE_PATHS.staff}?${new URLSearchParams({ done: notice })}`, 303);

const refused = (c: Context<OfficeBindings>, status: number, view: StaffPageView) =>
  astroPageAt(c, OFFICE_PATHS.staff, view, { status, headers: ACCOUNT_PAGE });

/** The staff page again: invalid fields by their messages, with what was typed; any other refusal at the top. */
function staffPage(c: Context<OfficeBindings>, { status, error }: Refusal, typed: URLSearchParams): Promise<Response> {
  if (!error.fields) return refused(c, status, { errors: { form: error.message } });
  const values = { name: typed.get('name') ?? '', email: typed.get('email') ?? '' };
  return refused(c, status, { values, errors: error.fields });
}

async function addStaff(c: Context<OfficeBindings>, added: z.output<typeof addStaffSchema>): Promise<Response> {
  if (accountEmail(added.email) === ownerEmail(c.env)) return done(c, 'owner');
  const now = requestNow(c);
  const { staff } = c.var;
  const member = { name: added.name, email: accountEmail(added.email) };
  // The invitation is stored with the change, then queued (issue 40 item 7).
  const id = generateReference();
  const invitation: OutboxEmail = {
    recordType: 'office',
    recordReference: id,
    kind: 'customer',
    draft: staffInvitationEmail(await mailContext(c.env), member, `${staff.name} (${staff.email})`),
    idempotencyKey: `office:${id}:invitation`,
  };
  await c.env.DB.batch([
    addStaffStatement(c.env.DB, added, staff.email, now),
    auditStatement(
      c.env.DB,
      {
        actor: staff.email,
        action: 'staff_added',
        detail: `Added ${member.name} (${member.email}) to the staff`,
      },
      now,
    ),
    ...outboxInserts(c.env.DB, [invitation], now),
  ]);
  await queueEmails(c.env, [invitation.idempotencyKey]);
  return done(c, 'added');
}

async function removeStaff(c: Context<OfficeBindings>, posted: z.output<typeof removeStaffSchema>): Promise<Response> {
  const email = accountEmail(posted.email);
  if (email === ownerEmail(c.env)) return done(c, 'owner');
  // Asked first (issue 40 item 4): only the confirmation page's own button removes.
  // Someone not on the staff (never, or removed already by a second tap) has nothing to remove, or to audit.
  const member = (await currentStaff(c.env.DB)).find((each) => each.email === email);
  if (!member) return c.redirect(OFFICE_PATHS.staff, 303);
  if (!isConfirmed(posted))
    return astroPageAt(c, OFFICE_PATHS.confirmRemoval, staffRemoval(member), { status: 200, headers: ACCOUNT_PAGE });
  const now = requestNow(c);
  const { staff } = c.var;
  await c.env.DB.batch([
    ...removeStaffStatements(c.env.DB, email, now),
    auditStatement(c.env.DB, { actor: staff.email, action: 'staff_removed', detail: `Removed ${email} from the staff` }, now),
  ]);
  return done(c, 'removed');
}

/**
 * The one sign-out (functions/lib/sessions.ts): this device's office session, or with `everywhere` every office session
 * of the member (a lost phone, a shared laptop); a customer session on the same browser is left alone. The audit line
 * is in the same batch.
 */
const signOut =
  (everywhere: boolean) =>
  async (c: Context<OfficeBindings>): Promise<Response> => {
    const { email } = c.var.staff;
    const line = everywhere
      ? { actor: email, action: 'signed_out_everywhere', detail: 'Signed out of the office on every device' }
      : { actor: email, action: 'signed_out', detail: 'Signed out of the office' };
    return endSession(c, everywhere, [auditStatement(c.env.DB, line, requestNow(c))]);
  };

export function staffRoutes(routes: OfficeRoutes): void {
  routes.page(OFFICE_PATHS.staff, staffOnly, ownerOnly);
  const form = { maxBytes: MAX_STAFF_FORM, limit: officeLimit, page: staffPage };
  routes.post(`${OFFICE_PATHS.staff}/add`, staffOnly, ownerOnly, ...formRoute({ ...form, schema: addStaffSchema }, addStaff));
  // No page posts an address that is not one: the staff page again, as for a member not on it.
  const removePage = (c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams) =>
    refusal.error.fields ? c.redirect(OFFICE_PATHS.staff, 303) : staffPage(c, refusal, typed);
  routes
    .post(
      `${OFFICE_PATHS.staff}/remove`,
      staffOnly,
      ownerOnly,
      ...formRoute({ ...form, page: removePage, schema: removeStaffSchema }, removeStaff),
    )
    .renders(OFFICE_PATHS.confirmRemoval);
  // A refused sign-out says nothing of the office: the 404 every other address gives.
  const signOutForm = { maxBytes: MAX_STAFF_FORM, limit: officeLimit, page: (c: Context<OfficeBindings>) => officeRefusal(c, 'not-found') };
  routes.post(OFFICE_PATHS.signOut, staffOnly, ...formRoute(signOutForm, signOut(false)));
  routes.post(OFFICE_PATHS.signOutEverywhere, staffOnly, ...formRoute(signOutForm, signOut(true)));
}

export { STAFF_NOTICES };
