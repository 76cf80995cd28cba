/**
 * What cancelling or moving a booked move costs (issue 34 item 3), from the one table of terms (cancellationTier in
 * src/data/promises.ts): the page that quotes the fee and the Worker that refunds the rest both ask here. Notice is
 * counted by the clock (issue 39 item 7), exactly as the terms page words it (NOTICE_COUNTED).
 */
import { cancellationTier, DEFAULT_ARRIVAL_TIME } from '../data/promises';
import { londonInstant } from './dates';

/** An arrival window's key (src/lib/office/arrival-windows.ts: `08-10`, or `07:30-09:30`) → its start, `08:00`; null for none. */
export const windowStart = (window: string | null): string | null => {
  const match = window ? /^(\d{2})(?::(\d{2}))?-/.exec(window) : null;
  return match ? `${match[1]}:${match[2] ?? '00'}` : null;
};

/** When the move starts for its notice: its arrival window's start, or DEFAULT_ARRIVAL_TIME while none is set. */
export const moveStartsAt = (moveDate: string, arrivalWindow: string | null): Date =>
  londonInstant(moveDate, windowStart(arrivalWindow) ?? DEFAULT_ARRIVAL_TIME);

/** Hours from `now` to the move's start, to the minute and beyond (never below 0). */
export const noticeHours = (now: Date, startsAt: Date): number => Math.max(0, (startsAt.getTime() - now.getTime()) / 3_600_000);

/** The tier's share of the booked price, in whole pence (half a penny rounds up, as the engine rounds). */
export const cancellationFeePence = (totalPence: number, hoursBefore: number): number =>
  Math.round(totalPence * cancellationTier(hoursBefore).charge);

/** What goes back to the card: everything paid beyond the fee, never less than nothing. */
export const refundAfterFeePence = (paidPence: number, feePence: number): number => Math.max(0, paidPence - feePence);
