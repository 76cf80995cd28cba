import { test, expect, open, axeViolations, queryD1 } from './fixtures';
import { capturedEmails } from './quote-helpers';

const dialogOf = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Request a call back' });

test('no call-back JavaScript until a Call Me Back button is first pressed; the first press opens the dialog', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await open(page, '/');
  // Everything the page fetches by itself has been fetched (no request for half a second): none of it is the dialog.
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => url.includes('CallbackDialog'))).toEqual([]);
  const trigger = page.locator('header').getByRole('link', { name: 'Call Me Back' });
  await trigger.click();
  await expect(dialogOf(page)).toBeVisible();
  // The link to the call-back page, for when the dialog cannot open, is not followed.
  await expect(page).toHaveURL(/\/$/);
  expect(scripts.some((url) => url.includes('CallbackDialog'))).toBe(true);
  await expect(dialogOf(page)).toContainText('020 7946 0321');
});

test('blank or whitespace-only fields: the spec toast and both fields marked', async ({ page }) => {
  await open(page, '/');
  await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel('Full Name').fill('   ');
  await dialog.getByLabel('Phone Number').fill('  ');
  await dialog.getByRole('button', { name: 'Request call back' }).click();
  const toast = page.locator('[data-notice="error"]');
  await expect(toast).toContainText('Please fill in all fields');
  await expect(toast).toContainText('Both name and phone number are required.');
  await expect(dialog.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
});

test('the phone field is type tel with autocomplete; name has autocomplete', async ({ page }) => {
  await open(page, '/');
  await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
  await expect(dialogOf(page).getByLabel('Phone Number')).toHaveAttribute('type', 'tel');
  await expect(dialogOf(page).getByLabel('Phone Number')).toHaveAttribute('autocomplete', 'tel');
  await expect(dialogOf(page).getByLabel('Full Name')).toHaveAttribute('autocomplete', 'name');
});

test('a failed request keeps the values and gives the phone number', async ({ page }) => {
  await page.route('**/api/request-callback', (route) => route.abort('connectionrefused'));
  await open(page, '/');
  await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel('Full Name').fill('Jo Bloggs');
  await dialog.getByLabel('Phone Number').fill('07700 900123');
  await dialog.getByRole('button', { name: 'Request call back' }).click();
  await expect(page.locator('[data-notice="error"]')).toContainText('020 7946 0321');
  await expect(dialog.getByLabel('Full Name')).toHaveValue('Jo Bloggs');
  await expect(dialog.getByLabel('Phone Number')).toHaveValue('07700 900123');
});

test('Cancel, the close button and Escape clear the form, close, and return focus to the opener (mobile button too)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  await page.locator('[data-mobile-menu] > summary').click();
  const mobileTrigger = page.locator('[data-mobile-menu]').getByRole('link', { name: 'Call Me Back' });
  await mobileTrigger.click();
  const dialog = dialogOf(page);
  await dialog.getByLabel('Full Name').fill('Sam');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(mobileTrigger).toBeFocused();
  await mobileTrigger.click();
  await expect(dialog.getByLabel('Full Name')).toHaveValue('');
  await dialog.getByLabel('Full Name').fill('Sam');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(mobileTrigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('axe finds no violations with the call-back dialog open', async ({ page }) => {
  await open(page, '/');
  await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
  await expect(dialogOf(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a valid request is stored and e-mailed: success toast, form cleared, dialog closed, focus returned', async ({ page }) => {
  const name = `Callback Tester ${Date.now()}`;
  await open(page, '/');
  const trigger = page.locator('header').getByRole('link', { name: 'Call Me Back' });
  await trigger.click();
  const dialog = dialogOf(page);
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Phone Number').fill('07700 900123');
  await dialog.getByRole('button', { name: 'Request call back' }).click();
  const toast = page.locator('[data-notice="success"]');
  await expect(toast).toContainText('Request submitted!');
  await expect(toast).toContainText("We'll call you back within 24 hours.");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await trigger.click();
  await expect(dialog.getByLabel('Full Name')).toHaveValue('');

  const rows = queryD1<{ name: string; phone: string }>('SELECT name, phone FROM callback_requests WHERE name = ?', name);
  expect(rows).toEqual([{ name, phone: '07700 900123' }]);
  await expect
    .poll(async () => (await capturedEmails()).some((email) => `${email.html ?? ''}${email.text ?? ''}`.includes(name)))
    .toBe(true);
});

test('a phone number the shared schema rejects is marked on the field with the server message', async ({ page }) => {
  await open(page, '/');
  await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel('Full Name').fill('Sam Jones');
  await dialog.getByLabel('Phone Number').fill('12');
  await dialog.getByRole('button', { name: 'Request call back' }).click();
  await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('UK phone number');
  await expect(dialog.getByLabel('Full Name')).toHaveValue('Sam Jones');
});

test('field errors stay next to their fields inside the dialog, with no notification behind its backdrop', async ({ page }) => {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/request-callback')) posted = true;
  });
  await open(page, '/');
  await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel('Full Name').fill('Sam Jones');
  // The schema's limit (40 characters), not a shorter one of the form's own.
  await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('maxlength', '40');
  await dialog.getByLabel('Phone Number').fill('0161 abc');
  await dialog.getByRole('button', { name: 'Request call back' }).click();
  await expect(dialog.locator(`#${await dialog.getByLabel('Phone Number').getAttribute('aria-describedby')}`)).toHaveText(
    'Phone numbers can use digits, spaces, +, - and brackets only.',
  );
  await expect(dialog.getByLabel('Phone Number')).toBeFocused();
  await expect(page.locator('[data-notice]')).toHaveCount(0);
  expect(posted).toBe(false);
});

/** Issue 30 item 10: without JavaScript Call Me Back leads to a page with the same form, stored and e-mailed the same way. */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  const summary = (page: import('@playwright/test').Page) => page.locator('[data-error-summary]');

  test('Call Me Back (the phone menu) opens the call-back page: blank fields get the spec’s message, a request its reference', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.locator('[data-mobile-menu] > summary').click();
    await page.locator('[data-mobile-menu]').getByRole('link', { name: 'Call Me Back' }).click();
    await expect(page).toHaveURL(/\/call-back$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request a call back' })).toBeVisible();

    await page.getByLabel('Full Name').fill('   ');
    await page.getByRole('button', { name: 'Request call back' }).click();
    await expect(page).toHaveURL(/\/call-back\?form=[\w-]{32}$/);
    await expect(page).toHaveTitle(/^Error: /);
    await expect(summary(page)).toBeFocused();
    await expect(summary(page)).toContainText('Please fill in all fields. Both name and phone number are required.');
    await expect(summary(page).getByRole('link')).toHaveText(['Please enter your full name.', 'Please enter your phone number.']);
    await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');

    const name = `No Script Caller ${Date.now()}`;
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Phone Number').fill('07700 900123');
    await page.getByRole('button', { name: 'Request call back' }).click();
    await expect(page).toHaveURL(/\/call-back\?sent=1&ref=[A-HJ-NP-Z2-9]{9}$/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    const thanks = page.locator('[data-callback-sent]');
    await expect(thanks).toBeFocused();
    await expect(thanks).toContainText('Request submitted!');
    await expect(thanks).toContainText(`Your reference is ${reference}.`);
    await expect(page.getByRole('button', { name: 'Request call back' })).toBeHidden();
    expect(queryD1('SELECT name, phone FROM callback_requests WHERE reference = ?', reference)).toEqual([{ name, phone: '07700 900123' }]);
    await expect.poll(async () => (await capturedEmails()).some((email) => email.subject.includes(reference))).toBe(true);
  });

  test('at 1280 px the header’s Call Me Back leads there too', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about');
    await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
    await expect(page).toHaveURL(/\/call-back$/);
  });
});

test('the call-back page’s states (a plain form even with JavaScript): axe clean at 390 and 1280 px', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/call-back');
    expect(await axeViolations(page), `the form at ${width} px`).toEqual([]);
    await page.getByRole('button', { name: 'Request call back' }).click();
    await expect(page.locator('[data-error-summary]')).toBeFocused();
    expect(await axeViolations(page), `the refused form at ${width} px`).toEqual([]);
    await page.getByLabel('Full Name').fill('Axe Caller');
    await page.getByLabel('Phone Number').fill('07700 900123');
    await page.getByRole('button', { name: 'Request call back' }).click();
    await expect(page.locator('[data-callback-sent]')).toContainText('Request submitted!');
    expect(await axeViolations(page), `the thanks at ${width} px`).toEqual([]);
  }
});
