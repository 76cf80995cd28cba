/**
 * Issue 30, item 1: the move-date calendar on a phone. At 320, 360 and 390 px, and at 200 % zoom, every day's number
 * and total is inside its cell and the calendar, nothing cuts one off, and no two totals run into each other: measured
 * from the boxes Chromium drew (tests/shared/calendar-boxes.ts; tests/browsers/journeys.spec.ts measures Firefox ESR
 * and WebKitGTK the same way). The route is a long one, so every total has four digits; the same is then measured with
 * £9,999 on every day, the widest four-digit price.
 */
import type { Page } from '@playwright/test';
import { calendarProblems } from '../shared/calendar-boxes';
import { test, expect, open, axeViolations } from './fixtures';
import { reachStep4 } from './quote-helpers';

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
