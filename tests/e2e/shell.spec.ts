import { test, expect, open } from './fixtures';
import { footerGroups, headerGroups, legalLinks, quoteCta, signInLink } from '../../src/data/navigation';

/** The links spec section 2 ("Navigation and shell") names, typed again here on purpose: the module must match the spec. */
const SPEC_HEADER_LINKS = [
  '/services/home-removals',
  '/services/furniture-moving',
  '/services/packing',
  '/services/commercial',
  '/about',
  '/careers',
  '/safety',
  '/how-it-works',
  '/articles',
  '/reviews',
  '/insurance',
];
const SPEC_FOOTER_LINKS: Record<string, string> = {
  '/services/car-transport': 'Car transport',
  '/services/other': 'International Moving',
  '/contact': 'Help Center',
  '/faq': 'Safety and Insurance',
  '/privacy-policy': 'Privacy policy',
  '/terms-and-conditions': 'Terms and conditions',
  '/cookies': 'Cookie policy',
};

test.describe('header', () => {
  test('dropdowns hold exactly the spec links, plus quote, sign in and logo', async ({ page }) => {
    await open(page, '/');
    const header = page.locator('header').first();
    const desktopNav = header.getByRole('navigation', { name: 'Main' });
    const hrefs = await desktopNav.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual([...SPEC_HEADER_LINKS].sort());
    expect(headerGroups.map((g) => g.label)).toEqual(['Services', 'Company', 'More']);
    await expect(header.getByRole('link', { name: 'Shiftly home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: quoteCta.label, exact: true }).first()).toHaveAttribute('href', '/quote');
    await expect(header.getByRole('link', { name: signInLink.label }).first()).toHaveAttribute('href', '/login');
    await expect(header.locator('[data-callback-trigger]')).toHaveCount(2);
  });

  test('a dropdown opens by keyboard, Escape closes it and returns focus', async ({ page }) => {
    await open(page, '/');
    const services = page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: 'Services' });
    await services.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Home removals/ });
    await expect(link).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
    await expect(services).toBeFocused();
  });

  test('opening one dropdown closes another; a click outside closes it', async ({ page }) => {
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary', { hasText: 'Services' }).click();
    await expect(nav.getByRole('link', { name: /Packing/ })).toBeVisible();
    await nav.locator('summary', { hasText: 'Company' }).click();
    await expect(nav.getByRole('link', { name: /Careers/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Packing/ })).toBeHidden();
    await page.locator('h1').click();
    await expect(nav.getByRole('link', { name: /Careers/ })).toBeHidden();
  });

  test('mobile menu opens by touch and keyboard and lists every header link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/');
    const toggle = page.locator('[data-mobile-menu] > summary');
    await toggle.click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeVisible();
    const hrefs = await mobileNav.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of [...SPEC_HEADER_LINKS, '/quote', '/login']) expect(hrefs).toContain(href);
    await expect(mobileNav.locator('[data-callback-trigger]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(mobileNav).toBeVisible();
  });
});

test.describe('footer', () => {
  test('carries every spec footer link with its label, the extra pages, contact details and cookie settings', async ({ page }) => {
    await open(page, '/');
    const footer = page.locator('footer');
    for (const [href, label] of Object.entries(SPEC_FOOTER_LINKS)) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    for (const href of ['/drivers', '/referral', '/reviews']) await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
    const moduleHrefs = [...footerGroups.flatMap((g) => g.links), ...legalLinks].map((l) => l.href);
    const rendered = await footer.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of moduleHrefs) expect(rendered).toContain(href);
    await expect(footer.locator('a[href="tel:+442079460321"]')).toContainText('020 7946 0321');
    await expect(footer.locator('a[href="mailto:hello@shiftly.example"]')).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Cookie settings' })).toHaveAttribute('data-cookie-settings', '');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Shiftly`);
  });
});

test('skip link moves focus to the main content', async ({ page }) => {
  await open(page, '/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
