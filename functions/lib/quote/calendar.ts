import { formatMoney } from '~/lib/money';
import { STATUS_TEXT } from '~/lib/move-status';
import { PRICE_PENDING, payText } from '~/lib/price-lines';
import { priceNow } from '~/lib/price-to-pay';
import { site } from '~/site.config';
import type { MailFirm } from '../config';
import { calendarFile, type AllDayEvent } from '../ics';
import type { StoredQuote } from './stored-quote';

export const calendarFileName = (quote: StoredQuote) => `${site.brand.toLowerCase()}-move-${quote.reference}.ics`;

const eventStatus = (status: StoredQuote['status']): AllDayEvent['status'] =>
  status === 'booked' ? 'CONFIRMED' : status === 'cancelled' ? 'CANCELLED' : 'TENTATIVE';

/** The one price (priceNow), as the page and e-mails give it. */
function priceText(quote: StoredQuote): string {
  const pay = priceNow(quote);
  if (pay?.written) return `${payText(pay)} to pay`;
  if (!pay || !quote.pricing) return PRICE_PENDING.inline;
  return pay.code
    ? `${payText(pay)} to pay (estimated ${formatMoney(quote.pricing.total)})`
    : `estimated ${formatMoney(quote.pricing.total)}`;
}

/**
 * A cancelled move is still answered, as a cancelled event with a higher SEQUENCE: a calendar that already holds the
 * move (the same UID) then strikes or drops it, where a 404 would leave a live "Moving day" in it. The page no longer
 * links to it.
 */
export function quoteCalendar(quote: StoredQuote, siteUrl: string, firm: MailFirm, now = new Date()): string {
  const cancelled = quote.status === 'cancelled';
  const about = cancelled ? `: ${STATUS_TEXT.cancelled}` : `, ${priceText(quote)}.`;
  return calendarFile(
    {
      uid: `${quote.reference}@${new URL(siteUrl).hostname}`,
      date: quote.moveDate,
      summary: `${cancelled ? 'Cancelled: ' : ''}Moving day: ${firm.name} quote ${quote.reference}`,
      description: `${firm.name} quote ${quote.reference}, ${quote.fromPostcode} to ${quote.toPostcode}${about} Questions? Call ${firm.phone.display} or e-mail ${firm.email}.`,
      stamp: now,
      status: eventStatus(quote.status),
      sequence: quote.version,
    },
    `-//${site.brand}//Quote//EN`,
  );
}
