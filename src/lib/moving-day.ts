/**
 * The moving day as the customer sees it (issue 44 item 1): each of the crew's taps with its UK time, and the arrival
 * estimate while the crew are still on their way. One builder for the move page and its status JSON (`MOVE_DAY_PATH`).
 */
import { UK_TIME_ZONE } from './dates';

export const MOVE_DAY_PATH = '/move-day';
/** How often the open move page asks (the issue: shown within 10 seconds of a tap). */
export const MOVE_DAY_POLL_MS = 5000;

const STEP_WORDS: Readonly<Record<string, string>> = {
  on_our_way: 'On the way',
  late: 'Running late',
  arrived: 'Arrived',
  leaving: 'Loaded and leaving',
  at_delivery: 'Arrived at your new home',
  done: 'Done',
};

export interface DayReport {
  kind: string;
  createdAt: string;
  eta: string | null;
}

export interface MovingDayStatus {
  steps: Array<{ label: string; at: string; detail: string | null }>;
  /** The latest arrival estimate (HH:MM) while the crew are on their way; null once arrived or before they set off. */
  estimate: string | null;
  finished: boolean;
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

export function movingDayStatus(reports: readonly DayReport[]): MovingDayStatus {
  const day = reports.filter((report) => Object.hasOwn(STEP_WORDS, report.kind));
  const arrived = day.some((report) => report.kind === 'arrived' || report.kind === 'at_delivery' || report.kind === 'done');
  const latest = day.findLast((report) => report.eta !== null);
  return {
    steps: day.map((report) => ({
      label: STEP_WORDS[report.kind]!,
      at: clock.format(new Date(report.createdAt)),
      detail: report.eta ? `expected at about ${report.eta}` : null,
    })),
    estimate: !arrived && latest?.eta ? latest.eta : null,
    finished: day.some((report) => report.kind === 'done'),
  };
}
