import { test, expect, open, axeViolations } from './fixtures';
import { emailsFor, expectedPricing, formatMoney, nextDay, reachStep4, typed, uniqueEmail } from './quote-helpers';

test('without quote data /quote-confirmation redirects to /quote', async ({ page }) => {
  await page.goto('/quote-confirmation');
  await page.waitForURL(/\/quote$/);
  await expect(page.locator('#quote-step-title')).toHaveText('How big is your space?');
});

test('/quote-confirmation is noindex and out of the sitemap', async ({ page, request }) => {
  const response = await request.get('/quote-confirmation');
  expect(await response.text()).toContain('noindex');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/quote<');
  expect(sitemap).not.toContain('/quote-confirmation<');
  void page;
});

test('shows the request and the server reference the e-mails carry; Request Another Quote starts afresh', async ({ page }) => {
  const email = uniqueEmail('confirm');
  const date = nextDay(5);
  await open(page, '/quote');
  await reachStep4(page, { size: '1 bedroom / Studio', furniture: ['Sofa', 'Wardrobe'], from: 'PL1 2AA', to: 'EX1 1HS' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(date));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full Name').fill('Mary Seacole');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+44 7700 900456');
  await page.getByLabel('Additional Information (Optional)').fill('Piano on the ground floor.');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL('**/quote-confirmation');

  const expected = expectedPricing('PL1 2AA', 'EX1 1HS', 'studio', ['sofa', 'wardrobe'], date);
  const details = page.locator('[data-confirmation]');
  for (const text of ['1 bedroom / Studio', 'PL1 2AA', 'EX1 1HS', 'Mary Seacole', email, '+44 7700 900456', 'Piano on the ground floor.']) {
    await expect(details).toContainText(text);
  }
  await expect(page.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.locator('[data-confirmation-total]')).toHaveText(formatMoney(expected.total));
  const reference = (await page.locator('[data-reference]').textContent())!.trim();
  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
  const customer = (await emailsFor(reference)).find((e) => [e.to].flat().includes(email));
  expect(customer?.html).toContain(reference);

  // A reload keeps the confirmation (the data stays until a new quote is started).
  await page.reload();
  await expect(page.locator('[data-reference]')).toHaveText(reference);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  await page.getByRole('link', { name: 'Request Another Quote' }).click();
  await page.waitForURL(/\/quote$/);
  await expect(page.locator('#quote-step-title')).toHaveText('How big is your space?');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await page.goto('/quote-confirmation');
  await page.waitForURL(/\/quote$/);
});
