/**
 * Issue 33 item 5 in a browser at 390 px, JavaScript off: the office makes the crew lead's link for a move booked in
 * the diary; on the crew's phone the sheet shows the day, the customer and the addresses, and takes "On our way", a
 * refused and then a sent "Damage or problem" with a photo, and "Job done"; the office sees the reports and the photo.
 * axe on every state of the sheet and on the office's answer.
 */
import { formatLongDate } from '../../src/lib/dates';
import { leadPath } from '../../src/lib/office/paths';
import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { signInToOffice } from './office';
import { storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary, sendWrittenQuote } from '../shared/office-posts';
import { ceiling } from '../shared/load';

test.use({ viewport: { width: 390, height: 844 } });

/** A 1 × 1 PNG, as a phone's camera would send a (larger) picture. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function bookedMove(request: Parameters<typeof storeQuote>[0]): Promise<{ reference: string; moveDate: string }> {
  const moveDate = diaryDay();
  const answer = await storeQuote(request, {
    name: 'Nia Okafor',
    email: uniqueEmail('job-sheet'),
    phone: '07700 900456',
    fromAddress: '12 Acacia Avenue',
    fromTown: 'London',
    toAddress: 'Flat 3, 9 Mill Lane',
    toTown: 'Manchester',
    fromFloor: 'third',
    fromLift: 'no',
    moveDate,
  });
  const office = { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') };
  await sendWrittenQuote(office, answer.reference, {
    lines: [
      ['Removal, two movers and a Luton van', '650.00'],
      ['Moving from: stairs, 3 floors without a lift', '90.00'],
    ],
    included: 'Two movers, a Luton van, blankets and straps',
  });
  // The owner books it over HTTP, as the diary's form posts it; names of its own so the form's choice is this test's.
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    office,
    { reference: answer.reference, moveDate },
    { crewLead: `Samira Khan-${tag}`, crewSize: 3, van: `LV71 KFP-${tag}`, window: '08-10' },
  );
  return { reference: answer.reference, moveDate };
}

/** The office's "Make the crew's job sheet link", pressed on the lead's page: the answer shows the link once. */
async function makeLink(page: Page, reference: string): Promise<string> {
  await page.goto(leadPath(reference));
  await page.getByRole('button', { name: 'Make the crew’s job sheet link' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Crew’s job sheet' })).toBeVisible();
  const url = new URL((await page.locator('[data-fill="job-sheet-link"]').textContent())!.trim());
  return `${url.pathname}${url.search}`;
}

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the crew lead opens the sheet, says they are on their way, reports a problem with a photo and marks the job done', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(ceiling(90_000));
    const { reference, moveDate } = await bookedMove(request);
    await signInToOffice(page.context());
    const sheet = await makeLink(page, reference);
    await expect(page.getByText('It is shown only this once')).toBeVisible();

    const phone = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const crew = await phone.newPage();
    await crew.goto(sheet);
    await expect(crew.getByRole('heading', { level: 1 })).toHaveText(`Job sheet ${reference}`);
    // Both full addresses, each with a plain link to the phone's maps; the access at each end; the written quote's lines.
    await expect(crew.locator('[data-fill="from"]')).toHaveText('12 Acacia Avenue\nLondon\nSW1A 1AA');
    await expect(crew.locator('[data-fill="to"]')).toHaveText('Flat 3, 9 Mill Lane\nManchester\nM1 1AE');
    await expect(crew.getByRole('link', { name: 'Directions in Google Maps' }).last()).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Flat+3%2C+9+Mill+Lane%2C+Manchester%2C+M1+1AE',
    );
    await expect(crew.getByRole('link', { name: 'Apple Maps' }).first()).toHaveAttribute(
      'href',
      'https://maps.apple.com/?daddr=12+Acacia+Avenue%2C+London%2C+SW1A+1AA',
    );
    await expect(crew.locator('[data-fill="from-access"]')).toHaveText('3rd floor, no lift');
    const price = crew.locator('[data-price]');
    await expect(price.getByRole('rowheader', { name: 'Moving from: stairs, 3 floors without a lift' })).toBeVisible();
    await expect(crew.locator('[data-fill="price-total"]')).toHaveText('£740.00');
    await expect(crew.locator('[data-fill="included"]')).toHaveText('Two movers, a Luton van, blankets and straps');
    await expect(crew.getByRole('link', { name: '07700 900456' })).toHaveAttribute('href', 'tel:07700900456');
    await expect(crew.locator('[data-fill="arrival"]')).toHaveText('8–10 am');

    // Before the move's day the moving-day buttons are not there, and the sheet says when they appear.
    await expect(crew.locator('[data-fill="day-notice"]')).toHaveText(
      `The moving-day buttons appear on ${formatLongDate(moveDate)}, the day of the move.`,
    );
    await expect(crew.getByRole('button', { name: 'Send “On our way”' })).toHaveCount(0);
    await expect(crew.getByRole('button', { name: 'Mark the job done' })).toHaveCount(0);
    // On the day (the test environment's clock header): they are.
    await crew.setExtraHTTPHeaders({ 'X-Test-Now': `${moveDate}T16:00:00Z` });
    await crew.reload();
    await crew.getByLabel('Estimated arrival time').fill('09:45');
    await crew.getByRole('button', { name: 'Send “On our way”' }).click();
    await expect(crew.getByRole('status')).toHaveText(/e-mailed the customer that you are on your way/);
    await expect(crew.getByRole('listitem').filter({ hasText: 'On our way: Arriving at about 09:45' })).toBeVisible();

    // Only spaces: the browser lets it through, the sheet refuses it by the field and keeps the photo field's place.
    await crew.getByLabel('What happened').fill('   ');
    await crew.getByRole('button', { name: 'Send to the office' }).click();
    await expect(crew.getByLabel('What happened')).toHaveAccessibleDescription('Say what happened, so the office can help.');
    await crew.getByLabel('What happened').fill('Scratched the banister on the stairs');
    await crew.getByLabel('Photos (optional)').setInputFiles({ name: 'banister.png', mimeType: 'image/png', buffer: PHOTO });
    await crew.getByRole('button', { name: 'Send to the office' }).click();
    await expect(crew.getByRole('status')).toHaveText(/The office has your report/);

    await crew.getByLabel('Note for the office (optional)').fill('All in; keys with the neighbour');
    await crew.getByRole('button', { name: 'Mark the job done' }).click();
    await expect(crew.getByRole('status')).toHaveText(/marked as done/);
    await phone.close();

    // Back in the office: the reports, and the photo, which only staff can open.
    await makeLink(page, reference);
    await expect(page.locator('[data-report="problem"]')).toContainText('Scratched the banister on the stairs');
    await expect(page.locator('[data-report="done"]')).toContainText('All in; keys with the neighbour');
    const photo = page.getByRole('img', { name: 'Photo 1 of 1, from the crew’s report' });
    await expect(photo).toBeVisible();
    const response = await page.request.get((await photo.getAttribute('src'))!);
    expect(response.status()).toBe(200);
    expect(Buffer.from(await response.body()).equals(PHOTO)).toBe(true);
  });
});

