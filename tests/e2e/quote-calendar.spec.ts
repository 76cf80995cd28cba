/**
 * Issue 30, item 1: the move-date calendar on a phone. At 320, 360 and 390 px, and at 200 % zoom, every day's number
 * and total is inside its cell and the calendar, nothing cuts one off, and no two totals run into each other: measured
 * from the boxes Chromium drew (tests/shared/calendar-boxes.ts; tests/browsers/journeys.spec.ts measures Firefox ESR
 * and WebKitGTK the same way). The route is a long one, so every total has four digits; the same is then measured with
 * £9,999 on every day, the widest four-digit price.
 *
 * Issue 32 item 3: the browser build leaves react-day-picker's and date-fns's unused modules out, each for a stand-in
 * that throws if reached (src/build/calendar-unused-parts.ts). The last test uses the calendar as a visitor does
 * (months forward and back, a day by click, then days and months by keyboard) and holds the page to no script error.
 */
import type { Page } from '@playwright/test';
import { calendarProblems } from '../shared/calendar-boxes';
import { test, expect, open, axeViolations } from './fixtures';
import { calendarDayName, expectStep, reachStep4 } from './quote-helpers';

/** A three-bedroom home from Truro to Inverness with three more pieces of furniture: four-digit totals every day. */
const FAR = { size: '3 bedrooms', furniture: ['Sofa', 'Bookcase', 'Office desk'], from: 'TR1 2HW', to: 'IV1 1EL' };
const WIDEST = '£9,999';

async function calendarWithTotals(page: Page): Promise<void> {
  await open(page, '/quote');
  await reachStep4(page, FAR);
  await expect(page.locator('[data-day-total]').first()).toHaveText(/^£\d,\d{3}$/);
}

async function expectReadable(page: Page, label: string): Promise<void> {
  expect(await page.evaluate(calendarProblems, null), label).toEqual([]);
  expect(await page.evaluate(calendarProblems, WIDEST), `${label}, ${WIDEST} on every day`).toEqual([]);
}

test('at 320, 360 and 390 px every day and its total is whole, inside the calendar and clear of its neighbours', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await calendarWithTotals(page);
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expectReadable(page, `${width} px`);
    await testInfo.attach(`calendar at ${width} px`, {
      body: await page.locator('[data-calendar]').screenshot(),
      contentType: 'image/png',
    });
  }
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await axeViolations(page), 'step 4 at 320 px').toEqual([]);
});

test.describe('at 200 % zoom', () => {
  // Zooming a 1280 px window to 200 % gives the page 640 CSS pixels, each drawn with two device pixels: media queries,
  // vw and the layout see 640 px, as they do here. (CSS `zoom` on the page would leave them at 1280 px.)
  test.use({ viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 });

  test('a 1280 px window shows every day and its total whole, inside the calendar and clear of its neighbours', async ({ page }) => {
    await calendarWithTotals(page);
    expect(await page.evaluate(() => [window.innerWidth, window.devicePixelRatio])).toEqual([640, 2]);
    await expectReadable(page, '200 % zoom');
  });
});

/** `1 December 2026` → its month as the calendar's grid names it, and a day's name as its button says it. */
const monthCaption = (day: Date) => day.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
const dayButton = (day: Date) => new RegExp(`^${calendarDayName(day)}(,|$)`);
const chosen = (day: Date) =>
  day.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).replace(/,/g, '');

test('months forward and back, a day by click, then a week and a month on by keyboard, with no script error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'YO1 7HH', to: 'LS1 1UR' });
  const grid = page.getByRole('grid');
  const shown = await grid.evaluate(
    (element) => element.getAttribute('aria-label') ?? document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent,
  );
  const first = new Date(`1 ${shown} 12:00`);
  const next = new Date(first.getFullYear(), first.getMonth() + 1, 1, 12);

  await page.getByRole('button', { name: /next month/i }).click();
  await expect(grid).toHaveAccessibleName(monthCaption(next));
  await page.getByRole('button', { name: /previous month/i }).click();
  await expect(grid).toHaveAccessibleName(monthCaption(first));
  await page.getByRole('button', { name: /next month/i }).click();

  // The 15th of next month, by click: never a closed day, always bookable.
  const clicked = new Date(next.getFullYear(), next.getMonth(), 15, 12);
  await page.getByRole('button', { name: dayButton(clicked) }).click();
  await expect(page.locator('[data-chosen-date]')).toContainText(chosen(clicked));
  const toggle = page.locator('button[aria-controls]').filter({ hasText: chosen(clicked) });
  await expect(toggle).toBeFocused();

  // Opened again, the calendar shows the chosen day; a week down, a month on, Enter picks it.
  await page.keyboard.press('Enter');
  await expect(grid).toHaveAccessibleName(monthCaption(next));
  const day = page.getByRole('button', { name: dayButton(clicked) });
  await day.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('PageDown');
  const keyed = new Date(next.getFullYear(), next.getMonth() + 1, 22, 12);
  await expect(grid).toHaveAccessibleName(monthCaption(keyed));
  await expect(page.getByRole('button', { name: dayButton(keyed) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-chosen-date]')).toContainText(chosen(keyed));
  await expectStep(page, 'When do you want to move?');
  expect(errors).toEqual([]);
});
