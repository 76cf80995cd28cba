/**
 * The Help Centre's search (spec: case-insensitive on questions and answers, empty categories hidden, its no-match
 * lines; one question open at a time, all can be closed). Without JavaScript it is a GET form the Worker answers
 * (functions/pages/faq-page.ts); with it, a small script loaded on the box's first focus filters as the reader types.
 */
import type { Page } from '@playwright/test';
import { test, expect, open, axeViolations } from './fixtures';
import { faqCategories } from '../../src/data/faqs';

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search FAQs' });
/** The questions a reader can see. */
const questions = (page: Page) => page.locator('[data-faq-list] summary:visible');
const categoryTitles = (page: Page) => page.locator('[data-faq-list] h2:visible');
const topics = (page: Page) => page.getByRole('navigation', { name: 'FAQ categories' }).getByRole('link');
const total = faqCategories.reduce((sum, category) => sum + category.items.length, 0);
const REACT = /__REACT_DEVTOOLS_GLOBAL_HOOK__|react\.transitional\.element/;

test('search is case-insensitive over questions and answers and hides empty categories', async ({ page }) => {
  await open(page, '/faq');
  await expect(search(page)).toHaveAttribute('placeholder', 'Search FAQs...');
  await expect(questions(page)).toHaveCount(total);

  const target = faqCategories[2]!.items[0]!;
  await search(page).fill(target.question.toUpperCase());
  await expect(questions(page)).toHaveCount(1);
  await expect(questions(page).first()).toHaveText(target.question);
  await expect(categoryTitles(page)).toHaveText([faqCategories[2]!.title]);
  await expect(page.getByRole('status').filter({ hasText: 'question matches' })).toHaveText(
    `1 question matches “${target.question.toUpperCase()}”`,
  );

  // A phrase found only in an answer still finds its question.
  const answerPhrase = faqCategories[0]!.items[1]!.answer.split(' ').slice(2, 5).join(' ');
  await search(page).fill(answerPhrase.toLowerCase());
  await expect(page.locator('[data-faq-list]')).toContainText(faqCategories[0]!.items[1]!.question);

  await search(page).fill('');
  await expect(questions(page)).toHaveCount(total);
});

test('no match: every topic stays to browse, and choosing one shows its questions', async ({ page }) => {
  await open(page, '/faq');
  await search(page).fill('hovercraft');
  await expect(page.getByText('Try a different search term or browse all categories above.')).toBeVisible();
  await expect(topics(page)).toHaveText(faqCategories.map((category) => category.title));
  const category = faqCategories[1]!;
  await topics(page).filter({ hasText: category.title }).click();
  await expect(page).toHaveURL((url) => url.hash === `#${category.id}`);
  await expect(page.getByRole('heading', { level: 2, name: category.title })).toBeInViewport();
  await expect(questions(page)).toHaveCount(total);
  await expect(search(page)).toHaveValue('');
});

test('no match: the spec texts, and clearing brings every question back', async ({ page }) => {
  await open(page, '/faq');
  await search(page).fill('hovercraft');
  await expect(page.getByText('No FAQs found matching "hovercraft"')).toBeVisible();
  await expect(page.getByText('Try a different search term or browse all categories above.')).toBeVisible();
  await expect(questions(page)).toHaveCount(0);
  await expect(categoryTitles(page)).toHaveCount(0);
  await search(page).fill('');
  await expect(page.locator('[data-faq-empty]')).toBeHidden();
  await expect(questions(page)).toHaveCount(total);
});

test('one question open at a time among the results, and all can be closed', async ({ page }) => {
  await open(page, '/faq');
  await search(page).fill('e');
  const shown = questions(page);
  await shown.nth(0).click();
  await shown.nth(1).click();
  await expect(page.locator('[data-faq-list] details[open]')).toHaveCount(1);
  await shown.nth(1).click();
  await expect(page.locator('[data-faq-list] details[open]')).toHaveCount(0);
});

