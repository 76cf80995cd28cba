/**
 * Issue 14, item 6 inside the wizard: steps in the browser history, the straight-line distance, the promo line,
 * postcode errors next to their field with the call-back, and furniture prices that never wrap.
 */
import type { Locator, Page } from '@playwright/test';
import { quoteHref } from '../../src/data/services';
import { describeDistance, STRAIGHT_LINE } from '../../src/lib/distance';
import { promo, site, telHref } from '../../src/site.config';
import { QUOTE_HINTS } from '../../src/data/quote-labels';
import { API_PATHS } from '../../src/lib/api';
import { REFERRAL_MESSAGES } from '../../src/lib/referral';
import { test, expect, open, axeViolations, holdRequest } from './fixtures';
import { expectStep, nextDay, reachStep4, stepHeading, typed } from './quote-helpers';
import { ROUTES } from '../shared/routes';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const backButton = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });
const fromField = (page: Page) => page.getByRole('combobox', { name: 'Moving from' });
const toField = (page: Page) => page.getByRole('combobox', { name: 'Moving to' });

test("the browser's Back and Forward move between steps; a reload keeps the step; the page's Back button still works", async ({ page }) => {
  await open(page, '/services/furniture-moving');
  await page.locator('main').getByRole('link', { name: /quote/i }).first().click();
  await page.waitForURL(/\/quote$/);
  await expectStep(page, 'How big is your space?');
  await reachStep4(page, { size: 'Mini Move', furniture: ['Bookcase'], from: 'LS1 1UR', to: 'YO1 7HH' });

  await page.goBack();
  await expectStep(page, 'Where are you moving?');
  await expect(stepHeading(page)).toBeFocused();
  await expect(fromField(page)).toHaveValue('LS1 1UR');
  await page.goBack();
  await expectStep(page, 'Select furniture services');
  await expect(page.getByRole('button', { name: /Bookcase/ })).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expectStep(page, 'Where are you moving?');
  await page.goForward();
  await expectStep(page, 'When do you want to move?');
  await expect(stepHeading(page)).toBeFocused();

  // A reload keeps the step, and history still works from there.
  await page.reload();
  await expectStep(page, 'When do you want to move?');
  await page.goBack();
  await expectStep(page, 'Where are you moving?');

  // The page's own Back goes back in history too, so Forward returns from it.
  await backButton(page).click();
  await expectStep(page, 'Select furniture services');
  await expect(stepHeading(page)).toBeFocused();
  await page.goForward();
  await expectStep(page, 'Where are you moving?');

  // Back from step 1 leaves for the page the customer came from.
  await backButton(page).click();
  await backButton(page).click();
  await expectStep(page, 'How big is your space?');
  await page.goBack();
  await expect(page).toHaveURL(/\/services\/furniture-moving$/);
});

test('Forward never shows a step the answers no longer allow', async ({ page }) => {
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'B2 4QA', to: 'B33 8TH' });
  await page.goBack();
  await expectStep(page, 'Where are you moving?');
  await toField(page).fill('');
  await page.goForward();
  await expectStep(page, 'Where are you moving?');
});

test('the distance is labelled as the crow flies on the quote card and in the booking summary', async ({ page }) => {
  const route = ROUTES['SW1A 1AA → M1 1AE'];
  await open(page, '/quote');
  await reachStep4(page, { size: '1 bedroom / Studio', furniture: [], from: 'SW1A 1AA', to: 'M1 1AE' });
  const card = page.locator('[data-quote-card]');
  await expect(card.locator('[data-quote-distance]')).toHaveText(`Distance: ${describeDistance(route.miles)}`);
  await expect(card).toContainText(`Extra distance (${describeDistance(route.extraMiles)})`);
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(2)));
  await continueButton(page).click();
  const distanceRow = page.locator('[data-booking-summary] dt', { hasText: /^Distance$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(distanceRow).toHaveText(describeDistance(route.miles));
  await expect(distanceRow).toContainText(STRAIGHT_LINE);
});

