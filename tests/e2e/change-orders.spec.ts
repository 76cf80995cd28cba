/**
 * Issue 44 item 6 on the smallest phone (320 px): the crew's sheet proposes an extra wardrobe from the price table with
 * JavaScript off, a typed-nothing proposal refused by its field; the customer's signature refused without a name, then
 * signed; the customer's move page shows a second change to answer. axe on each state (axe runs in the page, so with
 * scripts on: the sheet then shows its signature pads). With JavaScript the customer also draws their signature on the
 * pad, and the office sees it beside the change.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { leadPath } from '../../src/lib/office/paths';
import { CHANGE_MESSAGES } from '../../src/lib/office/change-order';
import { test, expect, axeViolations } from './fixtures';
import { signInToOffice } from './office';
import { storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary, postAcceptQuote, sendWrittenQuote } from '../shared/office-posts';
import { ceiling } from '../shared/load';
import { drawOn } from './signature';

const SMALL = { width: 320, height: 640 };
test.use({ viewport: SMALL });

/** A move with a £495.00 written quote accepted and booked for Samira's crew, and the crew's job sheet link. */
async function bookedWithSheet(page: Page, request: APIRequestContext) {
  const site = { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') };
  const moveDate = diaryDay();
  const answer = await storeQuote(request, { name: 'Nia Okafor', email: uniqueEmail('change'), phone: '07700 900456', moveDate });
  const token = new URL(answer.confirmationUrl, site.base).searchParams.get('t')!;
  // A £495.00 written quote the customer accepts (the deposit is left unpaid: the office books it with its reason).
  await sendWrittenQuote(site, answer.reference, { lines: [['Removal', '495.00']], deposit: '123.75' });
  expect([200, 303]).toContain((await postAcceptQuote(site.base, { reference: answer.reference, token })).status);
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    site,
    { reference: answer.reference, moveDate },
    { crewLead: `Samira Khan-${tag}`, crewSize: 2, van: `LV71 KFP-${tag}`, window: '08-10' },
  );
  await signInToOffice(page.context());
  await page.goto(leadPath(answer.reference));
  await page.getByRole('button', { name: 'Make the crew’s job sheet link' }).click();
  const url = new URL((await page.locator('[data-fill="job-sheet-link"]').textContent())!.trim());
  // A change is agreed on the move's day only: the crew's phone on that day (12:00 UTC is that day in London).
  return { answer, url, onTheDay: { 'X-Test-Now': `${moveDate}T12:00:00Z` } };
}

const clean = async (page: Page, state: string) => {
  expect(await axeViolations(page), state).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), state).toBeLessThanOrEqual(320);
};

