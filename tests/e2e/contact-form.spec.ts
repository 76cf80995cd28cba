import { test, expect, axeViolations } from './fixtures';
import { capturedEmails } from './quote-helpers';

async function openContact(page: import('@playwright/test').Page) {
  await page.goto('/contact');
  await expect(page.locator('[data-contact-form]')).toBeVisible();
  // The message box is a field like the others (the build once left its class unrenamed, so it had no border).
  const border = await page.locator('#contact-firstName').evaluate((input) => getComputedStyle(input).borderTopWidth);
  expect(border).not.toBe('0px');
  await expect(page.locator('#contact-message')).toHaveCSS('border-top-width', border);
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
  // The e-mail goes through the queue after the answer: wait for it.
  const toCustomer = async () => (await capturedEmails()).find((e) => [e.to].flat().includes(email));
  await expect.poll(toCustomer).toBeTruthy();
  const sent = await toCustomer();
  // The page keeps saying so, with the reference, after the notification has gone.
  const reference = /\(([A-HJ-NP-Z2-9]{9})\)/.exec(sent!.subject)![1]!;
  const status = page.locator('#message-sent');
  await expect(status).toBeFocused();
  await expect(status).toContainText(`Your reference is ${reference}.`);
  await expect(page.locator('[data-notice="success"]')).toBeHidden();
  await expect(status).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
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

/** A plain post with mistakes: /contact again, filled in by the Worker. */
async function refusedPost(page: import('@playwright/test').Page) {
  await openContact(page);
  await page.locator('#contact-firstName').fill('Grace');
  await page.locator('#contact-email').fill('not-an-email');
  await page.locator('[data-contact-submit]').click();
  const summary = page.locator('[data-error-summary]');
  await expect(summary).toBeFocused();
  // Post/redirect/get: /contact itself, and a reload asks for the page again rather than to send the form.
  await expect(page).toHaveURL(/\/contact\?form=[\w-]{32}$/);
  const reloaded = page.waitForRequest((request) => /\/contact\?form=/.test(request.url()));
  await page.reload();
  expect((await reloaded).method()).toBe('GET');
  await expect(summary).toBeVisible();
  await expect(page).toHaveTitle(/^Error: Contact us/);
  await expect(summary.getByRole('link')).toHaveText([
    'Please enter your last name.',
    'Please enter a valid email address.',
    'Please enter your message.',
  ]);
  await expect(page.locator('#contact-email-error')).toHaveText('Please enter a valid email address.');
  await expect(page.locator('#contact-email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#contact-firstName')).toHaveValue('Grace');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  return summary;
}

test('the refused plain post (its script failed to load) is styled like the site and passes axe', async ({ page }) => {
  await page.route('**/_astro/ContactFormEnhancer*.js', (route) => route.abort('internetdisconnected'));
  const summary = await refusedPost(page);
  // The site's own stylesheet draws it: the danger colour, a 2 px border, the rounded corners.
  const style = await summary.evaluate((el) => {
    const css = getComputedStyle(el);
    return { border: css.borderTopColor, width: css.borderTopWidth, radius: css.borderTopLeftRadius, background: css.backgroundColor };
  });
  expect(style.width).toBe('2px');
  expect(style.border).not.toBe('rgb(0, 0, 0)');
  expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(style.radius).not.toBe('0px');
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain post lands back on /contact, whose message names the reference', async ({ page }) => {
    const email = `nojs-${Date.now()}@example.com`;
    await openContact(page);
    await fill(page, email);
    await page.locator('[data-contact-submit]').click();
    await page.waitForURL(/\/contact\?sent=1&ref=[A-HJ-NP-Z2-9]{9}#message-sent$/);
    const reference = new URL(page.url()).searchParams.get('ref')!;
    const status = page.locator('#message-sent');
    await expect(status).toBeVisible();
    await expect(status).toContainText(`Your reference is ${reference}.`);
    await expect.poll(async () => (await capturedEmails()).some((e) => e.subject.includes(reference))).toBe(true);
  });

  test('a refused post is the contact page itself: summary, field messages, values kept', async ({ page }) => {
    await refusedPost(page);
  });

  test('every call-back control leads to the call-back page, which works without the dialog', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/contact');
      const controls = page.locator('main [data-callback-trigger]');
      await expect(controls, `at ${width} px`).toHaveCount(2);
      for (const control of await controls.all()) {
        await expect(control).toBeVisible();
        await expect(control).toHaveAttribute('href', '/call-back');
      }
    }
    await page.locator('#call-back').getByRole('link', { name: 'Request a call-back' }).click();
    await expect(page.getByRole('button', { name: 'Request call back' })).toBeVisible();
  });
});
