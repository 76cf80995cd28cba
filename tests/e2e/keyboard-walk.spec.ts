/**
 * Keyboard-only walks: nothing here is clicked or focused by script. Each test starts at the top of a page and
 * moves with Tab, Shift+Tab, Enter, Space, arrows and Escape only, asserting where focus lands at every step.
 * Complements shell.spec.ts (one dropdown, skip link), callback-dialog.spec.ts and cookie-consent.spec.ts (each
 * dialog on its own) and quote-wizard.spec.ts (a full quote by keyboard; axe on every step).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, menusEnhanced, open } from './fixtures';
import { expectStep, stepHeading, tabTo } from './quote-helpers';
import { footerGroups, headerGroups, headerLinks, legalLinks, quoteCta, signInLink } from '../../src/data/navigation';

/** What has focus, in words a failure message can show. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.getAttribute('href') ? `[href="${el.getAttribute('href')}"]` : ''} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  });

async function tabAndExpect(page: Page, target: Locator, shift = false) {
  await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  await expect(target, `focus is on ${await focused(page)}`).toBeFocused();
}

test.describe('header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Tab order: skip link, logo, each dropdown opened with Enter and walked, Help, Contact, Call Me Back and back, sign in, quote', async ({
    page,
  }) => {
    await open(page, '/');
    const header = page.locator('header').first();
    const nav = header.getByRole('navigation', { name: 'Main' });

    await tabAndExpect(page, page.getByRole('link', { name: 'Skip to main content' }));
    await tabAndExpect(page, header.getByRole('link', { name: 'Shiftly home' }));

    for (const group of headerGroups) {
      const summary = nav.locator('summary', { hasText: group.label });
      await tabAndExpect(page, summary);
      // Closed, its links are not in the Tab order.
      await expect(nav.locator(`a[href="${group.links[0]!.href}"]`)).toBeHidden();
      await page.keyboard.press('Enter');
      // The first menu opened fetches the menus' handling (closing one when focus leaves it); walking on while it lands
      // races it (CI at load 13: the Tab after opening More left focus on its summary), so the walk waits for it once.
      if (group === headerGroups[0]) await menusEnhanced(page);
      for (const link of group.links) {
        const item = nav.locator(`a[href="${link.href}"]`);
        await expect(item).toBeVisible();
        await tabAndExpect(page, item);
      }
      // Back up to the first link and forward again: Shift+Tab walks the same list.
      if (group.links.length > 1) {
        await tabAndExpect(page, nav.locator(`a[href="${group.links.at(-2)!.href}"]`), true);
        await tabAndExpect(page, nav.locator(`a[href="${group.links.at(-1)!.href}"]`));
      }
    }

    // Then the plain links (Help, Contact); leaving the last dropdown closes it.
    for (const link of headerLinks) await tabAndExpect(page, nav.locator(`a[href="${link.href}"]`));
    await expect(nav.locator('details[open]')).toHaveCount(0);
    const callBack = header.locator('[data-callback-trigger]');
    await tabAndExpect(page, callBack);

    // Call Me Back by keyboard: the dialog opens with focus inside, Tab stays inside, Escape returns focus.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request a call back' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(callBack).toBeFocused();

    await tabAndExpect(page, header.getByRole('link', { name: signInLink.label }).first());
    await tabAndExpect(page, header.getByRole('link', { name: quoteCta.label, exact: true }).first());
    // Then the page itself: focus has left the header.
    await page.keyboard.press('Tab');
    expect(await header.evaluate((h) => h.contains(document.activeElement))).toBe(false);
  });

  test('Enter on a dropdown link follows it', async ({ page }) => {
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const group = headerGroups[0]!;
    await tabTo(page, nav.locator('summary', { hasText: group.label }));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(nav.locator(`a[href="${group.links[0]!.href}"]`)).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${group.links[0]!.href}`);
  });
});

test.describe('footer', () => {
  test('every footer link and button is reached by Tab, in order; Cookie settings opens the preferences and Escape returns', async ({
    page,
  }) => {
    await open(page, '/');
    const footer = page.locator('footer');
    const expected = await footer
      .locator('a[href], button')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? `button:${(el.textContent ?? '').trim()}`));
    // The navigation module's footer and legal links are all there to be reached.
    for (const link of [...footerGroups.flatMap((g) => g.links), ...legalLinks]) expect(expected).toContain(link.href);

    // Start from the end of the page and walk backwards into the footer, then forwards through it.
    await page.keyboard.press('End');
    await tabTo(page, footer.locator('a[href], button').first(), { max: 200 });
    const reached: string[] = [];
    for (let i = 0; i < expected.length; i++) {
      if (i > 0) await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement!;
          return el.getAttribute('href') ?? `button:${(el.textContent ?? '').trim()}`;
        }),
      );
    }
    expect(reached).toEqual(expected);
    // The last stop in the footer is Cookie settings: activate it by keyboard.
    const settings = footer.getByRole('button', { name: 'Cookie settings' });
    await tabTo(page, settings, { backwards: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // The switches work from the keyboard too.
    const analytics = dialog.getByRole('switch', { name: 'Analytics' });
    await tabTo(page, analytics);
    await page.keyboard.press('Space');
    await expect(analytics).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(settings).toBeFocused();
    // Escape is Cancel: nothing was saved.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent')))!)).toMatchObject({ analytics: false });
  });
});

test.describe('quote wizard steps 1-3 by keyboard', () => {
  const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
  const backButton = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

  test('radios by arrows, furniture toggled on and off with Enter, Back and Continue keep every answer, step 3 tells why it cannot continue', async ({
    page,
  }) => {
    await open(page, '/quote');
    // Step 1: Continue is disabled (out of the Tab order) until a size is chosen.
    await expect(continueButton(page)).toBeDisabled();
    const mini = page.getByRole('radio', { name: /Mini Move/ });
    await tabTo(page, mini);
    await page.keyboard.press('Space');
    await expect(mini).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const twoBed = page.getByRole('radio', { name: /2 bedrooms/ });
    await expect(twoBed).toBeChecked();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('radio', { name: /Studio/ })).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(twoBed).toBeChecked();
    await tabTo(page, continueButton(page), { max: 120 });
    await page.keyboard.press('Enter');

    // Step 2: focus moves to the step title; Enter toggles a furniture button as Space does.
    await expectStep(page, 'Select furniture services');
    await expect(stepHeading(page)).toBeFocused();
    const sofa = page.getByRole('button', { name: /Sofa/ });
    await tabTo(page, sofa, { max: 120 });
    await page.keyboard.press('Enter');
    await expect(sofa).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await expect(sofa).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(sofa).toHaveAttribute('aria-pressed', 'true');

    // Back by keyboard: step 1 with its answer, focus on the title.
    await tabTo(page, backButton(page), { max: 120 });
    await page.keyboard.press('Enter');
    await expectStep(page, 'How big is your space?');
    await expect(stepHeading(page)).toBeFocused();
    await expect(twoBed).toBeChecked();
    await tabTo(page, continueButton(page), { max: 120 });
    await page.keyboard.press('Enter');
    await expectStep(page, 'Select furniture services');
    await expect(sofa).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, continueButton(page), { max: 120 });
    await page.keyboard.press('Enter');

    // Step 3: Continue with nothing typed says what is missing and stays.
    await expectStep(page, 'Where are you moving?');
    await expect(stepHeading(page)).toBeFocused();
    await tabTo(page, continueButton(page), { max: 120 });
    await page.keyboard.press('Enter');
    await expect(page.locator('#quote-step-blocked')).toHaveText('Enter both postcodes to see your price.');
    await expectStep(page, 'Where are you moving?');

    // Postcodes typed in full, moving between the fields with Tab and Shift+Tab.
    const from = page.getByRole('combobox', { name: 'Moving from' });
    const to = page.getByRole('combobox', { name: 'Moving to' });
    await tabTo(page, from, { backwards: true });
    await page.keyboard.type('SW1A 1AA');
    await page.keyboard.press('Escape');
    await tabTo(page, to);
    await page.keyboard.type('M1 1AE');
    await page.keyboard.press('Escape');
    await tabTo(page, from, { backwards: true });
    await expect(from).toHaveValue('SW1A 1AA');
    await expect(page.locator('[data-quote-total]')).toHaveText(/£\d/);

    // Back to step 2 and forward again: the postcodes are still there.
    await tabTo(page, backButton(page), { max: 120 });
    await page.keyboard.press('Enter');
    await expectStep(page, 'Select furniture services');
    await tabTo(page, continueButton(page), { max: 120 });
    await page.keyboard.press('Enter');
    await expectStep(page, 'Where are you moving?');
    await expect(from).toHaveValue('SW1A 1AA');
    await expect(to).toHaveValue('M1 1AE');
    await expect(page.locator('[data-quote-total]')).toHaveText(/£\d/);
    await tabTo(page, continueButton(page), { max: 120 });
    await page.keyboard.press('Enter');
    await expectStep(page, 'When do you want to move?');
    await expect(stepHeading(page)).toBeFocused();
  });
});