test('FIRSTMOVE10 adds its line to the booking summary on step 5, only on the server’s answer, and only the real code does', async ({
  page,
}) => {
  await open(page, '/quote');
  await reachStep4(page, { size: 'Mini Move', furniture: [], from: 'CT1 2EH', to: 'BN1 1AE' });
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(4)));
  await continueButton(page).click();
  const line = page.locator('[data-booking-summary] [data-promo-line]');
  const field = page.getByLabel('Promo code (optional)');
  const hint = page.locator('#quote-promoCode-hint');
  await expect(line).toHaveCount(0);
  await field.fill('FIRSTMOVE1');
  await expect(line).toHaveCount(0);
  // Issue 30: a code is recognised only by the server's answer; while it is on its way, nothing is.
  const checking = `**${API_PATHS.code}`;
  const held = await holdRequest(page, checking);
  await field.fill(` ${promo.code.toLowerCase()} `);
  await held.requested;
  await expect(hint).toHaveText(QUOTE_HINTS.promoCode);
  await expect(line).toHaveCount(0);
  await held.release();
  await page.unroute(checking);
  // On a Thursday: £199 + £92 for the 36.7 miles beyond the free 25 (tests/shared/routes.ts) = £291; with the code,
  // 10% off, in pence: £261.90.
  await expect(line).toHaveText(`£261.90 with ${promo.code} when you book (${promo.percentOff}% off your first booking)`);
  await expect(page.locator('[data-summary-total]')).toHaveText('£291');
  await expect(page.locator('#quote-promoCode-hint')).toHaveText('Code recognised: see your booking summary.');
  await expect(field).toHaveAttribute('aria-describedby', 'quote-promoCode-hint');
  expect(await axeViolations(page), 'step 5 with the promo line').toEqual([]);
  // The shape of a friend's code, but nobody's: the server's reason, tied to the field, and no discount.
  await field.fill('2222 2222 2222');
  await expect(hint).toHaveText(REFERRAL_MESSAGES.unknown);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(REFERRAL_MESSAGES.unknown);
  await expect(line).toHaveCount(0);
  expect(await axeViolations(page), 'step 5 with a code refused').toEqual([]);
  await field.fill('');
  await expect(line).toHaveCount(0);
});

test("'Postcode not found' sits under its field, is tied to it, and offers the call-back and the phone number", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await routeStep(page, quoteHref('parcel'), { from: 'YO1 7HH', to: 'ZZ9 9ZZ' });
  const error = page.locator('#quote-to-error');
  await expect(error).toContainText('Postcode not found');
  await expect(error).toContainText('We could not find this postcode');
  await expect(toField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(toField(page)).toHaveAttribute('aria-describedby', /(^| )quote-to-error( |$)/);
  await expect(fromField(page)).not.toHaveAttribute('aria-invalid', 'true');
  expect((await fromField(page).getAttribute('aria-describedby')) ?? '').not.toContain('error');

  // Next to its field: directly below it, in its column (the 'to' field is the right-hand one at 1280 px).
  const alert = page.locator('[data-route-error="postcode_not_found"]');
  const [field, below, other] = await Promise.all([box(toField(page)), box(alert), box(fromField(page))]);
  expect(below.y - (field.y + field.height)).toBeGreaterThanOrEqual(0);
  expect(below.y - (field.y + field.height)).toBeLessThan(24);
  expect(Math.abs(below.x - field.x)).toBeLessThan(2);
  expect(below.x).toBeGreaterThan(other.x + other.width);

  await expect(alert.getByRole('link', { name: site.phone.display })).toHaveAttribute('href', telHref);
  expect(await axeViolations(page), 'step 3 with postcode not found').toEqual([]);
  const offer = alert.getByRole('button', { name: 'Ask for a call-back' });
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'Request a call back' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(offer).toBeFocused();

  // Corrected, the error goes and the field is no longer marked.
  await toField(page).fill('YO1 7HH');
  await expect(page.locator('[data-quote-total]')).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(toField(page)).not.toHaveAttribute('aria-invalid', 'true');
});

test('an invalid postcode gets plain words under its own field', async ({ page }) => {
  await routeStep(page, quoteHref('courier'), { from: 'SW1A', to: 'M1 1AE' });
  const error = page.locator('#quote-from-error');
  await expect(error).toContainText("Invalid 'from' postcode format");
  await expect(error).toContainText('Check the postcode you are moving from.');
  await expect(page.locator('[data-route-error="invalid_postcode"]').getByRole('button')).toHaveCount(0);
});

/** Step 3 with the postcodes typed, from a service link that preselects a size (step 1 needs no click). */
async function routeStep(page: Page, path: string, { from, to }: { from: string; to: string }) {
  await open(page, path);
  await continueButton(page).click();
  await continueButton(page).click();
  await expectStep(page, 'Where are you moving?');
  await fromField(page).fill(from);
  await toField(page).fill(to);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

/** How many lines a price's text takes: distinct line boxes of its text. */
const priceLines = (price: Locator) =>
  price.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

for (const width of [1280, 1024, 768, 390, 320]) {
  test(`furniture prices stay on one line inside their button at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, quoteHref('furniture-moving'));
    await continueButton(page).click();
    const prices = page.locator('[data-furniture-price]');
    await expect(prices.first()).toBeVisible();
    const count = await prices.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const price = prices.nth(i);
      expect(await priceLines(price), (await price.textContent()) ?? '').toBe(1);
      const [own, button] = await Promise.all([box(price), box(price.locator('xpath=ancestor::button[1]'))]);
      expect(own.x + own.width).toBeLessThanOrEqual(button.x + button.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
