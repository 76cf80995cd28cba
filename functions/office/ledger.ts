/**
 * The ledger (issue 45 item 3): one page for a chosen period, for those who may see the money pages (item 6). With
 * `check=stripe` it also asks Stripe for the period's balance and lists every difference: that asks Stripe's API, so it
 * is rate-limited like the downloads and is in the audit trail. A period that is not one is the page again (400).
 */
import type { Context } from 'hono';
import { londonToday } from '~/lib/dates';
import { LEDGER_CHECK, LEDGER_PATH } from '~/lib/office/accounts-ledger';
import { readPeriod } from '~/lib/office/reports';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import type { LedgerPageState } from '~/lib/views/ledger';
import { astroPage, astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { auditStatement } from '../lib/office/audit';
import { moneyOnly, staffOnly, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { clientKey, withinLimit } from '../lib/rate-limit';

async function showLedger(c: Context<OfficeBindings>): Promise<Response> {
  const now = requestNow(c);
  const query = new URL(c.req.url).searchParams;
  const read = readPeriod(query, londonToday(now));
  if ('errors' in read) return astroPageAt(c, LEDGER_PATH, read satisfies LedgerPageState, { status: 400, headers: ACCOUNT_PAGE });
  if (query.get('check') === LEDGER_CHECK) {
    const { staff } = c.var;
    const key = `office-export:${staff.email}:${clientKey(c)}`;
    if (!(await withinLimit(c.env, 'PARTNER_LIMITER', key))) {
      return astroPageAt(c, LEDGER_PATH, { period: read.period, limited: true } satisfies LedgerPageState, {
        status: 429,
        headers: ACCOUNT_PAGE,
      });
    }
    const detail = `Checked the ledger against Stripe for ${read.period.from} to ${read.period.to}`;
    await auditStatement(c.env.DB, { actor: staff.email, action: 'accounts_reconciled', detail }, now).run();
  }
  return astroPage(c);
}

export function ledgerRoutes(routes: OfficeRoutes): void {
  routes.get(LEDGER_PATH, staffOnly, moneyOnly, showLedger).renders(LEDGER_PATH);
}
