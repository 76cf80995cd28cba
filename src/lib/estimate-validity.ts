/**
 * How long an estimate holds (issue 19, item 5): 28 days from the UK day it was priced, the removals trade's usual
 * term. Its last day is shown on the quote's page and in the customer's e-mail; asking to book after it prices the
 * move again first (functions/lib/quote/manage.ts).
 */
import { addDays, formatLongDate, londonToday } from './dates';

export const ESTIMATE_VALID_DAYS = 28;

/** The last UK day an estimate priced at `pricedAt` (an ISO instant) holds. */
export const validUntil = (pricedAt: string): string => addDays(londonToday(new Date(pricedAt)), ESTIMATE_VALID_DAYS);

/** Whether an estimate priced at `pricedAt` still holds on `today` (a UK day). */
export const estimateHolds = (pricedAt: string, today: string): boolean => today <= validUntil(pricedAt);

/** The sentence the page and the e-mail show. */
export const validUntilLine = (pricedAt: string): string => `This estimate is valid until ${formatLongDate(validUntil(pricedAt))}.`;
