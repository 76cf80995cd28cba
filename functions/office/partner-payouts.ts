/**
 * The office's side of partners' pay (issue 43 item 5): releasing a job's pay that a damage report or claim held. The
 * partner's page in the office (/office/partners/application) shows each job's share, transfer and reversals.
 * Staff only, rate-limited, audited on the move and the partner.
 */
import type { Context } from 'hono';
import { applicationPath } from '~/lib/partners/apply';
import { PAYOUT_PATHS } from '~/lib/partners/payouts';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { REFUSALS, refusalJson, seeOther } from '../lib/http';
import { staffOnly, type OfficeBindings, type OfficeRoutes, officeLimit } from '../lib/office/gate';
import { releaseHold } from '../lib/partners/payouts';
import { notFoundPage } from '../lib/prebuilt-page';

const MAX_RELEASE_BODY = 1024;

async function release(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const { staff } = c.var;
  const reference = values.get('ref') ?? '';
  const job = Number(values.get('job') ?? '');
  const released = Number.isSafeInteger(job) && job > 0 && (await releaseHold(c.env, reference, job, staff.email, requestNow(c)));
  if (!released) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  return seeOther(`${applicationPath(reference)}#payouts`);
}

export function partnerPayoutsRoutes(routes: OfficeRoutes): void {
  routes.post(PAYOUT_PATHS.release, staffOnly, ...formRoute({ maxBytes: MAX_RELEASE_BODY, limit: officeLimit }, release));
  routes.all(PAYOUT_PATHS.release, (c) => refusalJson(c, REFUSALS.postOnly));
}
