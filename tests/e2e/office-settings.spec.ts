/**
 * Issue 40 item 7 in a browser, JavaScript off as the owner may well have it: Settings from the office's menu; a refused
 * save brings the error summary and each message tied to its field; the phone number changed, the next e-mail carries it,
 * and the change is in the page's history. axe at 390 and 1280 px, no sideways scrolling at 320 px. Only the phone is
 * changed (and put back): other specs running beside this one wait for e-mails by subject and address.
 */
import { test, expect, axeViolations, picture } from './fixtures';
import { capturedEmails, uniqueEmail } from './quote-helpers';
import { OWNER_EMAIL, signInToOffice } from './office';
import { ceiling } from '../shared/load';

const TODAY_PHONE = '020 7946 0321';
const NEW_PHONE = '0113 496 0555';

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the owner changes the phone number; the next e-mail carries it', async ({ page, request, baseURL }) => {
    test.setTimeout(ceiling(90_000));
    await signInToOffice(page.context());
    await page.goto('/office');
    await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const phone = page.getByLabel('Phone number');
    await expect(phone).toHaveValue(TODAY_PHONE);

    try {
      // Refused: the summary is focused, and the message is read with its field; what was typed stays.
      await page.getByLabel('Deposit').fill('0');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('alert')).toBeFocused();
      await expect(page.getByRole('alert')).toContainText('Enter the deposit as a whole number from 1 to 100');
      await expect(page.getByLabel('Deposit')).toHaveAccessibleDescription(/Enter the deposit as a whole number from 1 to 100/);
      await expect(page.getByLabel('Deposit')).toHaveValue('0');

      await page.getByLabel('Deposit').fill('25');
      await page.getByLabel('Phone number').fill(NEW_PHONE);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status')).toContainText('Saved.');
      await expect(page.getByLabel('Phone number')).toHaveValue(NEW_PHONE);
      const history = page.getByRole('region', { name: 'Changes' });
      await expect(history.getByRole('listitem').first()).toContainText(`Phone number: ${TODAY_PHONE} → ${NEW_PHONE}`);
      await expect(history.getByRole('listitem').first()).toContainText(OWNER_EMAIL);

      // The next e-mail: a contact message's reply.
      const email = uniqueEmail('settings-phone');
      const sent = await request.post(`${baseURL}/api/send-contact-email`, {
        headers: { 'X-Test-Client': email },
        data: { firstName: 'Imogen', lastName: 'Hart', email, phone: '', subject: 'booking', message: 'Do you move pianos?' },
      });
      expect(sent.status()).toBe(201);
      const reply = async () => (await capturedEmails()).find((e) => [e.to].flat().includes(email));
      await expect.poll(async () => (await reply()) !== undefined, { timeout: 20_000 }).toBe(true);
      expect((await reply())!.text).toContain(`Phone ${NEW_PHONE}`);
    } finally {
      await page.goto('/office/settings');
      await page.getByLabel('Phone number').fill(TODAY_PHONE);
      await page.getByLabel('Deposit').fill('25');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByLabel('Phone number')).toHaveValue(TODAY_PHONE);
    }
  });

  test('no sideways scrolling at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await signInToOffice(page.context());
    await page.goto('/office/settings');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

// axe runs as a script, so in a tab with scripts on (the page needs none of its own).
test.describe('axe', () => {
  for (const width of [390, 1280]) {
    test(`the settings page, and the page refusing a save, are axe clean at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInToOffice(page.context());
      await page.goto('/office/settings');
      expect(await axeViolations(page), 'settings').toEqual([]);
      await page.getByLabel('Arrival windows').fill('08:00-10:00\n10-8');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByLabel('Arrival windows')).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page), 'refused').toEqual([]);
      await picture(() => page.screenshot({ path: test.info().outputPath(`settings-${width}.png`), fullPage: true }));
    });
  }
});
