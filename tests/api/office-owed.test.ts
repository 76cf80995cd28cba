/**
 * Issue 40 item 5 over HTTP: a lead shows what its move owes (the total, paid, refunded and the balance with its due
 * day), and "To do today" lists the booked moves whose balance is overdue. A £495.00 written quote with a £123.75
 * deposit paid by card on the Stripe stand-in: £371.25 owed, due seven days before the move.
 */
import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate } from '~/lib/dates';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { openDay } from '../shared/dates';
import { diaryDay } from '../shared/diary-days';
import { makeQuote, paidAndBooked } from './card-payments';
import { readPage } from './html';
import { officeGet } from './office';

const leadPage = async (reference: string) => readPage(await (await officeGet(leadPath(reference))).text());

/** The overdue table's row for `reference` on /office, or null. */
async function overdueRow(reference: string): Promise<string | null> {
  const html = await (await officeGet(OFFICE_PATHS.home)).text();
  const row = new RegExp(`<tr[^>]*data-overdue="${reference}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  return row
    ? row[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : null;
}

describe('what is owed', () => {
  it('a booked move far ahead: the total, the deposit paid, nothing refunded, the balance and its day; not overdue', async () => {
    const quote = await makeQuote(undefined, { moveDate: diaryDay() });
    await paidAndBooked(quote, '123.75');
    const page = await leadPage(quote.reference);
    expect(page.filled('owed:total')).toBe('£495.00');
    expect(page.filled('owed:paid')).toBe('£123.75');
    expect(page.filled('owed:refunded')).toBe('£0.00');
    // £495.00 − £123.75 = £371.25, due seven days before the move.
    expect(page.filled('owed:balance')).toBe(`£371.25, due by ${formatLongDate(addDays(quote.moveDate, -7))}`);
    expect(page.shown('owed-overdue')).toBe(false);
    expect(await overdueRow(quote.reference)).toBeNull();
  });

  it('a booked move inside the week before it: the balance is overdue on its page and in "To do today"', async () => {
    // Two days ahead: its balance's last day, five days ago, has passed, so it is overdue at once.
    const quote = await makeQuote(undefined, { moveDate: openDay(2) });
    await paidAndBooked(quote, '123.75');
    const page = await leadPage(quote.reference);
    expect(page.shown('owed-overdue')).toBe(true);
    expect(page.filled('owed:balance')).toBe(`£371.25, due by ${formatLongDate(addDays(quote.moveDate, -7))}`);
    expect(await overdueRow(quote.reference)).toMatch(/£371\.25$/);
  });

  it('a quote nobody has agreed a price for owes nothing yet', async () => {
    const quote = await makeQuote();
    const page = await leadPage(quote.reference);
    expect(page.filled('owed:state')).toBe('Nothing is owed yet: no written quote has been accepted.');
    expect(page.filled('owed:balance')).toBe('');
  });
});
