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
import { readFormPost } from '../lib/form-post';
import { REFUSALS, refusalJson, seeOther } from '../lib/http';
import { staffOnly, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { releaseHold } from '../lib/partners/payouts';
import { notFoundPage } from '../lib/prebuilt-page';
import { withinLimit } from '../lib/rate-limit';

const MAX_RELEASE_BODY = 1024;

async function release(c: Context<OfficeBindings>): Promise<Response> {
  const posted = await readFormPost(c, MAX_RELEASE_BODY);
  if ('refusal' in posted) return refusalJson(c, posted.refusal);
  const { staff } = c.var;
  if (!(await withinLimit(c.env, 'PARTNER_LIMITER', `office:${staff.email}`))) return refusalJson(c, REFUSALS.rateLimited);
  const reference = posted.values.get('ref') ?? '';
  const job = Number(posted.values.get('job') ?? '');
  const released = Number.isSafeInteger(job) && job > 0 && (await releaseHold(c.env, reference, job, staff.email, requestNow(c)));
  if (!released) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  return seeOther(`${applicationPath(reference)}#payouts`);
}

export function partnerPayoutsRoutes(routes: OfficeRoutes): void {
  routes.post(PAYOUT_PATHS.release, staffOnly, release);
  routes.all(PAYOUT_PATHS.release, (c) => refusalJson(c, REFUSALS.postOnly));
}
