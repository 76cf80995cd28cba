/**
 * The articles: the list with its pages, search and filter (answered by the Worker across every page, with or
 * without JavaScript), the article pages, the feed and the home page's newest three. Every expectation comes from
 * the collection's files (tests/shared/article-collection.ts), so any number of valid articles passes: no test
 * names an article or a count.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, open, axeViolations, rendered } from './fixtures';
import { siteEnv } from './site-env';
import { expectedMatches, expectedRelated, publishedArticles, sectionTitles, type ExpectedArticle } from '../shared/article-collection';
import { ARTICLES_PER_PAGE, FEATURED_LIMIT, HOME_ARTICLE_COUNT, listPagePath } from '../../src/lib/articles';
import { readTimeOf } from '../../src/lib/read-time';
import { ceiling } from '../shared/load';

const articles = publishedArticles(siteEnv('articlesToday'));
const newest = articles[0]!;

const LONG_BRITISH_DATE = /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

const results = (page: Page) => page.locator('main li[data-article]');
const shownIds = async (page: Page) => results(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-article')));
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' });
const category = (page: Page) => page.getByRole('combobox', { name: 'Category' });
const featured = (page: Page) => page.getByRole('heading', { name: 'Featured', exact: true });
const submit = (page: Page) => page.getByRole('search').getByRole('button', { name: 'Search' });
const ids = (list: readonly ExpectedArticle[]) => list.map((article) => article.id);

/**
 * Runs a search through the form, as a reader does, and waits for that search's own answer: the URL carrying these
 * very terms (a pattern matching any earlier search's URL is satisfied before the new page arrives).
 */
async function searchFor(page: Page, q: string, chosen = '') {
  await search(page).fill(q);
  await category(page).selectOption(chosen);
  const isThisSearch = (url: URL) =>
    url.pathname === '/articles' && (url.searchParams.get('q') ?? '') === q && (url.searchParams.get('category') ?? '') === chosen;
  expect(isThisSearch(new URL(page.url())), 'a search different from the one on screen').toBe(false);
  await Promise.all([page.waitForURL(isThisSearch), submit(page).click()]);
}

test('the collection has articles to test with', () => {
  expect(articles.length, 'at least one published article').toBeGreaterThan(0);
});

