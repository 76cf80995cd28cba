import type { Page } from '@playwright/test';
import { test, expect, open, axeViolations } from './fixtures';

/** Spec section 3: the six articles, their categories and read times; featured ones flagged. */
const ARTICLES = [
  { id: 'decluttering-made-easy', category: 'Organization', minutes: 5, featured: true },
  { id: 'wardrobe-organization-guide', category: 'Organization', minutes: 6, featured: false },
  { id: 'moving-checklist-guide', category: 'Moving Tips', minutes: 8, featured: true },
  { id: 'packing-tips-fragile-items', category: 'Packing Tips', minutes: 7, featured: false },
  { id: 'storage-solutions-small-spaces', category: 'Storage Solutions', minutes: 6, featured: false },
  { id: 'eco-friendly-moving-tips', category: 'Sustainability', minutes: 9, featured: false },
] as const;

const LONG_BRITISH_DATE = /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

const results = (page: Page) => page.locator('[data-results-list] [data-article]');
const visibleIds = async (page: Page) =>
  (
    await results(page)
      .locator('h3 a:visible')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  ).map((href) => href?.replace('/articles/', ''));
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' });
const category = (page: Page) => page.getByRole('combobox', { name: 'Category' });
const featured = (page: Page) => page.getByRole('heading', { name: 'Featured', exact: true });

