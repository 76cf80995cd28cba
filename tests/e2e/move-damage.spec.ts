/**
 * Issue 34 item 5 in a browser: on the day of a booked move (the request's clock set by the test environment's
 * X-Test-Now header) the move page offers "Report damage"; a report of only spaces is refused at its field, then sent
 * with a photo and thanked for. JavaScript off for the journey; axe (which needs scripts) on each state.
 */
import type { Page } from '@playwright/test';
import { bookInDiary } from '../shared/office-posts';
import { diaryDay } from '../shared/diary-days';
import { axeViolations, expect, test } from './fixtures';
import { storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';

const PHONE = { width: 390, height: 844 };
// A 1×1 PNG: the report's photo, known by its bytes.
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function bookedMoveOnItsDay(page: Page, request: Parameters<typeof storeQuote>[0]): Promise<string> {
  const moveDate = diaryDay();
  const answer = await storeQuote(request, { email: uniqueEmail('damage'), moveDate });
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') },
    { reference: answer.reference, moveDate },
    { crewLead: `Samira Damage-${tag}`, crewSize: 2, van: `DMG ${tag}`, window: '10-12' },
  );
  await page.setExtraHTTPHeaders({ 'X-Test-Now': `${moveDate}T17:00:00Z` });
  return answer.confirmationUrl;
}

async function report(page: Page, check: (state: string) => Promise<void>, confirmationUrl: string) {
  await page.goto(confirmationUrl);
  await expect(page.getByRole('heading', { name: 'Report damage' })).toBeVisible();
  await check('the form');
  // Only spaces: the browser's own check lets them through; the Worker refuses them.
  await page.getByLabel('What was damaged?').fill('   ');
  await page.getByRole('button', { name: 'Send my report' }).click();
  await expect(page.getByLabel('What was damaged?')).toHaveAttribute('aria-invalid', 'true');
  await check('refused without words');
  await page.getByLabel('What was damaged?').fill('The hall mirror arrived cracked.');
  await page.getByLabel('Photos (optional)').setInputFiles({ name: 'mirror.png', mimeType: 'image/png', buffer: PHOTO });
  await page.getByRole('button', { name: 'Send my report' }).click();
  await expect(page.getByText('we have your report; the office will be in touch')).toBeVisible();
  await check('thanked');
}

test.use({ viewport: PHONE });

test('JavaScript off: a booked move on its day takes a damage report with a photo', async ({ browser, request, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await report(page, async () => {}, await bookedMoveOnItsDay(page, request));
  await context.close();
});

test('axe on each state of the damage report', async ({ page, request }) => {
  await report(page, async (state) => expect(await axeViolations(page), state).toEqual([]), await bookedMoveOnItsDay(page, request));
});
