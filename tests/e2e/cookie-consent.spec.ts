import type { Page } from '@playwright/test';
import { test, expect, open, axeViolations } from './fixtures';

const banner = (page: Page) => page.locator('[data-cookie-banner]');
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
const consentHost = '[data-island="cookie-consent"][data-mounted]';

test.describe('first visit', () => {
  test.use({ consent: 'none' });

  test('the banner is absent at first and appears 1 second after load', async ({ page }) => {
    const start = new Date('2026-03-02T09:00:00Z');
    await page.clock.install({ time: start });
    // Time stands still from here on: only runFor moves it, so the test is exact on a slow machine.
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto('/');
    await page.waitForSelector(consentHost, { state: 'attached' });
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(999);
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(2);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading', { name: 'We use cookies' })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookies');
  });

  test('Accept All stores all four true and hides the banner', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toMatchObject({ essential: true, analytics: true, functional: true, marketing: true, version: 1 });
    expect(Date.parse((await stored(page)).timestamp)).toBeGreaterThan(Date.now() - 60_000);
    await page.reload();
    await page.waitForTimeout(1500);
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
    await expect(banner(page)).toHaveCount(0);
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
    await expect(banner(page)).toHaveCount(0);
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

test.describe('returning visitor', () => {
  test('no banner, and no React is fetched before interaction', async ({ page }) => {
    const scripts: Array<{ url: string; react: boolean }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      scripts.push({ url: response.url(), react: /__REACT_DEVTOOLS_GLOBAL_HOOK__|react\.transitional\.element/.test(body) });
    });
    await open(page, '/');
    await page.waitForTimeout(1500);
    await expect(banner(page)).toHaveCount(0);
    // The small on-demand loader is expected; React and the consent island are not.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.react || s.url.includes('CookieConsent'))).toEqual([]);
  });

  test('footer Cookie settings reopens the preferences with the stored choices, focus returns to it', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(() =>
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({
          essential: true,
          analytics: false,
          functional: true,
          marketing: false,
          version: 1,
          timestamp: new Date().toISOString(),
        }),
      ),
    );
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
    await page.evaluate(() =>
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({
          essential: true,
          analytics: true,
          functional: true,
          marketing: true,
          version: 1,
          timestamp: '2020-01-01T00:00:00.000Z',
        }),
      ),
    );
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });
});
