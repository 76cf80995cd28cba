/**
 * Issue 44 item 7 in a browser at 320 px: the day after a booked move (the request's clock set by the test
 * environment's X-Test-Now header) the customer claims for a lamp from the move page's damage form, a value that is
 * not a sum refused at its field; the office sees the claim on the lead page, marks it as being assessed, and a
 * decline without a reason is refused at its field. JavaScript off for the journey; axe (which needs scripts) on each state.
 */
import type { Browser, Page } from '@playwright/test';
import { addDays } from '../../src/lib/dates';
import { leadPath } from '../../src/lib/office/paths';
import { bookInDiary } from '../shared/office-posts';
import { diaryDay } from '../shared/diary-days';
import { axeViolations, expect, test } from './fixtures';
import { signInToOffice } from './office';
import { storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';

const NARROW = { width: 320, height: 720 };

async function bookedMove(request: Parameters<typeof storeQuote>[0]): Promise<{ reference: string; url: string; dayAfter: string }> {
  const moveDate = diaryDay();
  const answer = await storeQuote(request, { email: uniqueEmail('claim'), moveDate });
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') },
    { reference: answer.reference, moveDate },
    { crewLead: `Ira Claim-${tag}`, crewSize: 2, van: `CLM ${tag}`, window: '08-10' },
  );
  return { reference: answer.reference, url: answer.confirmationUrl, dayAfter: `${addDays(moveDate, 1)}T12:00:00Z` };
}

async function journey(browser: Browser, baseURL: string | undefined, request: Parameters<typeof storeQuote>[0], js: boolean) {
  const check = async (page: Page, state: string) => {
    if (js) expect(await axeViolations(page), state).toEqual([]);
  };
  const move = await bookedMove(request);
  const customer = await browser.newContext({ baseURL, javaScriptEnabled: js, viewport: NARROW });
  const page = await customer.newPage();
  await page.setExtraHTTPHeaders({ 'X-Test-Now': move.dayAfter });
  await page.goto(move.url);
  await expect(page.getByRole('heading', { name: 'Report damage or make a claim' })).toBeVisible();
  await check(page, 'the claim form');
  await page.getByLabel('What was damaged?').fill('The lamp’s base snapped.');
  await page.getByLabel('Item to claim for (optional)').fill('Table lamp');
  await page.getByLabel('What it was worth, in pounds (optional)').fill('forty');
  await page.getByRole('button', { name: 'Send my report' }).click();
  await expect(page.getByLabel('What it was worth, in pounds (optional)')).toHaveAttribute('aria-invalid', 'true');
  await check(page, 'refused value');
  await page.getByLabel('What it was worth, in pounds (optional)').fill('40');
  await page.getByRole('button', { name: 'Send my report' }).click();
  await expect(page.getByText('we have your claim')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  await expect(page.getByText('Received: the office will look at it')).toBeVisible();
  await check(page, 'claim received');
  await customer.close();

  const officeContext = await browser.newContext({ baseURL, javaScriptEnabled: js, viewport: NARROW });
  await signInToOffice(officeContext);
  const office = await officeContext.newPage();
  await office.goto(`${leadPath(move.reference)}#claims`);
  const section = office.getByRole('region', { name: 'Claims' });
  await expect(section.getByRole('heading', { name: 'Table lamp: value £40.00' })).toBeVisible();
  await check(office, 'the office’s claims section');
  await section.getByRole('button', { name: 'Mark as being assessed' }).click();
  await expect(office.getByText('Claim marked as being assessed.')).toBeVisible();
  await section.getByRole('button', { name: 'Decline' }).click();
  await expect(office.getByLabel('Reason for declining')).toHaveAttribute('aria-invalid', 'true');
  await expect(office.getByText('Please give the customer a reason.')).toBeVisible();
  await check(office, 'a decline without a reason');
  await officeContext.close();
}

test('JavaScript off: a claim made from the move page and answered on the lead page', async ({ browser, baseURL, request }) => {
  await journey(browser, baseURL, request, false);
});

test('axe at 320 px on each state of the claim form and the office’s claims section', async ({ browser, baseURL, request }) => {
  await journey(browser, baseURL, request, true);
});
