/**
 * Issue 44 item 4 in a browser: "Texts on the day" on the move page, turned on and off by the customer with JavaScript
 * off (plain form posts), at 320 px; axe (which needs scripts) on each state.
 */
import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { storeQuote, uniqueEmail } from './quote-helpers';

const NARROW = { width: 320, height: 720 };

async function turnOnAndOff(page: Page, confirmationUrl: string, check: (state: string) => Promise<void>) {
  await page.goto(confirmationUrl);
  const section = page.getByRole('region', { name: 'Texts on the day' });
  await expect(section).toContainText('Texts are off.');
  await check('off, never chosen');
  await section.getByRole('button', { name: 'Text me on the day' }).click();
  await expect(page.getByText('Texts are on: we will text you on the day')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Texts on the day' })).toContainText('Turned on on this page');
  await check('on');
  await page.getByRole('region', { name: 'Texts on the day' }).getByRole('button', { name: 'Turn texts off' }).click();
  await expect(page.getByText('Texts are off: we will not text you about this move.')).toBeVisible();
  await check('off again');
}

test.use({ viewport: NARROW });

test('JavaScript off: the customer turns day-of-move texts on, then off', async ({ browser, request, baseURL }) => {
  const answer = await storeQuote(request, { email: uniqueEmail('texts') });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: NARROW });
  const page = await context.newPage();
  await turnOnAndOff(page, answer.confirmationUrl, async () => {});
  await context.close();
});

test('axe at 320 px on each state of "Texts on the day"', async ({ page, request }) => {
  const answer = await storeQuote(request, { email: uniqueEmail('texts-axe') });
  await turnOnAndOff(page, answer.confirmationUrl, async (state) => {
    expect(await axeViolations(page), state).toEqual([]);
    // Nothing wider than the screen at 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), state).toBeLessThanOrEqual(320);
  });
});
