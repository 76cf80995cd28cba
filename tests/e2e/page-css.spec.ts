/**
 * Each page carries only the CSS its markup and scripts can match (src/build/page-css-integration.ts), and the
 * on-demand islands bring sheets of their own. These tests put every state a script adds on screen and read the
 * computed styles, so a rule pruned by mistake fails here, not in front of a customer.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, open } from './fixtures';
import { reachStep4 } from './quote-helpers';

/** The design tokens as the browser computes them (src/styles/tokens.css). */
const WHITE = 'rgb(255, 255, 255)';
const BRAND_700 = 'rgb(29, 59, 216)';
const DANGER = 'rgb(185, 28, 28)';

const style = (locator: Locator, property: string, pseudo?: string) =>
  locator.evaluate((el, [name, pseudoElement]) => getComputedStyle(el, pseudoElement).getPropertyValue(name!), [property, pseudo] as const);

/** A computed colour (oklch, as Tailwind writes its palette, or rgb) as integer sRGB channels, for comparisons. */
async function rgb(locator: Locator, property: string, pseudo?: string): Promise<string> {
  const value = await style(locator, property, pseudo);
  return locator.page().evaluate((color) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
    return a === 255 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${(a! / 255).toFixed(2)})`;
  }, value);
}

test.describe('header states added by the menu script and <details>', () => {
  test('an open dropdown is a white, rounded, shadowed panel and its chevron turns', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/about');
    const menu = page.locator('header nav[aria-label="Main"] details').first();
    await menu.locator('summary').click();
    const panel = menu.locator('ul');
    await expect(panel).toBeVisible();
    expect(await style(panel, 'position')).toBe('absolute');
    expect(await style(panel, 'background-color')).toBe(WHITE);
    expect(await style(panel, 'border-top-left-radius')).toBe('12px');
    expect(await style(panel, 'box-shadow')).not.toBe('none');
    expect(await style(menu.locator('summary svg'), 'rotate')).toBe('180deg');
  });

  test("keyboard focus shows the brand's 3 px ring", async ({ page }) => {
    await open(page, '/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    expect(await style(skip, 'outline-style')).toBe('solid');
    expect(await style(skip, 'outline-width')).toBe('3px');
    expect(await style(skip, 'outline-color')).toBe('rgb(37, 77, 235)');
  });

  test('the mobile menu opens as a scrollable panel under the header', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/about');
    const menu = page.locator('details[data-mobile-menu]');
    await menu.locator(':scope > summary').click();
    const panel = menu.locator(':scope > summary + div');
    await expect(panel).toBeVisible();
    expect(await style(panel, 'position')).toBe('absolute');
    expect(await style(panel, 'top')).toBe('64px');
    expect(await style(panel, 'overflow-y')).toBe('auto');
    expect(await style(panel, 'background-color')).toBe(WHITE);
  });
});

test.describe('notifications (src/scripts/notify.ts) keep their look on any page', () => {
  async function expectNotificationStyled(page: Page) {
    const notice = page.locator('[data-notice]');
    await expect(notice).toBeVisible();
    expect(await style(page.locator('[data-notifications]'), 'position')).toBe('fixed');
    expect(await rgb(notice, 'background-color')).toBe('rgb(15, 23, 43)');
    expect(await style(notice, 'border-top-left-radius')).toBe('12px');
    expect(await style(notice, 'padding-top')).toBe('16px');
    expect(await style(notice, 'display')).toBe('flex');
    expect(await style(notice.locator('svg').first(), 'width')).toBe('20px');
    expect(await style(notice.getByRole('button', { name: 'Dismiss notification' }), 'border-top-left-radius')).toBe('6px');
  }

  test('on an article, the Share confirmation', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/articles/moving-checklist-guide');
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share' }).click();
    await expectNotificationStyled(page);
  });

  test('on a page whose only way to notify is the call-back dialog', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/safety');
    await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a call back' });
    await dialog.getByLabel('Full Name').fill('Ada Lovelace');
    await dialog.getByLabel('Phone Number').fill('07700 900123');
    await page.route('**/api/request-callback', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ reference: 'CB-TEST', emailSent: true }) }),
    );
    await dialog.getByRole('button', { name: 'Request call back' }).click();
    await expectNotificationStyled(page);
  });
});

test.describe('the cookie banner and preferences', () => {
  test.use({ consent: 'none' });

  test('the banner, shown by its script, is a fixed white card with brand buttons', async ({ page }) => {
    await page.goto('/privacy-policy');
    const banner = page.locator('[data-cookie-banner]');
    await expect(banner).toBeVisible();
    expect(await style(banner, 'position')).toBe('fixed');
    expect(await style(banner, 'bottom')).toBe('0px');
    expect(await style(banner, 'z-index')).toBe('50');
    const card = banner.locator('> div');
    expect(await style(card, 'background-color')).toBe(WHITE);
    expect(await style(card, 'border-top-left-radius')).toBe('16px');
    expect(await style(card, 'box-shadow')).not.toBe('none');
    const accept = banner.getByRole('button', { name: 'Accept All' });
    expect(await style(accept, 'background-color')).toBe(BRAND_700);
    expect(await style(accept, 'color')).toBe(WHITE);
    expect(await style(accept, 'min-height')).toBe('44px');
  });

  test('the preferences dialog, styled by its own sheet only once it loads', async ({ page }) => {
    await page.goto('/privacy-policy');
    const island = page.locator('[data-island="cookie-consent"]');
    const sheet = await island.getAttribute('data-css');
    expect(sheet).toMatch(/^\/_astro\/island-cookie-consent\.[\w-]+\.css$/);
    // Before the island loads, the page has none of its sheet.
    expect(await page.locator(`link[href="${sheet}"]`).count()).toBe(0);

    await page.locator('[data-cookie-banner]').getByRole('button', { name: 'Manage Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    await expect(page.locator(`link[href="${sheet}"]`)).toHaveCount(1);
    expect(await style(dialog, 'background-color')).toBe(WHITE);
    expect(await style(dialog, 'border-top-left-radius')).toBe('16px');
    expect(await rgb(dialog, 'background-color', '::backdrop')).toBe('rgba(2, 7, 23, 0.60)');

    const analytics = dialog.getByRole('switch', { name: 'Analytics' });
    const knob = analytics.locator('span');
    expect(await rgb(analytics, 'background-color')).toBe('rgb(144, 161, 185)');
    expect(await style(knob, 'translate')).toMatch(/^0(px)?$/);
    await analytics.click();
    await expect(analytics).toHaveAttribute('aria-checked', 'true');
    // Both change through a transition: wait for where it ends.
    await expect.poll(() => style(analytics, 'background-color')).toBe(BRAND_700);
    await expect.poll(() => style(knob, 'translate')).toBe('20px');
    expect(await style(dialog.getByRole('button', { name: 'Save Preferences' }), 'background-color')).toBe(BRAND_700);
    expect(await style(dialog.getByRole('button', { name: 'Close cookie preferences' }), 'width')).toBe('44px');
  });
});

test('the call-back dialog and its field errors', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/how-it-works');
  await page.locator('header').getByRole('link', { name: 'Call Me Back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a call back' });
  await expect(dialog).toBeVisible();
  expect(await style(dialog, 'border-top-left-radius')).toBe('16px');
  expect(await rgb(dialog, 'background-color', '::backdrop')).toBe('rgba(2, 7, 23, 0.60)');
  const name = dialog.getByLabel('Full Name');
  expect(await style(name, 'min-height')).toBe('44px');
  expect(await style(name, 'border-top-left-radius')).toBe('8px');
  await dialog.getByRole('button', { name: 'Request call back' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await style(name, 'border-top-color')).toBe(DANGER);
  expect(await style(dialog.locator(`#${await name.getAttribute('aria-describedby')}`), 'color')).toBe(DANGER);
});

