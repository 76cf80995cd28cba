/**
 * Issue 44 item 1 in two browsers side by side: the customer's move page open on the move's day (its clock set by the
 * test environment's X-Test-Now) updates by itself after the crew lead taps "On our way" with 30 minutes on the job
 * sheet (JavaScript off, as a phone on a poor signal). The time to show is measured against the 10 seconds the issue
 * allows. axe at 320 px and 1280 px; the refresh link by keyboard; the page without JavaScript. Item 2: "On our way"
 * worked out from the crew's phone's location (Chromium grants it), axe-clean at 320 px.
 */
import { bookInDiary, formPost } from '../shared/office-posts';
import { diaryDay } from '../shared/diary-days';
import { OFFICE_PATHS } from '../../src/lib/office/paths';
import { londonDayStart } from '../../src/lib/dates';
import { axeViolations, expect, test } from './fixtures';
import { storeQuote, tabTo, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';

test('the open move page shows “On our way” within 10 seconds of the tap; without JavaScript after a refresh', async ({
  browser,
  request,
  baseURL,
}) => {
  const moveDate = diaryDay();
  const answer = await storeQuote(request, { email: uniqueEmail('moving-day'), moveDate });
  const office = { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') };
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    office,
    { reference: answer.reference, moveDate },
    { crewLead: `Samira Day-${tag}`, crewSize: 2, van: `DAY ${tag}`, window: '08-10' },
  );
  const made = await (await formPost(office.base, OFFICE_PATHS.jobSheetLink, { ref: answer.reference }, office.session)).text();
  const sheet = new URL(/data-fill="job-sheet-link"[^>]*>\s*([^<\s]+)/.exec(made)![1]!.replaceAll('&amp;', '&'));
  // 08:05 on the move's day in London: 30 minutes later is 08:35.
  const onTheDay = { 'X-Test-Now': new Date(londonDayStart(moveDate).getTime() + (8 * 60 + 5) * 60_000).toISOString() };

  const customer = await browser.newContext({ baseURL, viewport: { width: 320, height: 720 }, extraHTTPHeaders: onTheDay });
  const page = await customer.newPage();
  await page.goto(answer.confirmationUrl);
  const day = page.getByRole('region', { name: 'Your moving day' });
  await expect(day.getByText('Your crew have not set off yet')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const phone = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: onTheDay,
  });
  const crew = await phone.newPage();
  await crew.goto(`${sheet.pathname}${sheet.search}`);
  await crew.getByLabel('Arriving').selectOption({ label: 'In 30 minutes' });
  await crew.getByRole('button', { name: 'Send “On our way”' }).click();
  await expect(crew.getByText('We have e-mailed the customer that you are on your way')).toBeVisible();
  const tapped = Date.now();

  // No reload: the page asks by itself.
  const step = day.getByRole('listitem').filter({ hasText: 'On the way, expected at about' });
  await expect(step).toBeVisible({ timeout: 10_000 });
  const seconds = (Date.now() - tapped) / 1000;
  test.info().annotations.push({ type: 'shown after (s)', description: seconds.toFixed(1) });
  console.log(`moving day: shown ${seconds.toFixed(1)} s after the tap`);
  expect(seconds).toBeLessThan(10);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await axeViolations(page)).toEqual([]);

  // Without JavaScript: the step is on the page as served, and the refresh link is reached and followed by keyboard.
  const plain = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 320, height: 720 },
    extraHTTPHeaders: onTheDay,
  });
  const still = await plain.newPage();
  await still.goto(answer.confirmationUrl);
  const refresh = still.getByRole('link', { name: 'Refresh to see the latest' });
  await tabTo(still, refresh, { max: 80 });
  await still.keyboard.press('Enter');
  await expect(still.getByRole('region', { name: 'Your moving day' }).getByRole('listitem')).toHaveText([
    /^08:05\s*On the way, expected at about 08:35$/,
  ]);
  await Promise.all([customer.close(), phone.close(), plain.close()]);
});

test('“On our way” from the crew’s phone’s location: asked once, the time worked out to the pickup, axe-clean at 320 px', async ({
  browser,
  request,
  baseURL,
  browserName,
}) => {
  test.skip(browserName !== 'chromium', 'Chromium grants the location to a context without a prompt');
  const moveDate = diaryDay();
  const answer = await storeQuote(request, { email: uniqueEmail('moving-day-located'), moveDate });
  const office = { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') };
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    office,
    { reference: answer.reference, moveDate },
    { crewLead: `Samira Near-${tag}`, crewSize: 2, van: `NEAR ${tag}`, window: '08-10' },
  );
  const made = await (await formPost(office.base, OFFICE_PATHS.jobSheetLink, { ref: answer.reference }, office.session)).text();
  const sheet = new URL(/data-fill="job-sheet-link"[^>]*>\s*([^<\s]+)/.exec(made)![1]!.replaceAll('&amp;', '&'));
  const onTheDay = { 'X-Test-Now': new Date(londonDayStart(moveDate).getTime() + (8 * 60 + 5) * 60_000).toISOString() };
  // 5.94 miles north of SW1A 1AA: × 1.3 by road at 25 mph is 18.5 minutes, up to 20 (tests/api/moving-day.test.ts).
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 320, height: 720 },
    extraHTTPHeaders: onTheDay,
    permissions: ['geolocation'],
    geolocation: { latitude: 51.58712, longitude: -0.14203 },
  });
  const crew = await phone.newPage();
  await crew.goto(`${sheet.pathname}${sheet.search}`);
  await crew.getByRole('button', { name: 'Use my location to work out the time' }).click();
  await expect(crew.locator('[data-locate-status]')).toHaveText(/^Location found/);
  await expect(crew.locator('input[name="latitude"]')).toHaveValue('51.587');
  await expect(crew.locator('input[name="longitude"]')).toHaveValue('-0.142');
  expect(await axeViolations(crew)).toEqual([]);
  await crew.getByRole('button', { name: 'Send “On our way”' }).click();
  await expect(crew.getByText('with an arrival time worked out from your location to the pickup')).toBeVisible();
  await expect(crew.getByText(/On our way: Arriving at about 08:25/)).toBeVisible();
  expect(await axeViolations(crew)).toEqual([]);
  await phone.close();
});
