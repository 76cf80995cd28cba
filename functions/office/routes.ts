/**
 * The office's routes (issue 33), each area in its own file, all on the Worker's one route list. Office pages are
 * on-demand Astro pages behind `staffOnly` (functions/lib/office/gate.ts); their form posts are Hono handlers here,
 * answering 303 back to a page (post, redirect, get), so every task works as plain HTML.
 */
import type { OfficeRoutes } from '../lib/office/gate';
import { accountsExportRoutes } from './accounts-export';
import { addressesRoutes } from './addresses';
import { claimsRoutes } from './claims';
import { diaryRoutes } from './diary';
import { documentsRoutes } from './documents';
import { diaryDaysRoutes } from './diary-days';
import { jobSheetsRoutes } from './job-sheets';
import { leadEntryRoutes } from './lead-entry';
import { leadsRoutes } from './leads';
import { reportsRoutes } from './reports';
import { ledgerRoutes } from './ledger';
import { partnersRoutes } from './partners';
import { partnerPayoutsRoutes } from './partner-payouts';
import { settingsRoutes } from './settings';
import { staffRoutes } from './staff';
import { writtenQuotesRoutes } from './written-quotes';

export function officeRoutes(routes: OfficeRoutes): void {
  staffRoutes(routes);
  leadsRoutes(routes);
  addressesRoutes(routes);
  leadEntryRoutes(routes);
  writtenQuotesRoutes(routes);
  diaryRoutes(routes);
  diaryDaysRoutes(routes);
  jobSheetsRoutes(routes);
  claimsRoutes(routes);
  settingsRoutes(routes);
  documentsRoutes(routes);
  reportsRoutes(routes);
  accountsExportRoutes(routes);
  ledgerRoutes(routes);
  partnersRoutes(routes);
  partnerPayoutsRoutes(routes);
}
