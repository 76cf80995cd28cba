/**
 * "Get paid" on the partner's page (issue 43 item 5): a plain form post that makes their Stripe Express account once and
 * sends them to Stripe's hosted onboarding; Stripe sends them back to `back` (the account's state is asked again, as
 * the webhook's account.updated may come later) or, for a used or stale link, to `refresh` for a new one. Each request
 * is rate-limited; the account and each link are audited (functions/lib/partners/payouts.ts).
 */
import type { Context } from 'hono';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { PARTNER_PATHS } from '~/lib/partners/apply';
import { PAYOUT_PATHS } from '~/lib/partners/payouts';
import { formRoute, type LeadEnv } from '../lib/pipeline';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { REFUSALS, refusalJson, seeOther } from '../lib/http';
import { partnerLimit, partnerOnly, type PartnerBindings } from '../lib/partners/gate';
import { accountUpdated, payoutAccount, startOnboarding } from '../lib/partners/payouts';
import { withinLimit } from '../lib/rate-limit';
import type { WorkerRoutes } from '../lib/routes';

const MAX_FORM = 1024;

const limited = (c: Context<PartnerBindings>) => withinLimit(c.env, 'PARTNER_LIMITER', `partner:${c.var.partner.email}`);

async function onboard(c: Context<PartnerBindings>): Promise<Response> {
  const started = await startOnboarding(c.env, c.var.partner, requestNow(c));
  if (!started.ok)
    return astroPageAt(c, PARTNER_PATHS.home, { errors: { payouts: started.message } }, { status: 503, headers: ACCOUNT_PAGE });
  c.header('Cache-Control', 'no-store');
  return c.redirect(started.url, 303);
}

/** Stripe's refresh_url: the link was used or ran out, so a new one (the account is never made twice). */
async function refresh(c: Context<PartnerBindings>): Promise<Response> {
  if (!(await limited(c))) return refusalJson(c, REFUSALS.rateLimited);
  return onboard(c);
}

/** Stripe's return_url: the account's state as Stripe has it now, then the partner's page. */
async function back(c: Context<PartnerBindings>): Promise<Response> {
  if (!(await limited(c))) return refusalJson(c, REFUSALS.rateLimited);
  const account = await payoutAccount(c.env.DB, c.var.partner.reference);
  if (account?.stripe_account_id)
    await accountUpdated(c.env, account.stripe_account_id, requestNow(c)).catch((error: unknown) => {
      console.error(`payouts for partner ${c.var.partner.reference}: state not read: ${String(error)}`);
    });
  return seeOther(`${PARTNER_PATHS.home}#payouts`);
}

export function partnerPayoutRoutes(routes: WorkerRoutes<LeadEnv>): void {
  routes
    .post(PAYOUT_PATHS.start, partnerOnly, ...formRoute({ maxBytes: MAX_FORM, limit: partnerLimit }, onboard))
    .renders(PARTNER_PATHS.home);
  routes.get(PAYOUT_PATHS.refresh, partnerOnly, refresh).renders(PARTNER_PATHS.home);
  routes.get(PAYOUT_PATHS.back, partnerOnly, back);
  routes.all(PAYOUT_PATHS.start, (c) => refusalJson(c, REFUSALS.postOnly));
}
