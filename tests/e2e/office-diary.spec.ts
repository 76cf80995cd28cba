/**
 * Issue 33 item 4 in a browser. JavaScript off: the owner adds a crew and a van on /office/diary, books a move with a
 * crew, a van and an arrival window from the move's diary form (the section the lead page shows too), a refused booking
 * ties its messages to the fields. axe at 390 px (with scripts, as axe needs them) on the diary with a full day and a
 * refused booking. JavaScript on: a day with no room left shows as
 * "Fully booked" and cannot be picked in the quote wizard's calendar. Dates are random, 200+ days ahead: the specs
 * share one D1 (tests/shared/diary-days.ts).
 */
import type { Page } from '@playwright/test';
import { CLOSED, FULL_DAY_MESSAGE, FULLY_BOOKED } from '../../src/lib/office/diary';
import { DIARY_BOOK_PATH, DIARY_MESSAGES, DIARY_NOTICES } from '../../src/lib/office/diary-forms';
import { addDays, londonToday } from '../../src/lib/dates';
import { closedDay, MOVE_DATE_MESSAGES } from '../../src/lib/move-date';
import { diaryDay, DIARY_ROOM_SQL } from '../shared/diary-days';
import { test, expect, axeViolations, open, queryD1 } from './fixtures';
import { signInToOffice } from './office';
import { calendarDayName, reachStep4, storeQuote } from './quote-helpers';
import { ceiling } from '../shared/load';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addCrewAndVan(page: Page, lead: string, van: string): Promise<void> {
  await page.goto('/office/diary');
  await page.getByLabel('Crew lead’s name').fill(lead);
  await page.getByLabel('Crew size (people)').fill('3');
  await page.getByRole('button', { name: 'Add crew' }).click();
  await expect(page.getByRole('status')).toHaveText(DIARY_NOTICES['crew-added']);
  await page.getByLabel('Van (how you tell it apart, such as its registration)').fill(van);
  await page.getByLabel('Size', { exact: true }).selectOption({ label: 'Luton van' });
  await page.getByRole('button', { name: 'Add van' }).click();
  await expect(page.getByRole('status')).toHaveText(DIARY_NOTICES['van-added']);
}

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the owner sets up a crew and a van and books a move with an arrival window', async ({ page }) => {
    test.setTimeout(ceiling(90_000));
    await signInToOffice(page.context());
    const lead = unique('Samira');
    const van = unique('KX70');
    await addCrewAndVan(page, lead, van);
    await expect(page.locator('[data-show="remove-crew"]').getByText(`${lead}, crew of 3`)).toBeVisible();

    const day = diaryDay();
    const quote = await storeQuote(page.request, { moveDate: day });
    await page.goto(`/office/diary?from=${day}&ref=${quote.reference}`);
    const section = page.getByRole('region', { name: `Move ${quote.reference}` });

    // Refused: no crew, van or window chosen; each message read with its field.
    await section.getByRole('button', { name: 'Book with this crew' }).click();
    await expect(page.getByLabel('Crew', { exact: true })).toHaveAccessibleDescription(DIARY_MESSAGES.crew);
    await expect(page.getByLabel('Van', { exact: true })).toHaveAccessibleDescription(DIARY_MESSAGES.van);
    await expect(page.getByLabel('Arrival window')).toHaveAccessibleDescription(DIARY_MESSAGES.window);
    // An estimate no deposit has booked: staff say why (issue 40 item 4).
    const reason = page.getByLabel('No deposit has been paid: to book with a crew anyway, say why');
    await expect(reason).toHaveAccessibleDescription(new RegExp(`${DIARY_MESSAGES.unpaid}$`));
    await reason.fill('Regular customer: pays the crew on the day');

    await page.getByLabel('Crew', { exact: true }).selectOption({ label: `${lead}, crew of 3` });
    await page.getByLabel('Van', { exact: true }).selectOption({ label: `${van}, Luton van` });
    await page.getByLabel('Arrival window').selectOption({ label: '8–10 am' });
    await section.getByRole('button', { name: 'Book with this crew' }).click();
    await expect(page.getByRole('status')).toHaveText(DIARY_NOTICES.booked);
    await expect(page.locator(`[data-entry="${quote.reference}"]`)).toContainText(
      `Booked: ${lead} (3), ${van}, Luton van, arriving 8–10 am`,
    );
    expect(queryD1('SELECT status FROM quote_requests WHERE reference = ?', quote.reference)).toEqual([{ status: 'booked' }]);

    // The customer's move page names the crew lead by first name, with the window.
    await page.goto(quote.confirmationUrl);
    await expect(page.getByText(`crew of 3 led by Samira (Luton van), arriving 8–10 am`)).toBeVisible();
  });
});

