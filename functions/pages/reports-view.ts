/** The owner's reports (issue 45 item 5): the period's figures as charts, each with its table, and the headline figures. */
import { formatLongDate } from '~/lib/dates';
import { kindLabel } from '~/lib/office/leads';
import { SOURCE_LABELS, type LeadSource } from '~/lib/office/lead-entry';
import { monthLabel, monthsOf, type ChartRow, type ReportPeriod } from '~/lib/office/reports';
import { formatPence } from '~/lib/money';
import type { ReportsView } from '~/lib/views/reports';
import { reportFigures } from '../lib/office/reports';

const count = (label: string, value: number): ChartRow => ({ label, value, shown: String(value) });
const money = (label: string, pence: number): ChartRow => ({ label, value: pence, shown: formatPence(pence) });

function totals<K extends string>(rows: ReadonlyArray<{ n: number } & Record<string, unknown>>, key: K): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(String(row[key]), (sums.get(String(row[key])) ?? 0) + row.n);
  return sums;
}

export async function reportsView(db: D1Database, period: ReportPeriod): Promise<ReportsView> {
  const figures = await reportFigures(db, period);
  const leads = figures.leads.reduce((sum, row) => sum + row.n, 0);
  const months = monthsOf(period);
  const booked = new Map(figures.booked.map((row) => [row.month, row]));
  const taken = new Map(figures.taken.map((row) => [row.month, row.pence]));
  const bookedPence = figures.booked.reduce((sum, row) => sum + row.pence, 0);
  const jobs = figures.booked.reduce((sum, row) => sum + row.jobs, 0);
  const { funnel } = figures;
  return {
    form: period,
    errors: {},
    period: `${formatLongDate(period.from)} to ${formatLongDate(period.to)}`,
    charts: [
      { id: 'kind', title: 'Leads by kind', rows: [...totals(figures.leads, 'kind')].map(([kind, n]) => count(kindLabel(kind), n)) },
      {
        id: 'source',
        title: 'Leads by source',
        rows: [...totals(figures.leads, 'source')].map(([source, n]) => count(SOURCE_LABELS[source as LeadSource] ?? source, n)),
      },
      {
        id: 'conversion',
        title: 'From lead to done',
        rows: [
          count('Leads', leads),
          count('Written quote sent', funnel.written),
          count('Accepted', funnel.accepted),
          count('Paid', funnel.paid),
          count('Done', funnel.done),
        ],
      },
      {
        id: 'booked',
        title: 'Revenue booked by month',
        rows: months.map((month) => money(monthLabel(month), booked.get(month)?.pence ?? 0)),
      },
      {
        id: 'taken',
        title: 'Revenue taken by month, less refunds',
        rows: months.map((month) => money(monthLabel(month), taken.get(month) ?? 0)),
      },
    ],
    figures: [
      ['Revenue booked', formatPence(bookedPence)],
      ['Revenue taken, less refunds', formatPence(figures.taken.reduce((sum, row) => sum + row.pence, 0))],
      ['Jobs booked', String(jobs)],
      ['Average job', jobs > 0 ? formatPence(Math.round(bookedPence / jobs)) : 'None booked'],
      ['Cancellations', String(figures.cancelled)],
    ],
  };
}
