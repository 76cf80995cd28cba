/**
 * Issue 43 items 1 to 3 in a phone's browser with JavaScript off: a driver applies on /drivers/apply (a refused send
 * first, its summary focused and each message read with its field), the owner approves, the driver signs in, ticks
 * their days on /partner by keyboard and sets Leeds and York and a 3.5 t van; then the same pages, each state, through axe (a script, so in a tab with scripts on).
 */
import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { capturedEmails, uniqueEmail } from './quote-helpers';
import { signInToOffice } from './office';
import { EMAIL_WAIT_MS } from '../shared/mail';
import { ceiling } from '../shared/load';

const PDF = { name: 'document.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% a document\n') };

const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Everything the application asks for, but the right-to-work tick (so the first send is refused). */
async function fillApplication(page: Page, email: string, name: string): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Mobile phone number').fill('07700 900123');
  await page.getByLabel('Postcode areas or districts you cover').fill('LS6');
  await page.getByLabel('Van size in tonnes').fill('7.5');
  await page.getByLabel('Van registration').fill('AB12 CDE');
  await page.getByLabel('Full UK driving licence held since').fill('2015-06-01');
  await page.getByLabel('I am 21 or over.').check();
  for (const label of ['Driving licence', 'Goods-in-transit insurance', 'Public-liability insurance', 'MOT certificate'])
    await page.getByLabel(label, { exact: true }).setInputFiles(PDF);
  for (const label of ['Goods-in-transit insurance', 'Public-liability insurance', 'MOT certificate'])
    await page.getByLabel(`${label}: expiry date`).fill(ahead(200));
}

async function approve(page: Page, name: string, checkPage = async (_state: string) => {}): Promise<void> {
  await signInToOffice(page.context());
  await page.goto('/office/partners');
  await checkPage('office list');
  await page.getByRole('link', { name }).first().click();
  await checkPage('application');
  await page.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved:' })).toBeVisible();
}

async function signInAsPartner(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const link = async () =>
    (await capturedEmails()).find((e) => [e.to].flat().includes(email) && e.subject.startsWith('Sign in to your Shiftly partner page'));
  await expect.poll(async () => (await link()) !== undefined, { timeout: EMAIL_WAIT_MS }).toBe(true);
  const url = new URL(/https?:\/\/\S+\/login\/verify\?t=[\w-]+/.exec((await link())!.text ?? '')![0]);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('JavaScript off, 320 px', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 720 } });

  test('a driver applies, is approved, signs in and sets their days, districts and van', async ({ page }) => {
    test.setTimeout(ceiling(120_000));
    const email = uniqueEmail('partner-e2e');
    await page.goto('/drivers/apply');
    await fillApplication(page, email, 'Dana Driver');
    await page.getByRole('button', { name: 'Send my application' }).click();

    // Refused for the missing tick: the summary has focus, the message is read with its box, what was typed stays.
    await expect(page.getByRole('alert')).toBeFocused();
    const tick = page.getByLabel('I have the right to work in the UK.');
    await expect(tick).toHaveAccessibleDescription('Please confirm you have the right to work in the UK.');
    await expect(page.getByLabel('Van registration')).toHaveValue('AB12 CDE');
    await tick.check();
    for (const label of ['Driving licence', 'Goods-in-transit insurance', 'Public-liability insurance', 'MOT certificate'])
      await page.getByLabel(label, { exact: true }).setInputFiles(PDF);
    await page.getByRole('button', { name: 'Send my application' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'we have your application' })).toBeVisible();

    // The owner approves it from the office.
    await approve(page, 'Dana Driver');

    // The driver signs in with the e-mailed link, and ticks Monday by keyboard.
    await signInAsPartner(page, email);
    await expect(page).toHaveURL(/\/partner$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello Dana Driver');
    await page.getByLabel('Monday').focus();
    await page.keyboard.press('Space');
    for (let step = 0; step < 7; step += 1) await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save my days' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toBeVisible();
    await expect(page.getByLabel('Monday')).toBeChecked();

    // Leeds and York and a 3.5 t van (item 3): a 0.5 t van is refused first, its message read with its box.
    await page.getByText('Change your phone, areas and districts, or van').click();
    await page.getByLabel('Postcode areas or districts you cover').fill('LS1, YO1');
    await page.getByLabel('Van size in tonnes').fill('0.5');
    await page.getByRole('button', { name: 'Save my details' }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByLabel('Van size in tonnes')).toHaveAccessibleDescription(/Please enter your van's size in tonnes/);
    await expect(page.getByLabel('Postcode areas or districts you cover')).toHaveValue('LS1, YO1');
    await page.getByLabel('Van size in tonnes').fill('3.5');
    await page.getByRole('button', { name: 'Save my details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: your details' })).toBeVisible();
    await expect(page.getByText('LS1, YO1', { exact: true })).toBeVisible();
    await expect(page.getByText('3.5 tonnes, registration AB12CDE')).toBeVisible();
  });
});

test('axe at 320 px: the application blank, refused and sent, the office’s list and application, the partner page and its refused details', async ({
  page,
}) => {
  test.setTimeout(ceiling(180_000));
  await page.setViewportSize({ width: 320, height: 720 });
  // Dots, not hyphens: an address with no place to break a line must still wrap at 320 px (its "Your details" row
  // made the page 359 px wide when walked, 3 Dec 2026).
  const email = uniqueEmail('partner-axe').replaceAll('-', '.');
  const clean = async (state: string) => expect(await axeViolations(page), state).toEqual([]);
  await page.goto('/drivers/apply');
  await clean('blank');
  await fillApplication(page, email, 'Ash Applicant');
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await clean('refused');
  await page.getByLabel('I have the right to work in the UK.').check();
  for (const label of ['Driving licence', 'Goods-in-transit insurance', 'Public-liability insurance', 'MOT certificate'])
    await page.getByLabel(label, { exact: true }).setInputFiles(PDF);
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we have your application' })).toBeVisible();
  await clean('sent');
  await approve(page, 'Ash Applicant', clean);
  await signInAsPartner(page, email);
  await expect(page).toHaveURL(/\/partner$/);
  await clean('partner page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByText('Change your phone, areas and districts, or van').click();
  await page.getByLabel('Van size in tonnes').fill('0.5');
  await page.getByRole('button', { name: 'Save my details' }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await clean('partner details refused');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
