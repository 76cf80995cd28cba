import { test, expect, open, sitemapPaths } from './fixtures';
import { ceiling } from '../shared/load';

/** Pages outside the sitemap that must reflow too. */
const UNLISTED = ['/no-such-page'];

// WCAG 1.4.10: content reflows at 320 CSS px, which is also what 400% zoom of a 1280 px window gives;
// 640 px is a 1280 px window at 200% zoom.
for (const width of [320, 640]) {
  test(`no page scrolls sideways at ${width}px`, async ({ page }) => {
    test.setTimeout(ceiling(240_000));
    await page.setViewportSize({ width, height: 800 });
    const overflowing: Record<string, number> = {};
    for (const path of [...(await sitemapPaths(page)), ...UNLISTED]) {
      await open(page, path);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) overflowing[path] = scrollWidth;
    }
    expect(overflowing).toEqual({});
  });
}
