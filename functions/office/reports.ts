/**
 * The owner's reports (issue 45 item 5): one page for a chosen period, for the owner and the staff given the money pages
 * (item 6; anyone else meets the office's 404).
 * A period that is not one is the page again (400) with each message by its field.
 */
import type { Context } from 'hono';
import { londonToday } from '~/lib/dates';
import { readPeriod, REPORTS_PATH } from '~/lib/office/reports';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import type { ReportsPageState } from '~/lib/views/reports';
import { astroPage, astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { moneyOnly, staffOnly, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';

async function showReports(c: Context<OfficeBindings>): Promise<Response> {
  const read = readPeriod(new URL(c.req.url).searchParams, londonToday(requestNow(c)));
  if ('errors' in read) return astroPageAt(c, REPORTS_PATH, read satisfies ReportsPageState, { status: 400, headers: ACCOUNT_PAGE });
  return astroPage(c);
}

export function reportsRoutes(routes: OfficeRoutes): void {
  routes.get(REPORTS_PATH, staffOnly, moneyOnly, showReports).renders(REPORTS_PATH);
}