test.describe('articles list', () => {
  test('lists every article with a link, featured ones first, a call to action and the feed', async ({ page, consoleErrors }) => {
    await open(page, '/articles');
    await expect(page).toHaveTitle('Moving & Storage Articles | Shiftly');
    await expect(page.getByRole('heading', { level: 1, name: 'Moving & Storage Articles' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Articles' })).toBeVisible();
    await expect(results(page)).toHaveCount(6);
    expect((await visibleIds(page)).sort()).toEqual(ARTICLES.map((a) => a.id).sort());

    await expect(featured(page)).toBeVisible();
    const featuredLinks = page.locator('[data-featured] h3 a');
    expect((await featuredLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).sort()).toEqual(
      ARTICLES.filter((a) => a.featured)
        .map((a) => `/articles/${a.id}`)
        .sort(),
    );

    await expect(page.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute('href', '/quote');
    await expect(page.locator('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
    await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/rss.xml');
    expect(consoleErrors).toEqual([]);
  });

  test('search matches title, excerpt and category case-insensitively and hides the featured block', async ({ page }) => {
    await open(page, '/articles');
    await search(page).fill('FRAGILE');
    expect(await visibleIds(page)).toEqual(['packing-tips-fragile-items']);
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(featured(page)).toBeHidden();
    await expect(page).toHaveURL(/\?q=FRAGILE$/);

    // text found only in an excerpt, any case
    await search(page).fill('CREASE-free');
    expect(await visibleIds(page)).toEqual(['wardrobe-organization-guide']);
    // category name as search text
    await search(page).fill('storage solutions');
    expect(await visibleIds(page)).toContain('storage-solutions-small-spaces');
  });

  test('category filter shows only that category, and combines with the search', async ({ page }) => {
    await open(page, '/articles');
    await category(page).selectOption('Organization');
    expect((await visibleIds(page)).sort()).toEqual(['decluttering-made-easy', 'wardrobe-organization-guide']);
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(featured(page)).toBeHidden();
    expect(new URL(page.url()).searchParams.get('category')).toBe('Organization');

    await search(page).fill('wardrobe');
    expect(await visibleIds(page)).toEqual(['wardrobe-organization-guide']);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('wardrobe');
    expect(url.searchParams.get('category')).toBe('Organization');
  });

  test('a shared filtered URL restores the filters (category in any case)', async ({ page }) => {
    await open(page, '/articles?q=Clear&category=organization');
    await expect(search(page)).toHaveValue('Clear');
    await expect(category(page)).toHaveValue('Organization');
    expect(await visibleIds(page)).toEqual(['decluttering-made-easy']);
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(featured(page)).toBeHidden();
  });

  test('no match shows the empty state; Clear Filters brings everything back', async ({ page }) => {
    await open(page, '/articles');
    await category(page).selectOption('Sustainability');
    await search(page).fill('wardrobe');
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    await expect(results(page).locator('h3 a:visible')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /articles?$/ })).toHaveText('0 articles');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByText('No articles found matching your criteria.')).toBeHidden();
    await expect(results(page).locator('h3 a:visible')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: 'All Articles' })).toBeVisible();
    await expect(featured(page)).toBeVisible();
    await expect(search(page)).toHaveValue('');
    await expect(category(page)).toHaveValue('');
    expect(new URL(page.url()).search).toBe('');
  });

  test('axe finds no violations in the filtered and empty states', async ({ page }) => {
    await open(page, '/articles?category=Organization');
    expect(await axeViolations(page)).toEqual([]);
    await open(page, '/articles?q=zzzz');
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('with JavaScript disabled the list shows all six articles and no dead filter form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/articles?q=nothing-matches-this');
  await expect(page.locator('[data-results-list] [data-article]:visible')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'All Articles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured', exact: true })).toBeVisible();
  await expect(page.getByRole('searchbox')).toBeHidden();
  await expect(page.getByText('No articles found matching your criteria.')).toBeHidden();
  // An article is readable without JavaScript too.
  await page
    .getByRole('link', { name: /Complete UK Moving Checklist/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Moving Checklist');
  await expect(page.getByRole('heading', { name: 'Moving day', exact: true })).toBeVisible();
  await context.close();
});

test.describe('article detail', () => {
  test('shows every field of the spec with the date in long British format', async ({ page, consoleErrors }) => {
    await open(page, '/articles/moving-checklist-guide');
    const title = 'The Complete UK Moving Checklist: Eight Weeks to Moving Day';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('header').getByText('Moving Tips')).toBeVisible();
    await expect(page.locator('[data-author]')).toHaveText('Priya Shah');
    await expect(page.locator('[data-published]')).toHaveText('22 January 2024');
    await expect(page.locator('[data-published]')).toHaveAttribute('datetime', '2024-01-22');
    await expect(page.locator('[data-read-time]')).toHaveText('8 min read');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.locator('[data-excerpt]')).toContainText('A week-by-week moving checklist for UK home moves');

    // hero image: described, sized, not lazy; modern formats offered
    const hero = page.locator('main picture').first();
    const heroImg = hero.locator('img');
    await expect(heroImg).toHaveAttribute('alt', /clipboard/);
    await expect(heroImg).toHaveAttribute('width', /\d+/);
    await expect(heroImg).toHaveAttribute('height', /\d+/);
    expect(await heroImg.getAttribute('loading')).not.toBe('lazy');
    await expect(hero.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /400w.*800w.*1200w/);
    // WebP is the fallback image itself (no PNG set in the markup), at the same widths.
    await expect(heroImg).toHaveAttribute('srcset', /\.webp 400w.*\.webp 800w.*\.webp 1200w/);
    // Fetched first: the whole document arrives in the first round trip (issue 20), the image at high priority.
    await expect(heroImg).toHaveAttribute('fetchpriority', 'high');

    // body markup: headings, lead-in list, callout
    await expect(page.getByRole('heading', { level: 2, name: 'Eight weeks before' })).toBeVisible();
    // (Built pages carry short class names, src/build/short-classes.mjs: the list is found by its structure.)
    await expect(page.locator('main ul > li > strong').first()).toHaveText('Set a budget:');
    await expect(page.getByRole('note').first()).toContainText('contracts have been exchanged');

    await expect(page.getByText('Moving and organisation expert')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Need Help with Your Move?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute('href', '/quote');
    await expect(page.locator('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    const back = page.getByRole('link', { name: 'Back to Articles' }).first();
    await expect(back).toHaveAttribute('href', '/articles');
    expect(consoleErrors).toEqual([]);
  });

  test('carries the title suffix, description, keywords, canonical, article share tags and JSON-LD', async ({ page }) => {
    await open(page, '/articles/packing-tips-fragile-items');
    const title = 'How to Pack Fragile Items So They Arrive in One Piece';
    await expect(page).toHaveTitle(`${title} | Shiftly`);
    const excerpt = await page.locator('[data-excerpt]').textContent();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', excerpt!);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', `Packing Tips, moving tips, ${title}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/articles\/packing-tips-fragile-items$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/^https?:\/\/[^/]+\/_astro\/.+\.jpe?g$/);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    // the share image really exists at that path
    expect((await page.request.get(new URL(ogImage!).pathname)).status()).toBe(200);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');

    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: title,
      description: excerpt,
      datePublished: '2024-01-29',
      author: { '@type': 'Person', name: 'James Thornton' },
      publisher: { '@type': 'Organization', name: 'Shiftly' },
    });
    expect(data.image[0]).toBe(ogImage);
  });

  test('every article shows its spec read time and a long British date', async ({ page }) => {
    for (const article of ARTICLES) {
      await open(page, `/articles/${article.id}`);
      await expect(page.locator('[data-read-time]'), article.id).toHaveText(`${article.minutes} min read`);
      await expect(page.locator('[data-published]'), article.id).toHaveText(LONG_BRITISH_DATE);
      const iso = await page.locator('[data-published]').getAttribute('datetime');
      expect(iso! >= '2024-01-15' && iso! <= '2024-02-20', `${article.id} dated ${iso}`).toBe(true);
    }
  });

  test('related articles: same category only, never itself, at most two, each with Read article', async ({ page }) => {
    for (const article of ARTICLES) {
      await open(page, `/articles/${article.id}`);
      const expected = ARTICLES.filter((a) => a.category === article.category && a.id !== article.id).slice(0, 2);
      const links = page.locator('[data-related]').getByRole('link', { name: /^Read article/ });
      await expect(links, article.id).toHaveCount(expected.length);
      const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
      expect(hrefs.sort(), article.id).toEqual(expected.map((a) => `/articles/${a.id}`).sort());
    }
  });

  test('below-the-fold images are lazy', async ({ page }) => {
    await open(page, '/articles/decluttering-made-easy');
    await expect(page.locator('[data-related] img')).toHaveAttribute('loading', 'lazy');
  });
});

test.describe('share', () => {
  test('without navigator.share it copies the full link and confirms; notify loads only on click', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await open(page, '/articles/eco-friendly-moving-tips');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => /notify/.test(url))).toBe(false);

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.locator('[data-notice="success"]')).toContainText('Link copied');
    expect(scripts.some((url) => /notify/.test(url))).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/articles/eco-friendly-moving-tips`);
  });

  test('with navigator.share it opens the device share sheet with the article link', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
        configurable: true,
      });
    });
    await open(page, '/articles/storage-solutions-small-spaces');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
      .toBe(`${baseURL}/articles/storage-solutions-small-spaces`);
    await expect(page.locator('[data-notice]')).toHaveCount(0);
  });
});

