/**
 * Issue 17 at scale, in a real build: a copy of the site (tests/build/shared-build.ts) with twenty more articles, a
 * draft, one dated on the build's day and one the day after, built with a fixed "today" (ARTICLES_TODAY). What a reader
 * can reach (pages, the list's pages, home, feed, sitemap, the search index) is exactly what the files publish on that
 * day, in the spec's order; the build prints no warnings. Then the copy is served by the Worker to check that search
 * results have their own pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../scripts/lib/project-copy.mjs';
import { startSite, type StartedSite } from '../../scripts/lib/start-site.mjs';
import { ARTICLES_PER_PAGE, HOME_ARTICLE_COUNT, listPagePath } from '~/lib/articles';
import { articleCategories } from '~/data/article-categories';
import { expectedMatches, publishedArticles, type ExpectedArticle } from '../shared/article-collection';
import { FIXTURE_TODAY as TODAY, HIDDEN, sharedBuild } from './shared-build';

let copy: string;
let build: RunResult;
let expected: ExpectedArticle[];
const read = (path: string) => readFileSync(join(copy, 'dist/client', path), 'utf8');
const cardIds = (html: string) => [...html.matchAll(/<li data-article="([^"]+)"/g)].map((m) => m[1]);
const pages = () => Math.ceil(expected.length / ARTICLES_PER_PAGE);
const listFile = (n: number) => (n === 1 ? 'articles.html' : `articles/page/${n}.html`);

beforeAll(async () => {
  ({ copy, build } = await sharedBuild());
  expected = publishedArticles(TODAY, copy);
});

describe('a build on a fixed day', () => {
  it('succeeds and prints no warnings', () => {
    expect(build.status, build.output.slice(-3000)).toBe(0);
    expect(build.output).not.toMatch(/\[WARN\]|warning/i);
  });

  it('publishes the article dated today and keeps the draft and the one dated tomorrow out', () => {
    expect(expected.map((a) => a.id)).toContain('due-today');
    for (const id of HIDDEN) expect(expected.map((a) => a.id)).not.toContain(id);
    expect(existsSync(join(copy, 'dist/client/articles/due-today.html'))).toBe(true);
    for (const id of HIDDEN) {
      expect(existsSync(join(copy, `dist/client/articles/${id}.html`)), id).toBe(false);
      for (const file of ['rss.xml', 'sitemap-0.xml', 'articles/search.json', 'index.html', 'articles.html'])
        expect(read(file), `${id} in ${file}`).not.toContain(id);
    }
  });

  it('lists every published article once, newest first, across the pages of /articles, each with canonical and prev/next', () => {
    expect(pages()).toBeGreaterThan(2);
    const seen: string[] = [];
    for (let n = 1; n <= pages(); n++) {
      const html = read(listFile(n));
      const ids = cardIds(html);
      expect(ids.length).toBeLessThanOrEqual(ARTICLES_PER_PAGE);
      seen.push(...(ids as string[]));
      expect(html).toContain(`<link rel="canonical" href="https://shiftly.example${listPagePath(n)}">`);
      expect(html.includes(`<link rel="prev" href="${listPagePath(n - 1)}">`)).toBe(n > 1);
      expect(html.includes(`<link rel="next" href="${listPagePath(n + 1)}">`)).toBe(n < pages());
      expect(html.includes('id="featured-title"')).toBe(n === 1);
      expect(html).toContain(`aria-current="page"`);
    }
    expect(seen).toEqual(expected.map((a) => a.id));
    expect(existsSync(join(copy, 'dist/client', listFile(pages() + 1)))).toBe(false);
  });

  it('home shows the newest three, the feed and the search index list them all in order', () => {
    const homeLinks = [...read('index.html').matchAll(/<h3[^>]*><a href="\/articles\/([^"]+)"/g)].map((m) => m[1]);
    expect(homeLinks).toEqual(expected.slice(0, HOME_ARTICLE_COUNT).map((a) => a.id));
    const feed = [...read('rss.xml').matchAll(/<link>[^<]*\/articles\/([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(feed).toEqual(expected.map((a) => a.id));
    expect((JSON.parse(read('articles/search.json')) as Array<{ id: string }>).map((entry) => entry.id)).toEqual(expected.map((a) => a.id));
  });

  it("gives the sitemap each article's last change", () => {
    expect(read('sitemap-0.xml')).toContain('<loc>https://shiftly.example/articles/revised</loc><lastmod>2030-04-02');
    expect(read('sitemap-0.xml')).toContain('<loc>https://shiftly.example/articles/due-today</loc><lastmod>2030-06-15');
    expect(read('sitemap-0.xml')).toContain('<loc>https://shiftly.example/articles/unquoted-dates</loc><lastmod>2030-04-05');
  });

  it('publishes an article whose dates are written without quotes, on those days', () => {
    const page = read('articles/unquoted-dates.html');
    expect(page).toContain('<time datetime="2030-03-03" data-published>3 March 2030</time>');
    expect(page).toMatch(/<time datetime="2030-04-05" data-updated>\s*5 April 2030/);
  });
});

describe('search across pages, answered by the Worker', () => {
  let site: StartedSite;
  beforeAll(async () => {
    site = await startSite({ cwd: copy, state: '.wrangler/publication-test-state', env: { ARTICLES_TODAY: TODAY } });
  });
  afterAll(() => site?.stop());

  const get = async (path: string) => (await fetch(site.url + path)).text();

  it('pages the results, with Previous and Next keeping the search', async () => {
    const matches = expectedMatches(expected, 'fixture');
    expect(matches.length).toBeGreaterThan(ARTICLES_PER_PAGE);
    const second = await get('/articles?q=fixture&page=2');
    expect(cardIds(second)).toEqual(matches.slice(ARTICLES_PER_PAGE, 2 * ARTICLES_PER_PAGE).map((a) => a.id));
    expect(second).toMatch(/<a href="\/articles\?q=fixture" data-show="prev" rel="prev"/);
    const last = Math.ceil(matches.length / ARTICLES_PER_PAGE);
    expect(/href="\/articles\?q=fixture&(?:amp;)?page=3" data-show="next"/.test(second)).toBe(last > 2);
    expect(second).toContain(`${matches.length} articles, page 2 of ${last}`);
    // A page past the end shows the last one.
    expect(cardIds(await get('/articles?q=fixture&page=99'))).toEqual(matches.slice((last - 1) * ARTICLES_PER_PAGE).map((a) => a.id));
  });

  it('filters by category in any case, and never shows what the build left out', async () => {
    const category = articleCategories[1]!;
    const html = await get(`/articles?category=${encodeURIComponent(category.toUpperCase())}`);
    expect(cardIds(html)).toEqual(
      expectedMatches(expected, '', category)
        .slice(0, ARTICLES_PER_PAGE)
        .map((a) => a.id),
    );
    expect(await get('/articles?q=draft-notes')).toContain('No articles found matching your criteria.');
  });
});
