import type { Page } from '@playwright/test';
import { test, expect, open, axeViolations } from './fixtures';
import { ALL_OPTIONAL, CONSENT_KEY, consentRecord } from '../../src/scripts/consent-record';

const banner = (page: Page) => page.locator('[data-cookie-banner]');
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
/** The banner, once its small script has drawn and wired it (it is shown 1 s after load). */
const bannerArmed = '[data-cookie-banner][data-mounted]';

test.describe('first visit', () => {
  test.use({ consent: 'none' });

  test('the banner is absent at first and appears 1 second after load', async ({ page }) => {
    const start = new Date('2026-03-02T09:00:00Z');
    await page.clock.install({ time: start });
    // Time stands still from here on: only runFor moves it, so the test is exact on a slow machine.
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto('/');
    await page.waitForSelector(bannerArmed, { state: 'attached' });
    await expect(banner(page)).toBeHidden();
    await page.clock.runFor(999);
    await expect(banner(page)).toBeHidden();
    await page.clock.runFor(2);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading', { name: 'We use cookies' })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookies');
  });

  test('no page carries the banner: its script and its sheet are fetched, once, when no choice is stored', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain('We use cookies');
    expect(html).not.toContain('data-cookie-banner');
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    const script = fetched.find((path) => /^\/_astro\/cookie-banner\.[\w-]+\.js$/.test(path));
    const sheet = fetched.find((path) => /^\/_astro\/island-cookie-banner\.[\w-]+\.css$/.test(path));
    expect(script).toBeDefined();
    expect(sheet).toBeDefined();
    // Fetched once and kept: both are immutable files.
    for (const path of [script!, sheet!])
      expect((await page.request.get(path)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('Accept All stores all four true and hides the banner', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({ essential: true, analytics: true, functional: true, marketing: true, version: 1 });
    expect(Date.parse((await stored(page)).timestamp)).toBeGreaterThan(Date.now() - 60_000);
    await page.reload();
    // Decided at load: with the choice stored the banner is never drawn.
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toHaveCount(0);
  });

  test('Reject All stores only essential; it is as prominent as Accept All', async ({ page }) => {
    await page.goto('/');
    const reject = banner(page).getByRole('button', { name: 'Reject All' });
    const accept = banner(page).getByRole('button', { name: 'Accept All' });
    await expect(reject).toBeVisible();
    expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
    await reject.click();
    expect(await stored(page)).toMatchObject({ essential: true, analytics: false, functional: false, marketing: false });
  });

  test('X hides without saving, and the banner returns on the next load', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBeNull();
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test('preferences: defaults off, Cancel closes only the dialog, Save stores the switches and hides everything', async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.goto('/');
    const manage = banner(page).getByRole('button', { name: 'Manage Preferences' });
    await manage.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    const essential = dialog.getByRole('switch', { name: /Essential/ });
    await expect(essential).toHaveAttribute('aria-checked', 'true');
    await expect(essential).toHaveAttribute('aria-disabled', 'true');
    await essential.focus();
    await page.keyboard.press('Space');
    await expect(essential).toHaveAttribute('aria-checked', 'true');
    for (const name of ['Analytics', 'Functional', 'Marketing'])
      await expect(dialog.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'false');
    await expect(dialog).toContainText('Required for the website to function');
    await expect(dialog).toContainText('Help us improve our website');
    await expect(dialog).toContainText('Remember your preferences');
    await expect(dialog).toContainText('Show relevant advertisements');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(manage).toBeFocused();
    expect(await stored(page)).toBeNull();

    await manage.click();
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await dialog.getByRole('switch', { name: 'Marketing' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({ essential: true, analytics: true, functional: false, marketing: true });
    expect(logs.some((line) => line.includes('analytics cookies enabled'))).toBe(true);
    expect(logs.some((line) => line.includes('marketing cookies enabled'))).toBe(true);
  });

  test('banner and preferences work by keyboard alone, focus trapped in the dialog and returned', async ({ page }) => {
    await page.goto('/');
    const manage = banner(page).getByRole('button', { name: 'Manage Preferences' });
    await expect(manage).toBeVisible();
    await manage.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    // Tab round the dialog more times than it has controls: focus never leaves it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await dialog.getByRole('switch', { name: 'Functional' }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('switch', { name: 'Functional' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(manage).toBeFocused();
    await banner(page).getByRole('button', { name: 'Reject All' }).focus();
    await page.keyboard.press('Enter');
    expect(await stored(page)).toMatchObject({ analytics: false, functional: false, marketing: false });
  });

  test('axe finds no violations with the banner and with the preferences dialog open', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Manage Preferences' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('first visit: compact, early in the tab order, focus never lost (issue 14)', () => {
  test.use({ consent: 'none' });

  test('on a 390 x 844 phone the banner takes no more than a quarter of the screen, and nothing overflows', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    const box = (await banner(page).boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 / 4);
    expect(box.y + box.height).toBeLessThanOrEqual(844 + 0.5);
    for (const name of ['Manage Preferences', 'Reject All', 'Accept All', 'Close cookie banner']) {
      const control = (await banner(page).getByRole('button', { name }).boundingBox())!;
      expect(control.x).toBeGreaterThanOrEqual(0);
      expect(control.x + control.width).toBeLessThanOrEqual(390);
      expect(control.height, name).toBeGreaterThanOrEqual(24);
    }
  });

  test('the banner comes right after the skip link in the tab order', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-cookie-banner]'))).toBe(true);
  });

  test('after a choice by keyboard, focus goes back to where the reader was', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    // The reader is on the header's home link and steps back into the banner (its last control is the X).
    const home = page.locator('header').getByRole('link', { name: 'Shiftly home' });
    await home.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(banner(page).getByRole('button', { name: 'Close cookie banner' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(banner(page).getByRole('button', { name: 'Accept All' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    await expect(home).toBeFocused();
    expect(await stored(page)).toMatchObject({ analytics: true });
  });

  test('after a choice with the mouse, or from the preferences, focus lands on the main content, never on <body>', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('main')).toBeFocused();

    await page.reload();
    await banner(page).getByRole('button', { name: 'Manage Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('the preferences dialog (issue 14)', () => {
  test('has a close button, opens on its first working switch, and shows Essential as locked', async ({ page }) => {
    await open(page, '/');
    const settings = page.locator('footer').getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    // The Essential switch cannot be changed, so the first control that does something gets focus.
    await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeFocused();

    const essential = dialog.getByRole('switch', { name: /Essential/ });
    await expect(essential).toHaveAttribute('aria-disabled', 'true');
    await expect(essential).toHaveAttribute('aria-checked', 'true');
    await expect(essential).toHaveAccessibleDescription(/locked/);
    await expect(essential.locator('[data-lock]')).toBeVisible();
    await expect(dialog.getByText('Always on', { exact: true })).toBeVisible();
    expect(await essential.evaluate((el) => getComputedStyle(el).cursor)).toBe('not-allowed');

    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await dialog.getByRole('button', { name: 'Close cookie preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(settings).toBeFocused();
    // Closing is cancelling: nothing was saved.
    expect(await stored(page)).toMatchObject({ analytics: false });
  });
});

test.describe('returning visitor', () => {
  test('no banner, and no script or sheet is fetched before interaction', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) fetched.push(request.url());
    });
    await open(page, '/');
    // The banner is decided at load; wait until the network has been quiet after it.
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toHaveCount(0);
    // The on-demand loader is inline: a returning visitor fetches no script file at all (least of all React), nor
    // the banner's markup, script or sheet.
    expect(fetched).toEqual([]);
  });

  test('footer Cookie settings reopens the preferences with the stored choices, focus returns to it', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      CONSENT_KEY,
      JSON.stringify(consentRecord({ analytics: false, functional: true, marketing: false })),
    ] as const);
    await page.reload();
    const settings = page.locator('footer').getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Functional' })).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'false');
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(settings).toBeFocused();
    expect(await stored(page)).toMatchObject({ analytics: true, functional: true, marketing: false });
  });

  test('an expired or outdated record asks again', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      CONSENT_KEY,
      JSON.stringify(consentRecord(ALL_OPTIONAL, new Date('2020-01-01T00:00:00.000Z'))),
    ] as const);
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });
});