test.describe('articles list', () => {
  test('every published article once, newest first, page by page, each page with its own canonical and prev/next', async ({
    page,
    consoleErrors,
  }) => {
    const seen: string[] = [];
    const pages = Math.max(1, Math.ceil(articles.length / ARTICLES_PER_PAGE));
    for (let n = 1; n <= pages; n++) {
      const path = listPagePath(n);
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1, name: 'Moving & Storage Articles' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'All Articles' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.locator('head link[rel="prev"]')).toHaveCount(n > 1 ? 1 : 0);
      await expect(page.locator('head link[rel="next"]')).toHaveCount(n < pages ? 1 : 0);
      if (n < pages) await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', listPagePath(n + 1));
      await expect(page).toHaveTitle(
        n === 1 ? 'Moving & Storage Articles | Shiftly' : `Moving & Storage Articles, page ${n} of ${pages} | Shiftly`,
      );
      const onPage = await shownIds(page);
      expect(onPage.length).toBeLessThanOrEqual(ARTICLES_PER_PAGE);
      seen.push(...(onPage as string[]));
    }
    expect(seen).toEqual(ids(articles));
    // One page past the end is not a page: the Worker sends it to the list.
    const beyond = await page.request.get(listPagePath(pages + 1), { maxRedirects: 0 });
    expect(beyond.status()).toBe(302);
    expect(consoleErrors).toEqual([]);
  });

  test('page 1: the newest featured articles, the call to action and the feed', async ({ page }) => {
    await open(page, '/articles');
    const expected = articles.filter((article) => article.featured).slice(0, FEATURED_LIMIT);
    if (expected.length) await expect(featured(page)).toBeVisible();
    else await expect(featured(page)).toHaveCount(0);
    const featuredLinks = await page.locator('[data-featured] h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(featuredLinks).toEqual(expected.map((article) => `/articles/${article.id}`));

    await expect(page.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute('href', '/quote');
    await expect(page.locator('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
    await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/rss.xml');
  });

  test('search matches title, excerpt and category case-insensitively, across every page, and hides the featured block', async ({
    page,
  }) => {
    await open(page, '/articles');
    // A whole title, shouted: at least that article.
    const title = newest.title.toUpperCase();
    await searchFor(page, title);
    expect(await shownIds(page)).toEqual(ids(expectedMatches(articles, title)).slice(0, ARTICLES_PER_PAGE));
    expect(await shownIds(page)).toContain(newest.id);
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(featured(page)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('q')).toBe(title);
    await expect(search(page)).toHaveValue(title);

    // Words found in an excerpt (the oldest article's, so the answer is not just the first page of the list).
    const oldest = articles.at(-1)!;
    const words = oldest.excerpt.split(/\s+/).slice(2, 5).join(' ');
    await searchFor(page, words);
    expect(await shownIds(page)).toEqual(ids(expectedMatches(articles, words)).slice(0, ARTICLES_PER_PAGE));
    expect(await shownIds(page)).toContain(oldest.id);

    // A category's name as search text.
    const name = oldest.category.toLowerCase();
    await searchFor(page, name);
    expect(await shownIds(page)).toEqual(ids(expectedMatches(articles, name)).slice(0, ARTICLES_PER_PAGE));
  });

  test('the category filter shows only that category, and combines with the search', async ({ page }) => {
    await open(page, '/articles');
    const chosen = newest.category;
    await searchFor(page, '', chosen);
    const inCategory = expectedMatches(articles, '', chosen);
    expect(await shownIds(page)).toEqual(ids(inCategory).slice(0, ARTICLES_PER_PAGE));
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(featured(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /articles?/ })).toHaveText(new RegExp(`^${inCategory.length} articles?`));
    expect(new URL(page.url()).searchParams.get('category')).toBe(chosen);

    const word = newest.title.split(/\s+/).find((w) => w.length > 4) ?? newest.title;
    await searchFor(page, word, chosen);
    expect(await shownIds(page)).toEqual(ids(expectedMatches(articles, word, chosen)).slice(0, ARTICLES_PER_PAGE));
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe(word);
    expect(url.searchParams.get('category')).toBe(chosen);
    await expect(category(page)).toHaveValue(chosen);
  });

  test('a shared filtered address restores the filters (the category in any case)', async ({ page }) => {
    const word = newest.title.split(/\s+/)[0]!;
    await open(page, `/articles?q=${encodeURIComponent(word)}&category=${encodeURIComponent(newest.category.toLowerCase())}`);
    await expect(search(page)).toHaveValue(word);
    await expect(category(page)).toHaveValue(newest.category);
    expect(await shownIds(page)).toEqual(ids(expectedMatches(articles, word, newest.category)).slice(0, ARTICLES_PER_PAGE));
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  });

  test('results past one page have their own pages, Previous and Next keeping the search', async ({ page }) => {
    // A single letter finds most articles, so the answer runs to as many pages as the collection allows.
    const all = expectedMatches(articles, 'e');
    const pages = Math.max(1, Math.ceil(all.length / ARTICLES_PER_PAGE));
    const seen: string[] = [];
    for (let n = 1; n <= pages; n++) {
      await open(page, `/articles?q=e${n > 1 ? `&page=${n}` : ''}`);
      seen.push(...((await shownIds(page)) as string[]));
      const nav = page.getByRole('navigation', { name: 'Pages of results' });
      if (pages === 1) await expect(nav).toBeHidden();
      else {
        await expect(nav.getByRole('link', { name: /Previous/ })).toHaveCount(n > 1 ? 1 : 0);
        await expect(nav.getByRole('link', { name: /Next/ })).toHaveCount(n < pages ? 1 : 0);
        if (n < pages) await expect(nav.getByRole('link', { name: /Next/ })).toHaveAttribute('href', `/articles?q=e&page=${n + 1}`);
      }
    }
    expect(seen).toEqual(ids(all));
  });

  test('search results show the same cards as the list, their pictures made at build time', async ({ page, request }) => {
    const card = (li: Locator) =>
      li.evaluate((item) => ({
        text: item.textContent?.replace(/\s+/g, ' ').trim(),
        href: item.querySelector('a')?.getAttribute('href'),
        srcset: item.querySelector('source')?.getAttribute('srcset'),
        src: item.querySelector('img')?.getAttribute('src'),
      }));
    const newestCard = (p: Page) => p.locator(`main li[data-article="${newest.id}"]`);
    await open(page, '/articles');
    const listed = await card(newestCard(page));
    await open(page, `/articles?q=${encodeURIComponent(newest.title)}`);
    expect(await card(newestCard(page))).toEqual(listed);
    expect(listed.href).toBe(`/articles/${newest.id}`);
    for (const picture of [listed.src!, ...listed.srcset!.split(', ').map((candidate) => candidate.split(' ')[0]!)]) {
      const response = await request.get(picture);
      expect(response.status(), picture).toBe(200);
      expect(response.headers()['content-type'], picture).toMatch(/^image\/(avif|webp)$/);
    }
  });

  test('no match shows the empty state; Clear Filters brings the whole list back', async ({ page }) => {
    await open(page, '/articles');
    await searchFor(page, 'zzqx no article says this');
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /articles?$/ })).toHaveText('0 articles');

    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(page.getByText('No articles found matching your criteria.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'All Articles' })).toBeVisible();
    await expect(search(page)).toHaveValue('');
    await expect(category(page)).toHaveValue('');
  });

  test('axe finds no violations in the list, filtered, empty and later-page states', async ({ page }) => {
    test.setTimeout(ceiling(90_000));
    for (const path of ['/articles', `/articles?category=${encodeURIComponent(newest.category)}`, '/articles?q=zzzz']) {
      await open(page, path);
      expect(await axeViolations(page), path).toEqual([]);
    }
    if (articles.length > ARTICLES_PER_PAGE) {
      await open(page, listPagePath(2));
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});

test('with JavaScript disabled, search and filter work as a plain form, and an article is readable', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/articles');
  await expect(search(page)).toBeVisible();
  await search(page).fill(newest.title);
  await Promise.all([page.waitForURL(/\?q=/), page.getByRole('search').getByRole('button', { name: 'Search' }).click()]);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  expect(await shownIds(page)).toContain(newest.id);
  await page.locator(`[data-article="${newest.id}"] h3 a`).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
  await context.close();
});

test.describe('article detail', () => {
  test('every article shows its fields: category, title, author, long British date, read time, excerpt, image, updated date', async ({
    page,
    consoleErrors,
  }) => {
    for (const article of articles) {
      await open(page, `/articles/${article.id}`);
      await expect(page.getByRole('heading', { level: 1 }), article.id).toHaveText(article.title);
      await expect(page.locator('main header')).toContainText(`Category: ${article.category}`);
      await expect(page.locator('[data-author]')).toHaveText(article.author);
      await expect(page.locator('[data-published]')).toHaveText(longDate(article.publishedAt));
      await expect(page.locator('[data-published]')).toHaveText(LONG_BRITISH_DATE);
      await expect(page.locator('[data-published]')).toHaveAttribute('datetime', article.publishedAt);
      await expect(page.locator('[data-read-time]')).toHaveText(readTimeOf(article.body).label);
      await expect(page.locator('[data-excerpt]')).toHaveText(article.excerpt);
      await expect(page.locator('main picture img').first()).toHaveAttribute('alt', article.imageAlt);
      const updated = page.locator('[data-updated]');
      if (article.updatedAt) await expect(updated).toHaveAttribute('datetime', article.updatedAt);
      else await expect(updated).toHaveCount(0);
      await expect(page.locator('[data-publication]')).toHaveCount(0);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the article page: share button, hero image loaded early, body markup, author card, call to action', async ({ page }) => {
    await open(page, `/articles/${newest.id}`);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    const hero = page.locator('main picture').first();
    const heroImg = hero.locator('img');
    await expect(heroImg).toHaveAttribute('width', /\d+/);
    await expect(heroImg).toHaveAttribute('height', /\d+/);
    expect(await heroImg.getAttribute('loading')).not.toBe('lazy');
    await expect(hero.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /400w.*800w.*1200w/);
    // WebP is the fallback image itself (no original in the markup), at the same widths, never wider than 1200 px.
    await expect(heroImg).toHaveAttribute('srcset', /\.webp 400w.*\.webp 800w.*\.webp 1200w/);
    // Fetched first: the whole document arrives in the first round trip (issue 20), the image at high priority.
    await expect(heroImg).toHaveAttribute('fetchpriority', 'high');
    const fallback = await heroImg.getAttribute('src');
    expect(await heroImg.getAttribute('srcset')).toContain(`${fallback} 1200w`);

    // The body's headings as written: the first is an h2 under the page's one h1. (Built pages carry short class
    // names, src/build/short-classes.ts: the body is found by its data attribute.)
    const firstHeading = /^##\s+(.+)$/m.exec(newest.body)?.[1];
    if (firstHeading) await expect(page.locator('[data-article-body] h2').first()).toHaveText(firstHeading.replace(/[*_`]/g, ''));
    await expect(page.locator('main h1')).toHaveCount(1);

    await expect(page.getByText('Moving and organisation expert')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Need Help with Your Move?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute('href', '/quote');
    await expect(page.locator('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Back to Articles' }).first()).toHaveAttribute('href', '/articles');
  });

  test('carries the title suffix, description, keywords, canonical, share tags and Article + BreadcrumbList JSON-LD', async ({ page }) => {
    const article = articles.find((a) => a.updatedAt) ?? newest;
    await open(page, `/articles/${article.id}`);
    await expect(page).toHaveTitle(`${article.title} | Shiftly`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', article.excerpt);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', `${article.category}, moving tips, ${article.title}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/articles/${article.id}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/^https?:\/\/[^/]+\/_astro\/.+\.jpe?g$/);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    expect((await page.request.get(new URL(ogImage!).pathname)).status()).toBe(200);

    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    const graph = data['@graph'] as Array<Record<string, unknown>>;
    expect(graph.find((node) => node['@type'] === 'Article')).toMatchObject({
      headline: article.title,
      description: article.excerpt,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt ?? article.publishedAt,
      author: { '@type': 'Person', name: article.author },
      publisher: { '@type': 'Organization', name: 'Shiftly' },
      image: [ogImage],
    });
    const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ name: string; item: string; position: number }>;
    };
    expect(crumbs.itemListElement.map((crumb) => [crumb.position, crumb.name, new URL(crumb.item).pathname])).toEqual([
      [1, 'Home', '/'],
      [2, 'Articles', '/articles'],
      [3, article.title, `/articles/${article.id}`],
    ]);
  });

  test('related articles: same category only, never itself, newest first, at most two, each with Read article', async ({ page }) => {
    for (const article of articles) {
      await open(page, `/articles/${article.id}`);
      const expected = expectedRelated(articles, article);
      const links = page.locator('[data-related]').getByRole('link', { name: /^Read article/ });
      await expect(links, article.id).toHaveCount(expected.length);
      const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
      expect(hrefs, article.id).toEqual(expected.map((a) => `/articles/${a.id}`));
    }
  });

  test('below-the-fold images are lazy', async ({ page }) => {
    const withRelated = articles.find((article) => expectedRelated(articles, article).length > 0);
    test.skip(!withRelated, 'no article has a related one');
    await open(page, `/articles/${withRelated!.id}`);
    await expect(page.locator('[data-related] img').first()).toHaveAttribute('loading', 'lazy');
  });

  test("a link to a section shows its heading below the sticky header, though the blocks above it are laid out only as they're scrolled to", async ({
    page,
  }) => {
    const withSections = articles.find((article) => sectionTitles(article).length > 0);
    test.skip(!withSections, 'no article has a section heading');
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `/articles/${withSections!.id}`);
    const lastHeading = page.locator('[data-article-body] > h2[id]').last();
    const id = await lastHeading.getAttribute('id');
    expect(id).toBeTruthy();
    await open(page, `/articles/${withSections!.id}#${id}`);
    await expect(lastHeading).toBeInViewport();
    const header = (await page.locator('body > header').boundingBox())!;
    expect((await lastHeading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  test('on a phone the first paint leaves the closing sections and the footer for later; each renders once scrolled to or focused', async ({
    page,
  }) => {
    const screen = { width: 390, height: 844 };
    await page.setViewportSize(screen);
    const longest = [...articles].sort((a, b) => b.body.length - a.body.length)[0]!;
    await open(page, `/articles/${longest.id}`);
    const closing = page.locator('#article-cta-title');
    // Far below: well past the margin round the screen within which the browser lays content out ahead of the reader.
    test.skip(
      (await closing.boundingBox())!.y < 3 * screen.height,
      'no article is long enough to put its closing sections three screens down',
    );
    const footerLink = page.locator('body > footer').getByRole('link').first();
    expect(await rendered(page.locator('h1'))).toBe(true);
    expect(await rendered(closing)).toBe(false);
    expect(await rendered(footerLink)).toBe(false);

    await closing.scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(closing)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await footerLink.focus();
    await expect.poll(() => rendered(footerLink)).toBe(true);
    await expect(footerLink).toBeInViewport();
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
    await open(page, `/articles/${newest.id}`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => /notify/.test(url))).toBe(false);

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.locator('[data-notice="success"]')).toContainText('Link copied');
    expect(scripts.some((url) => /notify/.test(url))).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/articles/${newest.id}`);
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
    const article = articles.at(-1)!;
    await open(page, `/articles/${article.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
      .toBe(`${baseURL}/articles/${article.id}`);
    await expect(page.locator('[data-notice]')).toHaveCount(0);
  });
});

test('an unknown article id answers 302 to /articles; known ids are served', async ({ request, page }) => {
  const response = await request.get('/articles/no-such-article', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe('/articles');
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['strict-transport-security']).toContain('max-age=');

  expect((await request.get(`/articles/${newest.id}`, { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get('/articles', { maxRedirects: 0 })).status()).toBe(200);
  // The results page is only ever filled in by the Worker: its own address goes to the list, keeping a search.
  const template = await request.get('/articles/search?q=box', { maxRedirects: 0 });
  expect(template.status()).toBe(302);
  expect(template.headers()['location']).toMatch(/\/articles\?q=box$/);

  await page.goto('/articles/not-written-yet');
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moving & Storage Articles' })).toBeVisible();
});

test('the RSS feed lists the published articles newest first, each with its author and image', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
  expect(items.map((item) => new URL(/<link>([^<]+)<\/link>/.exec(item)![1]!).pathname)).toEqual(articles.map((a) => `/articles/${a.id}`));
  for (const [i, item] of items.entries()) {
    expect(item).toContain(`<dc:creator>${articles[i]!.author}</dc:creator>`);
    const image = /<media:content url="([^"]+)" medium="image" type="image\/jpeg" width="1200" height="630"\/>/.exec(item)?.[1];
    expect(image, articles[i]!.id).toBeTruthy();
    expect((await request.get(new URL(image!).pathname)).status()).toBe(200);
  }
});

test('the sitemap lists each published article with its last change as lastmod', async ({ request }) => {
  const xml = await (await request.get('/sitemap-0.xml')).text();
  const entries = new Map(
    [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [new URL(m[1]!).pathname, m[2]]),
  );
  const listed = [...entries.keys()].filter((path) => /^\/articles\/[^/]+$/.test(path));
  expect(listed.sort()).toEqual(articles.map((a) => `/articles/${a.id}`).sort());
  for (const article of articles)
    expect(entries.get(`/articles/${article.id}`)?.slice(0, 10)).toBe(article.updatedAt ?? article.publishedAt);
  expect(entries.has('/articles/search')).toBe(false);
});

test(`the home page shows the ${HOME_ARTICLE_COUNT} newest articles, newest first`, async ({ page }) => {
  await open(page, '/');
  const section = page.locator('[data-latest-articles]');
  const hrefs = await section.locator('h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(articles.slice(0, HOME_ARTICLE_COUNT).map((article) => `/articles/${article.id}`));
  await expect(section.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/articles');
  // The section sits just before the stats band.
  const next = await section.evaluate((el) => el.nextElementSibling?.getAttribute('aria-labelledby'));
  expect(next).toBe('stats-title');
});
