import { test, expect, open, axeViolations, sitemapPaths } from './fixtures';
import { ceiling } from '../shared/load';

/** Pages outside the sitemap (noindex) that must be accessible too. */
const UNLISTED = ['/no-such-page'];

// Every page in the sitemap is checked, so a new page is covered the moment it is built.
for (const width of [390, 1280]) {
  test(`axe finds no WCAG 2.2 AA violations on any page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const paths = [...(await sitemapPaths(page)), ...UNLISTED];
    // A ceiling per page, not for the whole walk: 40 pages took 4 minutes at load 23 and would take longer with more.
    test.setTimeout(ceiling(paths.length * 30_000));
    expect(paths).toContain('/');
    const failures: Record<string, string[]> = {};
    for (const path of paths) {
      await open(page, path);
      const violations = await axeViolations(page);
      if (violations.length) failures[path] = violations;
    }
    expect(failures).toEqual({});
  });
}

test('no console errors on load of the home page', async ({ page, consoleErrors }) => {
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
});