/**
 * The specs running beside this one add at most this many crews and vans while it runs (the job sheet's bookings, this
 * file's own crew): each adds a place to every day, so a day held only to today's room would not stay full.
 */
const ADDED_MEANWHILE = 5;

/**
 * Held by the office, one move per place the day has: then it is full. Then ADDED_MEANWHILE more, over capacity with
 * the office's override, so the day stays full whatever the specs beside it add.
 */
async function fillDay(page: Page, baseURL: string, day: string): Promise<string[]> {
  const room = () => queryD1<{ n: number }>(DIARY_ROOM_SQL)[0]!.n;
  if (room() === 0) await addCrewAndVan(page, unique('Dev'), unique('LD21'));
  const places = room();
  // Every quote first: once the day is full, a new quote for it is refused.
  const quotes = [];
  for (let i = places + ADDED_MEANWHILE; i > 0; i--) quotes.push(await storeQuote(page.request, { moveDate: day }));
  for (const [i, quote] of quotes.entries()) {
    const held = await page.request.post(DIARY_BOOK_PATH, {
      // Every hold gives a reason, which the office asks for only once the day is full: a crew or van another spec
      // removes meanwhile makes the day full sooner, and the hold must not be refused for it.
      form: { ref: quote.reference, intent: 'hold', override: `Spare room held for the test (${i + 1} of ${quotes.length})` },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(held.status()).toBe(303);
  }
  return quotes.map((quote) => quote.reference);
}

// axe runs in the page, so only where scripts can: the office's pages themselves need none.
test('axe at 390 px: the diary with a full day, a refused booking and its override field', async ({ page, baseURL }) => {
  test.setTimeout(ceiling(90_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToOffice(page.context());
  const day = diaryDay();
  const late = await storeQuote(page.request, { moveDate: day });
  await fillDay(page, baseURL!, day);
  await page.goto(`/office/diary?from=${day}`);
  await expect(page.locator(`[data-day="${day}"]`)).toContainText(FULLY_BOOKED);
  expect(await axeViolations(page), 'the diary with a full day').toEqual([]);

  await page.goto(`/office/diary?from=${day}&ref=${late.reference}`);
  await page.getByRole('button', { name: 'Hold the day only' }).click();
  await expect(page.getByLabel('The day is fully booked: why book it anyway?')).toHaveAccessibleDescription(DIARY_MESSAGES.full);
  expect(await axeViolations(page), 'a booking refused for a full day').toEqual([]);
});

test.describe('JavaScript on', () => {
  test('a day with no room left is "Fully booked" and cannot be picked in the wizard’s calendar', async ({ page, baseURL }) => {
    test.setTimeout(ceiling(120_000));
    await signInToOffice(page.context());
    const day = diaryDay();
    await fillDay(page, baseURL!, day);

    await open(page, '/quote');
    await reachStep4(page);
    // The calendar opens on this month: forward to the day's.
    const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
    for (let months = monthOf(day) - monthOf(londonToday()); months > 0; months--) {
      await page.getByRole('button', { name: /next month/i }).click();
    }
    const button = page.locator(`[data-day="${day}"]:not([data-outside]) button`);
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleName(new RegExp(`, ${FULLY_BOOKED}$`));
    await expect(button).toContainText(FULLY_BOOKED);
    expect(await axeViolations(page), 'the calendar with a full day').toEqual([]);

    // Typed as dd/mm/yy, the full day is refused at once on the date step, with the message the server gives it.
    const field = page.getByLabel('Or type the date (dd/mm/yyyy)');
    await field.fill(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(2, 4)}`);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(escaped(FULL_DAY_MESSAGE)));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('#quote-step-title')).toHaveText('When do you want to move?');
    await expect(page.getByText(FULL_DAY_MESSAGE)).toHaveCount(1);
    expect(await axeViolations(page), 'a typed full day refused').toEqual([]);
    // The day before has room: taken, and read back in British form.
    const before = openNear(day, -1);
    await field.fill(`${Number(before.slice(8))}/${Number(before.slice(5, 7))}/${before.slice(0, 4)}`);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(page.locator('[data-chosen-date]')).toContainText(`Moving on ${calendarDayName(before)} ${before.slice(0, 4)}`);
  });

  test('Christmas 2026: 25, 26 and 28 December are closed in the calendar, named so to a screen reader', async ({ page }) => {
    // Hand-worked from GOV.UK: Boxing Day 2026 is a Saturday, so its bank holiday is Monday 28 December. Once they have
    // passed, the next Christmas's: the 25th and 26th are a weekend, with Monday 27th and Tuesday 28th in lieu.
    const days =
      londonToday() < '2026-12-24' ? ['2026-12-25', '2026-12-26', '2026-12-28'] : ['2027-12-25', '2027-12-26', '2027-12-27', '2027-12-28'];
    await open(page, '/quote');
    await reachStep4(page);
    const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
    for (let months = monthOf(days[0]!) - monthOf(londonToday()); months > 0; months--) {
      await page.getByRole('button', { name: /next month/i }).click();
    }
    for (const date of days) {
      const button = page.locator(`[data-day="${date}"]:not([data-outside]) button`);
      await expect(button, date).toBeDisabled();
      await expect(button, date).toHaveAccessibleName(`${calendarDayName(date)}, closed`);
      await expect(button, date).toContainText(CLOSED);
    }
    // The 24th is open (a weekday before Christmas).
    const eve = `${days[0]!.slice(0, 4)}-12-24`;
    if (![0, 6].includes(new Date(`${eve}T12:00:00`).getDay())) {
      await expect(page.locator(`[data-day="${eve}"]:not([data-outside]) button`)).toBeEnabled();
    }
    // Typed, the 28th is refused at the date step with its holiday named.
    const field = page.getByLabel('Or type the date (dd/mm/yyyy)');
    const last = days.at(-1)!;
    await field.fill(`${last.slice(8)}/${last.slice(5, 7)}/${last.slice(2, 4)}`);
    await field.blur();
    await expect(field).toHaveAccessibleDescription(new RegExp(escaped(MOVE_DATE_MESSAGES.closed(`Boxing Day (substitute day)`))));
  });

  test('a day that fills while the customer is on step 5: Submit brings them back to the date, its field saying why', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(ceiling(120_000));
    await signInToOffice(page.context());
    const day = diaryDay(3);
    await open(page, '/quote');
    await reachStep4(page);
    await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('#quote-step-title')).toHaveText('Your contact details');
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill(`full-${Date.now()}@example.com`);
    await page.getByLabel('Phone Number').fill('07700 900123');
    await fillDay(page, baseURL!, day);
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page.locator('#quote-step-title')).toHaveText('When do you want to move?');
    const field = page.getByLabel('Or type the date (dd/mm/yyyy)');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(escaped(FULL_DAY_MESSAGE)));
    // Another day, and on: the quote goes.
    const after = openNear(day, 1);
    await field.fill(`${Number(after.slice(8))}/${Number(after.slice(5, 7))}/${after.slice(2, 4)}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await page.waitForURL(/\/quote-confirmation\?/);
  });
});

/** The nearest day before or after `day` (`step` -1 or 1) that the firm is open. */
function openNear(day: string, step: number): string {
  let date = addDays(day, step);
  while (closedDay(date)) date = addDays(date, step);
  return date;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