test('an unknown article id answers 302 to /articles; known ids are served', async ({ request, page }) => {
  const response = await request.get('/articles/no-such-article', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe('/articles');
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['strict-transport-security']).toContain('max-age=');

  expect((await request.get('/articles/moving-checklist-guide', { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get('/articles', { maxRedirects: 0 })).status()).toBe(200);

  await page.goto('/articles/not-written-yet');
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moving & Storage Articles' })).toBeVisible();
});

test('the RSS feed lists the six articles, newest first', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => new URL(m[1]!).pathname);
  expect(links).toHaveLength(6);
  expect(links.sort()).toEqual(ARTICLES.map((a) => `/articles/${a.id}`).sort());
  expect(xml.indexOf('eco-friendly-moving-tips')).toBeLessThan(xml.indexOf('decluttering-made-easy'));
});

test('the home page shows the three newest articles, newest first', async ({ page }) => {
  await open(page, '/');
  const section = page.locator('[data-latest-articles]');
  const hrefs = await section.locator('h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/articles/eco-friendly-moving-tips',
    '/articles/wardrobe-organization-guide',
    '/articles/storage-solutions-small-spaces',
  ]);
  await expect(section.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/articles');
  // The section sits just before the stats band.
  const next = await section.evaluate((el) => el.nextElementSibling?.getAttribute('aria-labelledby'));
  expect(next).toBe('stats-title');
});