test.describe('what /faq downloads', () => {
  test('nothing but the page until the search box takes focus, then a small script and never React', async ({ page }) => {
    const scripts: Array<{ url: string; body: string }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    await open(page, '/faq');
    await page.waitForLoadState('networkidle');
    // A returning visitor (consent stored): no script file at all on load.
    expect(scripts.map((s) => s.url)).toEqual([]);
    await search(page).focus();
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    await search(page).fill('insurance');
    await expect(questions(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.map((s) => new URL(s.url).pathname)).toEqual([expect.stringMatching(/^\/_astro\/faq-search\.[\w-]+\.js$/)]);
    expect(scripts.some((s) => REACT.test(s.body))).toBe(false);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the questions are all there, and the search is a form the Worker answers', async ({ page }) => {
    await page.goto('/faq');
    await expect(questions(page)).toHaveCount(total);
    const target = faqCategories[1]!.items[2]!;
    await search(page).fill(target.question.toLowerCase());
    await search(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/faq' && url.searchParams.get('q') === target.question.toLowerCase());
    await expect(questions(page)).toHaveText([target.question]);
    await expect(categoryTitles(page)).toHaveText([faqCategories[1]!.title]);
    await expect(search(page)).toHaveValue(target.question.toLowerCase());
    // The answer opens and closes as any other.
    await questions(page).first().click();
    await expect(page.getByText(target.answer)).toBeVisible();
    await questions(page).first().click();
    await expect(page.getByText(target.answer)).toBeHidden();

    // An answer's words find their question, whatever the case.
    const phrase = faqCategories[2]!.items[1]!.answer.split(' ').slice(4, 7).join(' ').toUpperCase();
    await search(page).fill(phrase);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('[data-faq-list]')).toContainText(faqCategories[2]!.items[1]!.question);

    await search(page).fill('hovercraft');
    await search(page).press('Enter');
    await expect(page.getByText('No FAQs found matching "hovercraft"')).toBeVisible();
    await expect(page.getByText('Try a different search term or browse all categories above.')).toBeVisible();
    await expect(questions(page)).toHaveCount(0);
    // The topics lead to the whole list, at their category.
    await topics(page).filter({ hasText: faqCategories[2]!.title }).click();
    await page.waitForURL((url) => url.pathname === '/faq' && !url.search && url.hash === `#${faqCategories[2]!.id}`);
    await expect(questions(page)).toHaveCount(total);

    // An empty search is every question again.
    await search(page).fill('hovercraft');
    await search(page).press('Enter');
    await expect(questions(page)).toHaveCount(0);
    await search(page).fill('');
    await search(page).press('Enter');
    await expect(questions(page)).toHaveCount(total);
    await expect(page.locator('[data-faq-empty]')).toBeHidden();
  });

  test('one question open at a time, and all can be closed', async ({ page }) => {
    await page.goto('/faq');
    await questions(page).nth(0).click();
    await questions(page).nth(4).click();
    await expect(page.locator('[data-faq-list] details[open]')).toHaveCount(1);
    await questions(page).nth(4).click();
    await expect(page.locator('[data-faq-list] details[open]')).toHaveCount(0);
  });
});

test('a search link opened with JavaScript shows the same results, and typing carries on from them', async ({ page }) => {
  const target = faqCategories[0]!.items[0]!;
  await open(page, `/faq?q=${encodeURIComponent(target.question)}`);
  await expect(questions(page)).toHaveText([target.question]);
  await expect(search(page)).toHaveValue(target.question);
  await search(page).fill('');
  await expect(questions(page)).toHaveCount(total);
});

test('any term is answered with the page, shown as text, never as markup', async ({ request, browser }) => {
  const hostile = '<script>alert(1)</script>"><b>x';
  const response = await request.get(`/faq?q=${encodeURIComponent(hostile)}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(response.headers()['content-security-policy']).toBeTruthy();
  expect(await response.text()).not.toContain(hostile);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto(`/faq?q=${encodeURIComponent(hostile)}`);
  await expect(page.getByText(`No FAQs found matching "${hostile}"`)).toBeVisible();
  await expect(search(page)).toHaveValue(hostile);
  await expect(page.locator('main b')).toHaveCount(0);
  await noScript.close();
  // A term longer than the box takes is cut to its length, not refused.
  const long = await request.get(`/faq?q=${'a'.repeat(5000)}`);
  expect(long.status()).toBe(200);
  expect(await long.text()).toContain(`value="${'a'.repeat(100)}"`);
  // Without a term the Worker leaves /faq to the asset server: the prebuilt page as it is.
  const plain = await request.get('/faq');
  expect(plain.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
});

test('axe finds no violations with a search and with the empty state', async ({ page }) => {
  await open(page, '/faq');
  await search(page).fill('insurance');
  await expect(questions(page).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await search(page).fill('hovercraft');
  await expect(page.locator('[data-faq-empty]')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('axe on the page the Worker answered', () => {
  // The page's scripts are not fetched, so what axe sees is the Worker's answer as a browser without them shows it.
  // (With JavaScript switched off altogether, axe itself never finishes on this long page: seen here, not on shorter ones.)
  test('finds no violations on a search the Worker answered', async ({ page }) => {
    await page.route(/\.m?js(\?.*)?$/, (route) => route.abort());
    await page.goto('/faq?q=hovercraft');
    await expect(page.locator('[data-faq-empty]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