// axe runs in the page, so only where scripts can: the pages themselves need none.
test('axe: the job sheet as opened, refusing a report and thanking for one; the office’s new link', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { reference, moveDate } = await bookedMove(request);
  await signInToOffice(page.context());
  const sheet = await makeLink(page, reference);
  expect(await axeViolations(page)).toEqual([]);

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const crew = await phone.newPage();
  await crew.goto(sheet);
  // Before the move's day: the sheet says when the moving-day buttons appear.
  await expect(crew.locator('[data-fill="day-notice"]')).toBeVisible();
  expect(await axeViolations(crew)).toEqual([]);
  // On the day (the test environment's clock header): every form.
  await crew.setExtraHTTPHeaders({ 'X-Test-Now': `${moveDate}T16:00:00Z` });
  await crew.reload();
  expect(await axeViolations(crew)).toEqual([]);
  // The smallest phone (issue 40 item 1): both addresses, the maps links and the price's lines fit without sideways scrolling.
  await crew.setViewportSize({ width: 320, height: 640 });
  expect(await axeViolations(crew), 'the sheet at 320 px').toEqual([]);
  expect(await crew.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await crew.setViewportSize({ width: 390, height: 844 });
  await crew.getByLabel('What happened').fill('   ');
  await crew.getByRole('button', { name: 'Send to the office' }).click();
  await expect(crew.getByLabel('What happened')).toHaveAccessibleDescription('Say what happened, so the office can help.');
  expect(await axeViolations(crew)).toEqual([]);
  await crew.getByLabel('Note for the office (optional)').fill('Done');
  await crew.getByRole('button', { name: 'Mark the job done' }).click();
  await expect(crew.getByRole('status')).toHaveText(/marked as done/);
  expect(await axeViolations(crew)).toEqual([]);
  await phone.close();
});