test('a wardrobe proposed, refused without a name, then signed on the crew’s phone; a second change on the move page', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(ceiling(120_000));
  const { answer, url, onTheDay } = await bookedWithSheet(page, request);

  const phone = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: SMALL, extraHTTPHeaders: onTheDay });
  const crew = await phone.newPage();
  await crew.goto(`${url.pathname}${url.search}`);
  const changes = crew.locator('[data-changes]');
  await expect(changes.getByRole('heading', { name: 'Something not agreed?' })).toBeVisible();
  await changes.getByRole('button', { name: 'Show the customer the extra cost' }).click();
  await expect(crew.locator('[data-fill="error:items"]')).toHaveText(CHANGE_MESSAGES.items);
  await changes.getByLabel(/^Wardrobe/).fill('1');
  await changes.getByRole('button', { name: 'Show the customer the extra cost' }).click();
  await expect(crew.getByRole('status')).toHaveText(/hand the phone to the customer/);
  const agreement = changes.getByLabel('I agree to pay £65.00 more for these extras');
  // Only spaces for a name: the browser lets them through; the sheet refuses it by its field and keeps the tick.
  const name = changes.getByLabel('Customer’s full name, as their signature');
  await name.fill('  ');
  await agreement.check();
  await changes.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(name).toHaveAccessibleDescription(CHANGE_MESSAGES.name);
  await expect(agreement).toBeChecked();
  await name.fill('Nia Okafor');
  await changes.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(crew.getByRole('status')).toHaveText(/The change is signed/);
  await expect(changes.locator('[data-fill$=":decided"]')).toHaveText(/^Signed by Nia Okafor at \d\d:\d\d$/);
  // A second change, left for the customer to answer on their own page.
  await changes.getByLabel(/^Bookcase/).fill('1');
  await changes.getByRole('button', { name: 'Show the customer the extra cost' }).click();
  await expect(crew.getByRole('status')).toHaveText(/hand the phone to the customer/);
  await phone.close();

  // axe on the sheet's states, with scripts on (the pads shown).
  const checker = await browser.newContext({ baseURL, viewport: SMALL });
  const sheet = await checker.newPage();
  await sheet.setExtraHTTPHeaders(onTheDay);
  await sheet.goto(`${url.pathname}${url.search}`);
  await clean(sheet, 'the sheet with a signed and a proposed change');
  await sheet.getByLabel(/^Sofa/).fill('1.5');
  await sheet.evaluate(() => document.querySelectorAll('form').forEach((form) => form.setAttribute('novalidate', '')));
  await sheet.locator('[data-changes]').getByRole('button', { name: 'Show the customer the extra cost' }).click();
  await expect(sheet.locator('[data-fill="error:items"]')).toHaveText(CHANGE_MESSAGES.quantity);
  await clean(sheet, 'the sheet refused');
  const move = await checker.newPage();
  await move.goto(answer.confirmationUrl);
  await expect(move.getByRole('heading', { name: 'Extras on the day' })).toBeVisible();
  await expect(move.locator('[data-fill="top:price"]')).toHaveText('£560.00');
  await clean(move, 'the move page with a change to answer');
  await move.getByRole('button', { name: 'Refuse these extras' }).click();
  await expect(move.getByText('You refused the extras')).toBeVisible();
  await expect(move.locator('[data-fill="top:price"]')).toHaveText('£560.00');
  await clean(move, 'the move page after refusing');
  await checker.close();
});

test('JavaScript on: the customer also draws their signature on the change’s pad, and the office sees it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(ceiling(90_000));
  const { answer, url, onTheDay } = await bookedWithSheet(page, request);
  const phone = await browser.newContext({ baseURL, viewport: SMALL, extraHTTPHeaders: onTheDay });
  const crew = await phone.newPage();
  await crew.goto(`${url.pathname}${url.search}`);
  const changes = crew.locator('[data-changes]');
  await changes.getByLabel(/^Wardrobe/).fill('1');
  await changes.getByRole('button', { name: 'Show the customer the extra cost' }).click();
  await expect(crew.getByRole('status')).toHaveText(/hand the phone to the customer/);
  await changes.getByLabel('Customer’s full name, as their signature').fill('Nia Okafor');
  await changes.getByLabel('I agree to pay £65.00 more for these extras').check();
  const pad = changes.getByRole('img', { name: 'Customer’s signature, drawn (optional)' });
  await expect(pad).toHaveAccessibleDescription(/The typed name above is the signature/);
  await drawOn(crew, pad);
  await changes.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(crew.getByRole('status')).toHaveText(/The change is signed/);
  await expect(changes.locator('[data-fill$=":decided"]')).toHaveText(/^Signed by Nia Okafor at \d\d:\d\d; signed on the crew’s phone$/);
  await phone.close();

  await page.goto(leadPath(answer.reference));
  const drawn = page.locator('[data-show^="office:change:"][data-show$=":signature"]');
  await expect(drawn).toContainText('Signed on the crew’s phone');
  const image = drawn.getByRole('img', { name: 'The signature Nia Okafor drew' });
  await expect(image).toBeVisible();
  // The PNG the pad made, as the office's route serves it: the pad's own 600 by 200 pixels.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('600x200');
});
