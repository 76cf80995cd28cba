/** An estimate holds for 28 days from the UK day it was priced, the removals trade's usual term (issue 19, item 5). */
import { addDays, formatLongDate, londonToday } from './dates';

export const ESTIMATE_VALID_DAYS = 28;

/** `pricedAt` is an ISO instant; the result is a UK day. */
export const validUntil = (pricedAt: string): string => addDays(londonToday(new Date(pricedAt)), ESTIMATE_VALID_DAYS);

export const estimateHolds = (pricedAt: string, today: string): boolean => today <= validUntil(pricedAt);

export const validUntilLine = (pricedAt: string): string => `This estimate is valid until ${formatLongDate(validUntil(pricedAt))}.`;
