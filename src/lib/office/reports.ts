/**
 * The owner's reports (issue 45 item 5): the period asked for, its words, and the bars each chart draws. Pure: the
 * figures come from functions/lib/office/reports.ts.
 */
import { addDays, readDate } from '../dates';

export const REPORTS_PATH = '/office/reports';

/** A year at most: a longer period asks D1 to read more than a page should. */
export const REPORT_MAX_DAYS = 366;

export const REPORT_MESSAGES = {
  from: 'Enter the first day as a date, for example 01/01/2026.',
  to: 'Enter the last day as a date, for example 31/12/2026.',
  order: 'The last day must be on or after the first.',
  tooLong: `Choose a period of up to ${REPORT_MAX_DAYS} days.`,
} as const;

export interface ReportPeriod {
  /** `YYYY-MM-DD`, both days included. */
  from: string;
  to: string;
}

/** Until chosen: the twelve months to today, from the first of the month eleven months back. */
export function defaultPeriod(today: string): ReportPeriod {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
  return { from: start, to: today };
}

/** `?from=&to=`: the period, or each problem by its field; none given is the default period. */
export function readPeriod(
  query: URLSearchParams,
  today: string,
): { period: ReportPeriod } | { errors: Record<string, string>; form: ReportPeriod } {
  if (!query.has('from') && !query.has('to')) return { period: defaultPeriod(today) };
  const form = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
  const errors: Record<string, string> = {};
  const [from, to] = [readDate(form.from.slice(0, 20)), readDate(form.to.slice(0, 20))];
  if (!from) errors.from = REPORT_MESSAGES.from;
  if (!to) errors.to = REPORT_MESSAGES.to;
  if (from && to) {
    if (to < from) errors.to = REPORT_MESSAGES.order;
    else if (addDays(from, REPORT_MAX_DAYS) <= to) errors.to = REPORT_MESSAGES.tooLong;
    if (!errors.to) return { period: { from, to } };
  }
  return { errors, form };
}

/** The months a period touches, as `YYYY-MM`, in order. */
export function monthsOf({ from, to }: ReportPeriod): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthLabel = (key: string) => `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;

/** A chart's row: its label, its figure as a number (the bar) and as the table writes it. */
export interface ChartRow {
  label: string;
  value: number;
  shown: string;
}

/** Each bar's length, out of `width`, the longest filling it; none for nothing. */
export const barLengths = (rows: readonly ChartRow[], width: number): number[] => {
  const most = Math.max(0, ...rows.map((row) => row.value));
  return rows.map((row) => (most > 0 && row.value > 0 ? Math.max(1, Math.round((row.value / most) * width)) : 0));
};
