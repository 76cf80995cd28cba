/**
 * The ledger (issue 45 item 3) in a browser at 320 px: from the office's menu with JavaScript off, a period chosen with
 * the plain form (by month, then by week), the check against Stripe, and a period that is not one refused by its field; no sideways scrolling,
 * and axe clean in each state (axe runs as a script, so in a tab with scripts on; the page needs none of its own).
 */
import { test, expect, axeViolations } from './fixtures';
import { signInToOffice } from './office';

test.use({ viewport: { width: 320, height: 800 } });

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the owner opens the ledger, chooses a month, checks it against Stripe, and is told of a day that is not one', async ({ page }) => {
    await signInToOffice(page.context());
    await page.goto('/office');
    await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Ledger' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.locator('[data-fill="ledger:period"]')).toHaveText('Thursday 1 January 2026 to Saturday 31 January 2026');
    await expect(page.getByRole('table', { name: 'Totals by month' }).getByRole('rowheader', { name: 'Jan 2026' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Totals by week instead: the same plain form, its choice kept.
    await page.getByLabel('Totals by', { exact: true }).selectOption('week');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('table', { name: 'Totals by week' })).toBeVisible();
    await expect(page.getByLabel('Totals by', { exact: true })).toHaveValue('week');

    await page.getByRole('link', { name: 'Check against Stripe' }).click();
    await expect(page.getByRole('heading', { name: 'Checked against Stripe' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the ledger (CSV)' })).toHaveAttribute(
      'href',
      '/office/ledger.csv?from=2026-01-01&to=2026-01-31',
    );

    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('From', { exact: true })).toHaveAccessibleDescription(/Enter the first day as a date/);
  });
});

test('the ledger, checked against Stripe and refusing a period, is axe clean at 320 px', async ({ page }) => {
  await signInToOffice(page.context());
  await page.goto('/office/ledger?from=2026-01-01&to=2026-01-31&check=stripe');
  await expect(page.getByRole('heading', { name: 'Checked against Stripe' })).toBeVisible();
  expect(await axeViolations(page), 'checked').toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.goto('/office/ledger?from=someday&to=2026-01-31');
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page), 'refused').toEqual([]);
});
