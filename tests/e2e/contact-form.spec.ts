import { test, expect } from './fixtures';
import { capturedEmails } from './quote-helpers';

async function openContact(page: import('@playwright/test').Page) {
  await page.goto('/contact');
  await expect(page.locator('[data-contact-form]')).toBeVisible();
}

async function fill(page: import('@playwright/test').Page, email: string) {
  await page.locator('#contact-firstName').fill('Grace');
  await page.locator('#contact-lastName').fill('Hopper');
  await page.locator('#contact-email').fill(email);
  await page.locator('#contact-phone').fill('020 7946 0321');
  await page.locator('#contact-subject').selectOption({ index: 1 });
  await page.locator('#contact-message').fill('Can you move a piano up three flights of stairs?');
}

test('shows the shared schema messages on the fields and sends nothing', async ({ page }) => {
  await openContact(page);
  let posted = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/send-contact-email')) posted = true;
  });
  await page.locator('#contact-email').fill('not-an-email');
  await page.locator('[data-contact-submit]').click();
  await expect(page.locator('#contact-firstName-error')).toHaveText('Please enter your first name.');
  await expect(page.locator('#contact-email-error')).toHaveText('Please enter a valid email address.');
  await expect(page.locator('#contact-firstName')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#contact-firstName')).toBeFocused();
  expect(posted).toBe(false);
});

test('sends the message: Sending..., success notification, form cleared, e-mail captured', async ({ page }) => {
  await openContact(page);
  const email = `grace-${Date.now()}@example.com`;
  await fill(page, email);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/send-contact-email', async (route) => {
    await held;
    await route.continue();
  });
  await page.locator('[data-contact-submit]').click();
  await expect(page.locator('[data-contact-submit]')).toHaveText('Sending...');
  await expect(page.locator('[data-contact-submit]')).toBeDisabled();
  release();
  await expect(page.locator('[data-notice="success"]')).toContainText("Message sent successfully! We'll get back to you soon.");
  await expect(page.locator('#contact-firstName')).toHaveValue('');
  await expect(page.locator('[data-contact-submit]')).toBeEnabled();
  expect((await capturedEmails()).some((e) => [e.to].flat().includes(email))).toBe(true);
});

test('keeps the values and says so when sending fails', async ({ page }) => {
  await openContact(page);
  await fill(page, 'grace@example.com');
  await page.route('**/api/send-contact-email', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' }),
  );
  await page.locator('[data-contact-submit]').click();
  await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(page.locator('#contact-firstName')).toHaveValue('Grace');
  await expect(page.locator('#contact-message')).toHaveValue('Can you move a piano up three flights of stairs?');
});

test('works without JavaScript: the plain post redirects to /contact?sent=1', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await openContact(page);
  await fill(page, `nojs-${Date.now()}@example.com`);
  await page.locator('[data-contact-submit]').click();
  await page.waitForURL('**/contact?sent=1#message-sent');
  await expect(page.getByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
  await context.close();
});
