/**
 * Issue 44 item 5 on the smallest phone (320 px): the crew's sheet takes "Condition at pickup" with a photo and the
 * customer's typed name and tick, JavaScript off; a record refused by its fields comes back with what was typed; once
 * signed it shows instead of the form; the customer's move page shows it. axe on each state (axe runs in the page, so
 * with scripts on, which adds the signature pad). With JavaScript the customer draws on the pad and the office sees it.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { leadPath } from '../../src/lib/office/paths';
import { CONDITION_AGREEMENT, CONDITION_MESSAGES } from '../../src/lib/office/condition';
import { addDays } from '../../src/lib/dates';
import { test, expect, axeViolations } from './fixtures';
import { signInToOffice } from './office';
import { storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { ceiling } from '../shared/load';
import { drawOn } from './signature';

const SMALL = { width: 320, height: 640 };
test.use({ viewport: SMALL });

const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A move booked in the diary, and its crew's sheet as the office's lead page makes it. */
async function sheetFor(page: Page, request: APIRequestContext) {
  const moveDate = diaryDay();
  const answer = await storeQuote(request, { name: 'Nia Okafor', email: uniqueEmail('condition'), phone: '07700 900456', moveDate });
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') },
    { reference: answer.reference, moveDate },
    { crewLead: `Samira Khan-${tag}`, crewSize: 2, van: `LV71 KFP-${tag}`, window: '08-10' },
  );
  await signInToOffice(page.context());
  await page.goto(leadPath(answer.reference));
  await page.getByRole('button', { name: 'Make the crew’s job sheet link' }).click();
  const url = new URL((await page.locator('[data-fill="job-sheet-link"]').textContent())!.trim());
  return {
    reference: answer.reference,
    sheet: `${url.pathname}${url.search}`,
    // The records are signed on the move's day only: the crew's phone on that day (12:00 UTC is that day in London).
    clock: { 'X-Test-Now': `${moveDate}T12:00:00Z` },
    movePage: answer.confirmationUrl,
  };
}

async function walk(
  browser: Browser,
  baseURL: string | undefined,
  sheet: string,
  clock: Record<string, string>,
  javaScriptEnabled: boolean,
  check: (page: Page, state: string) => Promise<void>,
) {
  const phone = await browser.newContext({ baseURL, javaScriptEnabled, viewport: SMALL, extraHTTPHeaders: clock });
  const crew = await phone.newPage();
  await crew.goto(sheet);
  const pickup = crew.locator('[data-condition="pickup"]');
  await expect(pickup.getByRole('heading', { name: 'Condition at pickup' })).toBeVisible();
  await check(crew, 'blank');

  // Only spaces: the browser lets them through; the sheet refuses each by its field and keeps the tick.
  await pickup.getByRole('textbox', { name: /^Already damaged/ }).fill('   ');
  await pickup.getByLabel('Customer’s full name, as their signature').fill('  ');
  await pickup.getByLabel(CONDITION_AGREEMENT).check();
  await pickup.getByRole('button', { name: 'Sign and save the record' }).click();
  await expect(pickup.getByRole('textbox', { name: /^Already damaged/ })).toHaveAccessibleDescription(CONDITION_MESSAGES.note);
  await expect(pickup.getByLabel('Customer’s full name, as their signature')).toHaveAccessibleDescription(CONDITION_MESSAGES.name);
  await expect(pickup.getByLabel(CONDITION_AGREEMENT)).toBeChecked();
  await check(crew, 'refused');

  await pickup.getByRole('textbox', { name: /^Already damaged/ }).fill('Scratch on the wardrobe door');
  await pickup
    .getByLabel('Photos of what was already damaged (optional)')
    .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PHOTO });
  await pickup.getByLabel('Customer’s full name, as their signature').fill('Nia Okafor');
  await pickup.getByRole('button', { name: 'Sign and save the record' }).click();
  await expect(crew.getByRole('status')).toHaveText(/condition at pickup is recorded and signed/);
  await expect(crew.locator('[data-fill="condition:pickup:signed"]')).toHaveText(/^Nia Okafor, \d\d:\d\d \(1 photo\)$/);
  await expect(crew.locator('[data-condition="pickup"] form')).toHaveCount(0);
  await check(crew, 'recorded');
  await phone.close();
}

