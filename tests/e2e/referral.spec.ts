/**
 * Referrals made real (issue 19, item 7), as customers do it, JavaScript off and on: a signed-out visitor is asked to
 * sign in; a signed-in customer finds their own code on /account and /referral; a friend types it into their quote
 * (the plain form, or the wizard) and sees £10 off; the friend's move then shows on the customer's dashboard.
 */
import type { Page } from '@playwright/test';
import { test, expect, axeViolations, open, queryD1 } from './fixtures';
import { CONFIRMATION_URL, nextDay, reachStep4, storeQuote, typed, uniqueEmail } from './quote-helpers';
import { signInElsewhere } from './sign-in';
import { referral } from '../../src/data/referral';
import { formatPence } from '../../src/lib/money';
import { ceiling } from '../shared/load';

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

test('signed out, /referral explains the programme and asks to sign in for a code', async ({ page }) => {
  await page.goto('/referral');
  const main = page.locator('main');
  await expect(main).toContainText(`${referral.referrerCredit} credit`);
  await expect(main).toContainText(`${referral.friendDiscount} off`);
  await expect(page.getByRole('textbox', { name: 'Referral code' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your referral dashboard' })).toBeHidden();
  const signIn = page.getByRole('link', { name: 'Sign in to get your code' });
  await expect(signIn).toHaveAttribute('href', '/login');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `/referral signed out at ${width}px`).toEqual([]);
  }
});

/** A friend's quote with `code` through the plain form: the confirmation page. */
async function friendQuoteWithoutJavaScript(page: Page, code: string): Promise<void> {
  await page.goto('/quote');
  await page.getByRole('radio', { name: /2 bedrooms/ }).check();
  await page.getByRole('textbox', { name: 'Moving from Postcode' }).fill('SW1A 1AA');
  await page.getByRole('textbox', { name: 'Moving to Postcode' }).fill('M1 1AE');
  await page.getByLabel('Move date').fill(nextDay(4));
  await page.getByLabel('Full Name').fill('Noor Inayat');
  await page.getByLabel('Email Address').fill(uniqueEmail('friend-nojs'));
  await page.getByLabel('Phone Number').fill('07700 900321');
  await page.getByLabel('Promo code (optional)').fill(code);
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(page).toHaveURL(CONFIRMATION_URL);
}

/** The same through the wizard, which names the offer as the code is typed. */
async function friendQuoteWithWizard(page: Page, code: string): Promise<void> {
  await open(page, '/quote');
  await reachStep4(page, { size: '2 bedrooms', furniture: [], from: 'SW1A 1AA', to: 'M1 1AE' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(4)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full Name').fill('Noor Inayat');
  await page.getByLabel('Email Address').fill(uniqueEmail('friend-js'));
  await page.getByLabel('Phone Number').fill('07700 900321');
  await page.getByLabel('Promo code (optional)').fill(code);
  await expect(page.locator('[data-promo-line]')).toContainText(`(${referral.friendDiscount} off your first move)`);
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL(CONFIRMATION_URL);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a customer’s own code on /account and /referral; a friend’s quote with it is £10 off and shows on the dashboard', async ({
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(ceiling(90_000));
      const email = uniqueEmail(javaScriptEnabled ? 'referrer-js' : 'referrer-nojs');
      await storeQuote(request, { email });
      const customer = await signInElsewhere(browser, baseURL!, email, javaScriptEnabled);
      const code = (await customer.locator('[data-fill="referral-code"]').textContent())?.trim() ?? '';
      expect(code).toMatch(CODE);
      await customer.getByRole('link', { name: 'Share your code and see what it has earned' }).click();
      await expect(customer).toHaveURL(/\/referral$/);
      await expect(customer.getByRole('textbox', { name: 'Referral code' })).toHaveValue(code);
      await expect(customer.getByRole('link', { name: 'Sign in to get your code' })).toHaveCount(0);
      const dashboard = customer.getByRole('region', { name: 'Your referral dashboard' });
      await expect(dashboard.locator('dd')).toHaveText(['0', '£0', '£0']);
      await expect(customer.getByRole('link', { name: 'Email Code' })).toHaveAttribute('href', new RegExp(encodeURIComponent(code)));

      // The friend reads it out: typed in lower case with spaces.
      const friend = await browser.newContext({ baseURL, javaScriptEnabled });
      const friendPage = await friend.newPage();
      const spoken = code.toLowerCase().replaceAll('-', ' ');
      if (javaScriptEnabled) await friendQuoteWithWizard(friendPage, spoken);
      else await friendQuoteWithoutJavaScript(friendPage, spoken);
      const reference = new URL(friendPage.url()).searchParams.get('ref')!;
      const [stored] = queryD1<{ total: number; promo_code: string }>(
        'SELECT total, promo_code FROM quote_requests WHERE reference = ?',
        reference,
      );
      expect(stored!.promo_code).toBe(code);
      await expect(friendPage.locator('main')).toContainText(
        `${formatPence((stored!.total - referral.friendDiscountPounds) * 100)} with ${code} when you book (${referral.friendDiscount} off your first move)`,
      );
      await friend.close();

      await customer.reload();
      await expect(dashboard).toContainText('1 friend’s move is on the way');
      // axe runs in the page: with JavaScript on only (the markup is the same).
      for (const width of javaScriptEnabled ? [390, 1280] : []) {
        await customer.setViewportSize({ width, height: 900 });
        expect(await axeViolations(customer), `/referral signed in at ${width}px`).toEqual([]);
        await customer.goto('/account');
        expect(await axeViolations(customer), `/account with the referral code at ${width}px`).toEqual([]);
        await customer.goto('/referral');
      }
      await customer.context().close();
    });
  });
}

test('Copy puts the customer’s own code on the clipboard and shows Copied! then Copy', async ({ browser, baseURL, request }) => {
  const email = uniqueEmail('referrer-copy');
  await storeQuote(request, { email });
  const page = await signInElsewhere(browser, baseURL!, email);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await open(page, '/referral');
  const code = await page.getByRole('textbox', { name: 'Referral code' }).inputValue();
  expect(code).toMatch(CODE);
  const button = page.locator('[data-copy]');
  await expect(button).toHaveText('Copy');
  await button.click();
  await expect(button).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(button).toHaveText('Copy', { timeout: referral.copiedSeconds * 1000 + 2000 });
  await page.context().close();
});
