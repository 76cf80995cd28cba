/**
 * Issue 43 items 3 and 4 on a phone with JavaScript off: the owner offers a booked Leeds to York move to an approved
 * partner; on /partner the partner accepts it by keyboard and sees it under Your jobs with the customer's details. The
 * offers list and the jobs list go through axe at 320 px (axe is a script: a tab with scripts on, the same cookie).
 */
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { bookInDiary, formPost } from '../shared/office-posts';
import { diaryDay } from '../shared/diary-days';
import { EMAIL_WAIT_MS } from '../shared/mail';
import { ceiling } from '../shared/load';
import { axeViolations, expect, queryD1, test } from './fixtures';
import { capturedEmails, storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';

const PDF = () => new Blob([new TextEncoder().encode('%PDF-1.4\n% a document\n')], { type: 'application/pdf' });

/** Applied as the form posts it (documents valid to 2030), approved by the owner: the partner's reference. */
async function approvedPartner(base: string, session: string, email: string, name: string): Promise<string> {
  const form = new FormData();
  const fields = {
    name,
    email,
    phone: '07700 900123',
    districts: 'LS1 YO1',
    van_tonnes: '3.5',
    registration: 'AB12 CDE',
    licence_since: '2015-06-01',
    age_confirmed: 'yes',
    right_to_work: 'yes',
    goods_in_transit_expires: '2030-06-30',
    public_liability_expires: '2030-06-30',
    mot_expires: '2030-06-30',
    website: '',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const kind of ['licence', 'goods_in_transit', 'public_liability', 'mot']) form.append(kind, PDF(), `${kind}.pdf`);
  const applied = await fetch(`${base}/drivers/apply`, { method: 'POST', redirect: 'manual', headers: { Origin: base }, body: form });
  expect(applied.status).toBe(303);
  const [row] = queryD1<{ reference: string }>('SELECT reference FROM partner_applications WHERE email = ?', email);
  expect((await formPost(base, '/office/partners/decide', { ref: row!.reference, decision: 'approve' }, session)).status).toBe(303);
  return row!.reference;
}

async function signInAsPartner(context: BrowserContext, email: string): Promise<void> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const link = async () =>
    (await capturedEmails()).find((e) => [e.to].flat().includes(email) && e.subject.startsWith('Sign in to your Shiftly partner page'));
  await expect.poll(async () => (await link()) !== undefined, { timeout: EMAIL_WAIT_MS }).toBe(true);
  const url = new URL(/https?:\/\/\S+\/login\/verify\?t=[\w-]+/.exec((await link())!.text ?? '')![0]);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/partner$/);
  await page.close();
}

async function bookedMove(request: APIRequestContext, office: { base: string; session: string }) {
  const moveDate = diaryDay();
  const answer = await storeQuote(request, {
    email: uniqueEmail('offers-e2e'),
    name: 'Imogen Castleford',
    propertyId: 'studio',
    fromPostcode: 'LS1 1UR',
    toPostcode: 'YO1 7HH',
    fromAddress: '4 Briggate',
    fromTown: 'Leeds',
    toAddress: '21 Stonegate',
    toTown: 'York',
    moveDate,
  });
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await bookInDiary(
    office,
    { reference: answer.reference, moveDate },
    { crewLead: `Samira Offers-${tag}`, crewSize: 2, van: `OFF ${tag}`, window: '08-10' },
  );
  return answer.reference;
}

test('a partner accepts an offer by keyboard with JavaScript off; the offers and jobs lists are axe-clean at 320 px', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(ceiling(120_000));
  const office = { base: siteEnv('baseUrl'), session: siteEnv('ownerSession') };
  const email = uniqueEmail('offers-partner');
  const partner = await approvedPartner(office.base, office.session, email, 'Priya Offerton');
  const phone = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 320, height: 720 } });
  await signInAsPartner(phone, email);
  const page = await phone.newPage();
  await page.goto('/partner');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await page.getByLabel(day).check();
  await page.getByRole('button', { name: 'Save my days' }).click();

  const reference = await bookedMove(request, office);
  expect((await formPost(office.base, '/office/partners/offer', { ref: reference, partner }, office.session)).status).toBe(303);

  const withScripts = await browser.newContext({ baseURL, viewport: { width: 320, height: 720 } });
  await withScripts.addCookies(await phone.cookies());
  const axePage = await withScripts.newPage();
  const clean = async (state: string) => {
    await axePage.goto('/partner');
    expect(await axeViolations(axePage), state).toEqual([]);
    expect(await axePage.evaluate(() => document.documentElement.scrollWidth), state).toBeLessThanOrEqual(320);
  };

  await page.goto('/partner');
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByText('LS1 to YO1')).toBeVisible();
  await expect(page.getByText('Imogen Castleford')).toHaveCount(0);
  await clean('offers list');

  const accept = offers.getByRole('button', { name: /^Accept/ });
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The job is yours' })).toBeVisible();
  const jobs = page.getByRole('region', { name: 'Your jobs' });
  await expect(jobs.getByText('Imogen Castleford')).toBeVisible();
  await expect(jobs.getByRole('button', { name: /job sheet/ })).toBeVisible();
  expect(queryD1('SELECT 1 FROM partner_jobs WHERE reference = ? AND partner_reference = ?', reference, partner)).toHaveLength(1);
  await clean('jobs list');
  await phone.close();
  await withScripts.close();
});
