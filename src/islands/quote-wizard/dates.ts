/** Date plumbing between the calendar (local Date objects), typed dd/mm/yyyy text and `YYYY-MM-DD` answers. */
import { fromTypedDate, londonToday } from '~/lib/dates';
import { moveDateProblem } from '~/lib/move-date';

export const toDate = (value: string): Date => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar pick is a local day: read its local parts, never its UTC ones. */
export const fromDate = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const toTyped = (value: string): string => {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
};

export type TypedDate = { ok: true; value: string } | { ok: false; message: string };

export const TYPED_DATE_MESSAGES = {
  format: 'Enter the date as dd/mm/yyyy, for example 14/03/2027.',
  impossible: 'That date does not exist. Check the day and month.',
  past: 'That date has passed. Choose tomorrow or a later date.',
} as const;

/**
 * Reads "14/3/2027", "14/03/2027" or "14/03/27" and checks it with the move-date rule, then against `unavailable` (the
 * days the diary has no room left on, each with its message); says plainly what is wrong otherwise.
 */
export function parseTypedDate(text: string, now: Date = new Date(), unavailable?: ReadonlyMap<string, string>): TypedDate {
  const value = fromTypedDate(text);
  if (!value) return { ok: false, message: TYPED_DATE_MESSAGES.format };
  const problem = moveDateProblem(value, londonToday(now));
  if (problem?.reason === 'not_a_date') return { ok: false, message: TYPED_DATE_MESSAGES.impossible };
  if (problem?.reason === 'past') return { ok: false, message: TYPED_DATE_MESSAGES.past };
  if (problem) return { ok: false, message: problem.message };
  const taken = unavailable?.get(value);
  if (taken) return { ok: false, message: taken };
  return { ok: true, value };
}
