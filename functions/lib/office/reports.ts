/**
 * The owner's reports (issue 45 item 5): every figure for a period read from D1 in one batch. A lead counts in the
 * period it was made; booked revenue by the month its written quote was accepted (the newest accepted version); money
 * taken by the month it was paid, less refunds by the month they were made.
 */
import { addDays, londonDayStart, londonToday } from '~/lib/dates';
import type { ReportPeriod } from '~/lib/office/reports';
import { leadCounts } from './leads';

export interface ReportFigures {
  leads: Array<{ kind: string; source: string; n: number }>;
  funnel: { quotes: number; written: number; accepted: number; paid: number; done: number };
  booked: Array<{ month: string; pence: number; jobs: number }>;
  taken: Array<{ month: string; pence: number }>;
  cancelled: number;
}

/** Sums by London month (`YYYY-MM`): SQLite knows no Europe/London, so the rows are grouped here. */
function byMonth(rows: ReadonlyArray<{ at: string; pence: number }>): Map<string, { pence: number; count: number }> {
  const months = new Map<string, { pence: number; count: number }>();
  for (const { at, pence } of rows) {
    const key = londonToday(new Date(at)).slice(0, 7);
    const month = months.get(key) ?? { pence: 0, count: 0 };
    months.set(key, { pence: month.pence + pence, count: month.count + 1 });
  }
  return months;
}

export async function reportFigures(db: D1Database, { from, to }: ReportPeriod): Promise<ReportFigures> {
  const start = londonDayStart(from).toISOString();
  const until = londonDayStart(addDays(to, 1)).toISOString();
  const [funnel, booked, taken, cancelled] = await db.batch([
    db
      .prepare(
        `SELECT COUNT(*) AS quotes,
           COUNT(CASE WHEN EXISTS (SELECT 1 FROM written_quotes w WHERE w.reference = q.reference AND w.sent_at IS NOT NULL) THEN 1 END) AS written,
           COUNT(CASE WHEN EXISTS (SELECT 1 FROM written_quotes w WHERE w.reference = q.reference AND w.accepted_at IS NOT NULL) THEN 1 END) AS accepted,
           COUNT(CASE WHEN EXISTS (SELECT 1 FROM payments p WHERE p.reference = q.reference AND p.paid_at IS NOT NULL) THEN 1 END) AS paid,
           COUNT(CASE WHEN EXISTS (SELECT 1 FROM job_reports j WHERE j.reference = q.reference AND j.kind = 'done') THEN 1 END) AS done
         FROM quote_requests q WHERE q.created_at >= ?1 AND q.created_at < ?2`,
      )
      .bind(start, until),
    db
      .prepare(
        `SELECT w.accepted_at AS at, w.total_pence AS pence FROM written_quotes w
         WHERE w.accepted_at >= ?1 AND w.accepted_at < ?2
           AND w.version = (SELECT MAX(v.version) FROM written_quotes v WHERE v.reference = w.reference AND v.accepted_at IS NOT NULL)`,
      )
      .bind(start, until),
    db
      .prepare(
        `SELECT paid_at AS at, amount_pence AS pence FROM payments WHERE paid_at >= ?1 AND paid_at < ?2
         UNION ALL
         SELECT done_at, -amount_pence FROM refunds WHERE status = 'succeeded' AND done_at >= ?1 AND done_at < ?2`,
      )
      .bind(start, until),
    db
      .prepare("SELECT COUNT(*) AS n FROM quote_requests WHERE status = 'cancelled' AND created_at >= ?1 AND created_at < ?2")
      .bind(start, until),
  ]);
  return {
    leads: await leadCounts(db, start, until),
    funnel: funnel!.results[0] as ReportFigures['funnel'],
    booked: [...byMonth(booked!.results as Array<{ at: string; pence: number }>)].map(([month, { pence, count }]) => ({
      month,
      pence,
      jobs: count,
    })),
    taken: [...byMonth(taken!.results as Array<{ at: string; pence: number }>)].map(([month, { pence }]) => ({ month, pence })),
    cancelled: (cancelled!.results[0] as { n: number }).n,
  };
}
