/**
 * The office's leads on a phone with JavaScript off (issue 33 items 2 and 7): a new quote found in /office by its
 * reference, its page opened, a note added, a lost lead refused without its reason and taken with one. axe on each state.
 */
import type { Page } from '@playwright/test';
import { STAFF_COOKIE } from '../shared/office-sign-in';
import { axeViolations, expect, test } from './fixtures';
import { storeQuote } from './quote-helpers';
import { siteEnv } from './site-env';

const PHONE = { width: 390, height: 844 };
test.use({ javaScriptEnabled: false, viewport: PHONE });

const staffCookie = () => [{ name: STAFF_COOKIE, value: siteEnv('ownerSession'), url: siteEnv('baseUrl') }];

async function axeAt(tab: Page, path: string): Promise<string[]> {
  await tab.goto(path);
  return axeViolations(tab);
}

test('a new quote is found in /office, opened, noted and marked lost with its reason, without JavaScript', async ({
  page,
  request,
  context,
}) => {
  // Every lead of the run's other specs is on /office: axe takes its time over them on a busy machine.
  test.slow();
  await context.addCookies(staffCookie());
  const name = `Ada Office ${Date.now().toString(36)}`;
  const quote = await storeQuote(request, { name });

  await page.goto('/office');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();

  const search = page.getByRole('search', { name: 'Leads' });
  await search.getByLabel('Search').fill(quote.reference);
  await search.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${quote.reference}`));
  const row = page.getByRole('table', { name: 'Every lead, newest first' }).getByRole('row').filter({ hasText: quote.reference });
  await expect(row).toContainText(name);
  await expect(row).toContainText('New');
  await expect(row).toContainText('SW1A 1AA → M1 1AE');
  await row.getByRole('link', { name: quote.reference }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${quote.reference}: ${name}`);

  await page.getByLabel('Add a note').fill('Rang: call back after 5pm.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status')).toHaveText('Note added.');
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.getByText('Rang: call back after 5pm.')).toBeVisible();

  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Lost' });
  await page.getByRole('button', { name: 'Change stage' }).click();
  const reason = page.getByLabel('Why it was lost');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription('Say why the lead was lost.');

  await reason.fill('Went with a friend’s van');
  await page.getByRole('button', { name: 'Change stage' }).click();
  await expect(page.getByRole('status')).toHaveText('Stage changed.');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Stage: New → Lost (Went with a friend’s van)');
  await expect(history).toContainText('Owner');
});

// axe runs as a script, so in a tab with scripts on (the office's pages need none of their own).
test.describe('axe', () => {
  test.use({ javaScriptEnabled: true });

  test('every office-leads state is axe clean at 390 px', async ({ page, request }) => {
    test.slow();
    await page.context().addCookies(staffCookie());
    const quote = await storeQuote(request, { name: `Axe Office ${Date.now().toString(36)}` });
    // axe on each state: the lead page, a refused stage change, and the list.
    expect(await axeAt(page, `/office/lead?ref=${quote.reference}`), 'lead page').toEqual([]);
    await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Lost' });
    await page.getByRole('button', { name: 'Change stage' }).click();
    await expect(page.getByLabel('Why it was lost')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page), 'refused stage').toEqual([]);
    expect(await axeAt(page, `/office?q=${quote.reference}`), 'leads').toEqual([]);
  });
});
