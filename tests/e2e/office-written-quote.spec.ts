/**
 * The written quote (issue 33 item 3) on a phone's width: the office writes it from the engine's lines with a packing
 * line, checks the total and sends it; the customer opens the e-mail's link and accepts it, which takes them to the
 * Stripe stand-in's Checkout for the deposit; paid, they are back on the booked move. The journey runs with JavaScript
 * off; axe needs scripts (with JavaScript off altogether it never finishes on a long page, as faq-search.spec.ts
 * found), so it walks the same journey again with the pages' own scripts not fetched. Figures worked by hand:
 *
 *   storeQuote's move on a weekday (SW1A 1AA to M1 1AE, two bedrooms, a sofa): Base service £599, Extra distance £344
 *   (tests/shared/routes.ts), Additional furniture £225 = £1,168. With Packing £120.50: 128,850p.
 *   FIRSTMOVE10, 10%: 12,885p off, total 115,965p (£1,159.65); deposit 25%: 28,991.25p, to the penny 28,991p (£289.91).
 */
import { OFFICE_PATHS } from '../../src/lib/office/paths';
import { WRITTEN_QUOTE_MESSAGES } from '../../src/lib/office/written-quote';
import { OWNER_EMAIL, STAFF_COOKIE } from '../shared/office-sign-in';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { capturedEmails, storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';
import { EMAIL_WAIT_MS } from '../shared/mail';
import { ceiling } from '../shared/load';

const PHONE = { width: 390, height: 844 };

/** The journey; `check` runs at each state (axe, or nothing). */
async function journey(
  { staff, browser, request, baseURL }: { staff: Page; browser: Browser; request: APIRequestContext; baseURL: string },
  javaScriptEnabled: boolean,
  check: (page: Page, state: string) => Promise<void>,
): Promise<void> {
  // +webhookfirst: the Stripe stand-in sends the browser back only once the Worker has taken the payment's event.
  const email = uniqueEmail('written-quote').replace('@', '+webhookfirst@');
  const { reference } = await storeQuote(request, { email, promoCode: 'FIRSTMOVE10' });

  await staff.context().addCookies([{ name: STAFF_COOKIE, value: siteEnv('ownerSession'), url: baseURL }]);
  await staff.goto(`${OFFICE_PATHS.writtenQuote}?ref=${reference}`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Written quote ${reference}`);
  await expect(staff.getByLabel('Line 1: what it is for')).toHaveValue('Base service');
  await expect(staff.getByLabel('Line 1: amount in pounds')).toHaveValue('599.00');
  await expect(staff.getByLabel('Line 3: amount in pounds')).toHaveValue('225.00');
  await check(staff, 'the writing page');

  // A slip first: the summary takes focus and its link names the field.
  await staff.getByLabel('Line 4: what it is for').fill('Packing');
  await staff.getByLabel('Line 4: amount in pounds').fill('lots');
  await staff.getByRole('button', { name: 'Check the total' }).click();
  await expect(staff.getByRole('alert')).toBeFocused();
  await expect(staff.getByRole('link', { name: WRITTEN_QUOTE_MESSAGES.amount })).toHaveAttribute('href', '#wq-amount-3');
  await expect(staff.getByLabel('Line 4: amount in pounds')).toHaveAttribute('aria-invalid', 'true');
  await check(staff, 'a refused amount');

  await staff.getByLabel('Line 4: amount in pounds').fill('120.50');
  await staff.getByRole('button', { name: 'Check the total' }).click();
  const preview = staff.locator('[data-show="preview"]');
  await expect(preview.locator('[data-fill="preview:Total"]')).toHaveText('£1,159.65');
  await expect(preview.locator('[data-fill="preview:Deposit"]')).toHaveText('£289.91');
  await check(staff, 'the total checked');
  await staff.getByLabel('What is included').fill('Two movers, a Luton van, blankets and straps.');
  await staff.getByRole('button', { name: 'Send to the customer' }).click();
  await expect(staff.locator('[data-fill="done"]')).toBeFocused();
  const version = staff.locator('[data-version="1"]');
  await expect(version.locator('[data-fill="sent"]')).toContainText(`by ${OWNER_EMAIL}`);
  await expect(version.locator('[data-fill="total"]')).toHaveText('£1,159.65');
  await check(staff, 'sent');

  // The customer, from the e-mail's link, in a browser of their own.
  const find = async () =>
    (await capturedEmails()).find((e) => [e.to].flat().includes(email) && e.subject === 'Your written quote from Shiftly');
  await expect.poll(async () => !!(await find()), { timeout: EMAIL_WAIT_MS }).toBe(true);
  const link = new URL(/https?:\/\/\S+\/quote-confirmation\?\S+/.exec((await find())!.text ?? '')![0]);
  const own = await browser.newContext({ javaScriptEnabled, viewport: PHONE, baseURL });
  const customer = await own.newPage();
  if (javaScriptEnabled) await customer.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  await customer.goto(link.pathname + link.search);
  const section = customer.locator('[data-written-quote]');
  await expect(section.getByRole('heading', { name: 'Your written quote' })).toBeVisible();
  await expect(section.locator('[data-fill="written:total"]')).toHaveText('£1,159.65');
  await expect(section.locator('[data-fill="written:deposit"]')).toHaveText('£289.91');
  await expect(section).toContainText('48 hours or more');
  await check(customer, 'the move page with its written quote');

  await section.getByRole('button', { name: 'Accept this quote' }).click();
  await expect(customer.getByRole('heading', { name: 'Pay £289.91' })).toBeVisible();
  await customer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Your move is booked');
  await expect(customer.locator('[data-move-top] [data-fill="top:Paid"]')).toHaveText('£289.91');
  await expect(customer.locator('[data-fill="written:accepted"]')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept this quote' })).toHaveCount(0);
  await expect(customer.locator('[data-fill="top:price"]')).toHaveText('£1,159.65');
  await expect(customer.locator('[data-fill="top:price-note"]')).toHaveText('£1,288.50 less FIRSTMOVE10 (10% off your first booking)');
  await check(customer, 'accepted');
  await own.close();

  await staff.reload();
  await expect(staff.locator('[data-version="1"] [data-fill="accepted"]')).toContainText('by the customer');
}

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('the office writes and sends a written quote, and the customer accepts it', async ({ page, browser, request, baseURL }) => {
    await journey({ staff: page, browser, request, baseURL: baseURL! }, false, async () => {});
  });
});

test.describe('axe on every state the Worker answered', () => {
  test.use({ viewport: PHONE });

  test('the writing page, its refusal, its total, sent; the move page before and after accepting', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(ceiling(120_000));
    await page.route(/\.m?js(\?.*)?$/, (route) => route.abort());
    await journey({ staff: page, browser, request, baseURL: baseURL! }, true, async (at, state) => {
      expect(await axeViolations(at), state).toEqual([]);
    });
  });
});
