/**
 * What cancelling a booked move costs (issue 34 item 3), from the one table of terms (cancellationTier in
 * src/data/promises.ts): the page that quotes the fee and the Worker that refunds the rest both ask here.
 */
import { cancellationTier } from '../data/promises';
import { daysBetween } from './dates';

/**
 * A move has no start time, so notice counts from the end of today: a move the day after tomorrow is 24 hours away, as
 * manage.ts treats it (48 hours makes the day after tomorrow short notice).
 */
export const noticeHours = (today: string, moveDate: string): number => Math.max(0, (daysBetween(today, moveDate) - 1) * 24);

/** The tier's share of the booked price, in whole pence (half a penny rounds up, as the engine rounds). */
export const cancellationFeePence = (totalPence: number, hoursBefore: number): number =>
  Math.round(totalPence * cancellationTier(hoursBefore).charge);

/** What goes back to the card: everything paid beyond the fee, never less than nothing. */
export const refundAfterFeePence = (paidPence: number, feePence: number): number => Math.max(0, paidPence - feePence);
