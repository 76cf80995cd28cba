/** The owner's reports page (issue 45 item 5), as functions/pages/reports-view.ts builds it. */
import type { ChartRow, ReportPeriod } from '../office/reports';

export interface ChartView {
  id: string;
  title: string;
  rows: ChartRow[];
}

export interface ReportsView {
  /** The period's fields as typed (or the period shown). */
  form: ReportPeriod;
  errors: Record<string, string>;
  /** "1 January 2026 to 31 December 2026", or null when the period was refused. */
  period: string | null;
  charts: ChartView[];
  figures: Array<[label: string, value: string]>;
}

/** A refused period: the page again with each message by its field. */
export interface ReportsPageState {
  errors: Record<string, string>;
  form: ReportPeriod;
}
