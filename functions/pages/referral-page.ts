/** /referral for a signed-in customer (issue 19, item 7); without a live session, the prebuilt page as it is. */
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { signedInEmail } from '../lib/account/session';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { pageAsBuilt } from '../lib/prebuilt-page';
import { REFERRAL_SIGNED_IN_PAGE, referralView } from './referral-view';

export async function referralPage(c: Context<AppBindings>): Promise<Response> {
  const email = await signedInEmail(c);
  if (!email) return pageAsBuilt(c.env, c.req.raw);
  const view = await referralView(c.env, email, requestNow(c));
  return astroPageAt(c, REFERRAL_SIGNED_IN_PAGE, view, { headers: ACCOUNT_PAGE });
}
