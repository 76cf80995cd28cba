/**
 * The accountant's export (issue 45 item 4): the period's documents for Xero and its payments, as CSV downloads, owner
 * for those who may see the reports page they are linked from (moneyOnly). A period that is not one is a 400 with each message by its field.
 */
import type { Context } from 'hono';
import { londonToday } from '~/lib/dates';
import { exportFilename, PAYMENTS_CSV_PATH, XERO_CSV_PATH } from '~/lib/office/accounts-export';
import { readPeriod } from '~/lib/office/reports';
import { requestNow } from '../lib/clock';
import { REFUSALS, refusalJson, validationFailed } from '../lib/http';
import { paymentsCsv, xeroCsv } from '../lib/office/accounts-export';
import { ledgerCsv } from '../lib/office/accounts-ledger';
import { LEDGER_CSV_PATH } from '~/lib/office/accounts-ledger';
import { auditStatement } from '../lib/office/audit';
import { moneyOnly, staffOnly, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { clientKey, withinLimit } from '../lib/rate-limit';

const EXPORTS = {
  xero: { words: 'the Xero CSV', rows: xeroCsv },
  payments: { words: 'the payments CSV', rows: paymentsCsv },
  ledger: { words: 'the ledger CSV', rows: ledgerCsv },
} as const;

const download = (what: keyof typeof EXPORTS) =>
  async function (c: Context<OfficeBindings>): Promise<Response> {
    const now = requestNow(c);
    const read = readPeriod(new URL(c.req.url).searchParams, londonToday(now));
    if ('errors' in read) return refusalJson(c, validationFailed(read.errors));
    const { staff } = c.var;
    // Office staff share the partner pages' limiter, under a key of their own for exports (per member and client).
    const key = `office-export:${staff.email}:${clientKey(c)}`;
    if (!(await withinLimit(c.env, 'PARTNER_LIMITER', key))) return refusalJson(c, REFUSALS.rateLimited);
    const { period } = read;
    const detail = `Downloaded ${EXPORTS[what].words} for ${period.from} to ${period.to}`;
    await auditStatement(c.env.DB, { actor: staff.email, action: 'accounts_exported', detail }, now).run();
    return new Response(EXPORTS[what].rows(c.env.DB, period), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFilename(what, period)}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'same-origin',
      },
    });
  };

export function accountsExportRoutes(routes: OfficeRoutes): void {
  routes.get(XERO_CSV_PATH, staffOnly, moneyOnly, download('xero'));
  routes.get(PAYMENTS_CSV_PATH, staffOnly, moneyOnly, download('payments'));
  routes.get(LEDGER_CSV_PATH, staffOnly, moneyOnly, download('ledger'));
}