test('JavaScript off: the condition at pickup, refused by its fields, then signed; the move page shows it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(ceiling(90_000));
  const { sheet, clock, movePage } = await sheetFor(page, request);
  // Without script the sheet has no signature pad: the typed name and tick (the axe test below measures its width).
  await walk(browser, baseURL, sheet, clock, false, async () => {});
  const customer = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: SMALL });
  const move = await customer.newPage();
  await move.goto(movePage);
  await expect(move.getByRole('heading', { name: 'Condition of your things' })).toBeVisible();
  await expect(move.locator('[data-fill="condition:pickup:note"]')).toHaveText('Scratch on the wardrobe door');
  await expect(move.locator('[data-fill="condition:pickup:photos"]')).toHaveText('1 photo');
  await customer.close();
});

test('axe at 320 px: the condition step blank, refused and recorded, and the move page with the record', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(ceiling(90_000));
  const { sheet, clock, movePage } = await sheetFor(page, request);
  await walk(browser, baseURL, sheet, clock, true, async (crew, state) => {
    expect(await axeViolations(crew), `the sheet ${state}`).toEqual([]);
    expect(await crew.evaluate(() => document.documentElement.scrollWidth), `the sheet ${state}`).toBeLessThanOrEqual(320);
  });
  // The day after (a delivery past midnight): the delivery's arrival and record are still offered, the pickup's signed
  // record stays in view.
  const dayAfter = `${addDays(clock['X-Test-Now'].slice(0, 10), 1)}T00:40:00Z`;
  const later = await browser.newContext({ baseURL, viewport: SMALL, extraHTTPHeaders: { 'X-Test-Now': dayAfter } });
  const crew = await later.newPage();
  await crew.goto(sheet);
  await expect(crew.locator('[data-fill="condition:pickup:signed"]')).toContainText('Nia Okafor');
  await expect(crew.locator('[data-condition="delivery"]').getByRole('button', { name: 'Sign and save the record' })).toBeVisible();
  expect(await axeViolations(crew), 'the sheet the day after').toEqual([]);
  expect(await crew.evaluate(() => document.documentElement.scrollWidth), 'the sheet the day after').toBeLessThanOrEqual(320);
  await later.close();
  const customer = await browser.newContext({ baseURL, viewport: SMALL });
  const move = await customer.newPage();
  await move.goto(movePage);
  await expect(move.locator('[data-fill="condition:pickup:signed"]')).toContainText('Nia Okafor');
  expect(await axeViolations(move), 'the move page').toEqual([]);
  await customer.close();
});

test('JavaScript on: the customer also draws their signature on the pad, and the office sees it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(ceiling(90_000));
  const { reference, sheet, clock } = await sheetFor(page, request);
  const phone = await browser.newContext({ baseURL, viewport: SMALL, extraHTTPHeaders: clock });
  const crew = await phone.newPage();
  await crew.goto(sheet);
  const pickup = crew.locator('[data-condition="pickup"]');
  await pickup.getByRole('textbox', { name: /^Already damaged/ }).fill('None');
  await pickup.getByLabel('Customer’s full name, as their signature').fill('Nia Okafor');
  await pickup.getByLabel(CONDITION_AGREEMENT).check();
  const pad = pickup.getByRole('img', { name: 'Customer’s signature, drawn (optional)' });
  await expect(pad).toHaveAccessibleDescription(/The typed name above is the signature/);
  await drawOn(crew, pad);
  await pickup.getByRole('button', { name: 'Sign and save the record' }).click();
  await expect(crew.getByRole('status')).toHaveText(/condition at pickup is recorded and signed/);
  await expect(crew.locator('[data-fill="condition:pickup:signed"]')).toHaveText(
    /^Nia Okafor, \d\d:\d\d \(no photos\); signed on the crew’s phone$/,
  );
  await phone.close();

  await page.goto(leadPath(reference));
  const drawn = page.locator('[data-show="job-sheet:condition:pickup:signature"]');
  await expect(drawn).toContainText('Signed on the crew’s phone');
  const image = drawn.getByRole('img', { name: 'The signature Nia Okafor drew' });
  await expect(image).toBeVisible();
  // The PNG the pad made, as the office's route serves it: the pad's own 600 by 200 pixels.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('600x200');
});
