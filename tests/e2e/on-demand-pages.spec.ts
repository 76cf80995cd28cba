/**
 * Issue 32 item 1: a page rendered for each request (here /login's answer to a refused address) draws the site-wide
 * islands exactly as a prebuilt page does. A prebuilt page's hosts name their own stylesheets after the build; an
 * on-demand page carries the islands' classes in its own stylesheet instead (src/styles/site-islands.css).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { storeQuote } from './quote-helpers';

test.use({ consent: 'none' });

const PROPERTIES = [
  'display',
  'position',
  'padding',
  'margin',
  'gap',
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'border-radius',
  'box-shadow',
  'width',
];

/** Every element's computed look, in document order. */
const looks = (root: Locator) =>
  root.evaluate(
    (element, properties) =>
      [element, ...element.querySelectorAll('*')].map((node) => {
        const style = getComputedStyle(node);
        return `${node.tagName} ${properties.map((name) => style.getPropertyValue(name)).join(' | ')}`;
      }),
    PROPERTIES,
  );

async function bannerAndPreferences(page: Page) {
  const banner = page.locator('[data-cookie-banner]');
  await expect(banner).toBeVisible();
  const bannerLooks = await looks(banner);
  await banner.getByRole('button', { name: 'Manage Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(dialog).toBeVisible();
  return { banner: bannerLooks, preferences: await looks(dialog) };
}

test('the cookie banner and its preferences look the same on an on-demand page as on a prebuilt one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/login');
  const prebuilt = await bannerAndPreferences(page);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email address').fill('not an address');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText('Please enter a valid email address.').first()).toBeVisible();
  expect(await bannerAndPreferences(page)).toEqual(prebuilt);
});

test('the move page draws the cookie banner as a prebuilt page does, from the islands’ own sheets', async ({ page, request }) => {
  // Its stylesheet holds none of the islands' classes (src/styles/move-pages.css): the hosts name their sheets
  // (functions/lib/island-sheets.ts), as a prebuilt page's do.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/login');
  const prebuilt = await bannerAndPreferences(page);

  const { confirmationUrl } = await storeQuote(request);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(confirmationUrl);
  expect(await bannerAndPreferences(page)).toEqual(prebuilt);
});