test('article search: the empty state keeps its card style, and the results its cards', async ({ page }) => {
  await open(page, '/articles?q=no%20article%20says%20this');
  const empty = page.locator('[data-show="empty"]');
  await expect(empty).toBeVisible();
  expect(await style(empty, 'border-top-left-radius')).toBe('16px');
  await expect(page.locator('[data-show="results"]')).toHaveCount(0);
  await expect(page.locator('[data-featured]')).toHaveCount(0);

  // The results page has a stylesheet of its own (src/styles/article-search.css): a card looks as it does in the list.
  await open(page, '/articles?q=e');
  const card = page.locator('[data-show="results"] article').first();
  expect(await style(card, 'border-top-left-radius')).toBe('16px');
  expect(await style(card.locator('img'), 'object-fit')).toBe('cover');
  expect(await style(page.getByRole('search'), 'display')).toBe('grid');
});

test('home review carousel: the enhanced layout and the current dot', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/');
  const track = page.locator('[data-carousel-track]');
  await expect(page.locator('[data-carousel-controls]')).toBeVisible();
  expect(await style(track, 'display')).toBe('block');
  const current = page.locator('[data-carousel-dot][aria-current="true"] span');
  expect(await style(current, 'background-color')).toBe(BRAND_700);
  expect(await style(current, 'width')).toBe('28px');
});

test('quote wizard: a chosen size card and the calendar drawn by react-day-picker', async ({ page }) => {
  await open(page, '/quote');
  const card = page.locator('label').filter({ has: page.getByRole('radio', { name: /2 bedrooms/ }) });
  const before = await rgb(card, 'border-top-color');
  await page.getByText('2 bedrooms', { exact: true }).click();
  await expect.poll(() => rgb(card, 'border-top-color')).not.toBe(before);
  await open(page, '/quote');
  await reachStep4(page);
  const calendar = page.locator('.rdp-root');
  // The calendar loads lazily and opens by itself when no date is chosen: wait for it before deciding to open it.
  await expect(calendar).toBeAttached();
  if (!(await calendar.isVisible())) await page.getByRole('button', { name: /Pick a date|Choose a date/ }).click();
  await expect(calendar).toBeVisible();
  const day = calendar.locator('.rdp-day_button:not([disabled])').last();
  // react-day-picker's own day size (its stylesheet, whose class names it builds at run time, survived the pruning),
  // as StepDate sets it for priced days: the button 2 px narrower than its column, which shares the calendar's width.
  const column = await day.locator('xpath=..').evaluate((cell) => cell.getBoundingClientRect().width);
  expect(parseFloat(await style(day, 'width'))).toBeCloseTo(column - 2, 1);
  expect(await style(day, 'border-top-left-radius')).not.toBe('0px');
  await day.click();
  const selected = calendar.locator('.rdp-selected .rdp-day_button');
  await expect(selected).toHaveCount(1);
  // react-day-picker's selected ring (its --rdp-selected-border).
  expect(await style(selected, 'border-top-width')).toBe('2px');
  expect(await style(selected, 'border-top-style')).toBe('solid');
});
