/**
 * The office's side of partners' pay (issue 43 item 5): releasing a job's pay that a damage report or claim held. The
 * partner's page in the office (/office/partners/application) shows each job's share, transfer and reversals.
 * Staff only, rate-limited, audited on the move and the partner.
 */
import type { Context } from 'hono';
import { applicationPath } from '~/lib/partners/apply';
import { PAYOUT_PATHS, releaseSchema, type ReleaseForm } from '~/lib/partners/payouts';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { REFUSALS, refusalJson, seeOther, type Refusal } from '../lib/http';
import { staffOnly, type OfficeBindings, type OfficeRoutes, officeLimit } from '../lib/office/gate';
import { releaseHold } from '../lib/partners/payouts';
import { notFoundPage } from '../lib/prebuilt-page';

const MAX_RELEASE_BODY = 1024;

/** No such partner or job held: the 404 every unknown office address gets; any other refusal, the error shape. */
const releaseRefused = (c: Context<OfficeBindings>, refusal: Refusal) =>
  refusal.error.fields ? notFoundPage(c.env, c.req.url, ACCOUNT_PAGE) : refusalJson(c, refusal);

async function release(c: Context<OfficeBindings>, { ref, job }: ReleaseForm): Promise<Response> {
  const released = await releaseHold(c.env, ref, job, c.var.staff.email, requestNow(c));
  if (!released) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  return seeOther(`${applicationPath(ref)}#payouts`);
}

export function partnerPayoutsRoutes(routes: OfficeRoutes): void {
  routes.post(
    PAYOUT_PATHS.release,
    staffOnly,
    ...formRoute({ maxBytes: MAX_RELEASE_BODY, limit: officeLimit, schema: releaseSchema, page: releaseRefused }, release),
  );
  routes.all(PAYOUT_PATHS.release, (c) => refusalJson(c, REFUSALS.postOnly));
}
