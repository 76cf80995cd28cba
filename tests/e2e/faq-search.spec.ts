import { test, expect, open, axeViolations } from './fixtures';
import { faqCategories } from '../../src/data/faqs';

const search = (page: import('@playwright/test').Page) => page.getByRole('searchbox', { name: 'Search FAQs' });
const questions = (page: import('@playwright/test').Page) => page.locator('[data-faq-list] summary');

test('search is case-insensitive over questions and answers and hides empty categories', async ({ page }) => {
  await open(page, '/faq');
  await expect(search(page)).toHaveAttribute('placeholder', 'Search FAQs...');
  await expect(questions(page)).toHaveCount(9);

  const target = faqCategories[2]!.items[0]!;
  await search(page).fill(target.question.toUpperCase());
  await expect(questions(page)).toHaveCount(1);
  await expect(questions(page).first()).toHaveText(target.question);
  await expect(page.locator('[data-faq-list] h2')).toHaveText([faqCategories[2]!.title]);

  // A phrase found only in an answer still finds its question.
  const answerPhrase = faqCategories[0]!.items[1]!.answer.split(' ').slice(2, 5).join(' ');
  await search(page).fill(answerPhrase.toLowerCase());
  await expect(page.locator('[data-faq-list]')).toContainText(faqCategories[0]!.items[1]!.question);

  await search(page).fill('');
  await expect(questions(page)).toHaveCount(9);
});

test('no match: the spec texts, and clearing brings every question back', async ({ page }) => {
  await open(page, '/faq');
  await search(page).fill('hovercraft');
  await expect(page.getByText('No FAQs found matching "hovercraft"')).toBeVisible();
  await expect(page.getByText('Try a different search term or browse all categories above.')).toBeVisible();
  await expect(questions(page)).toHaveCount(0);
  await search(page).fill('');
  await expect(page.locator('[data-faq-empty]')).toHaveCount(0);
  await expect(questions(page)).toHaveCount(9);
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

test('without JavaScript there is no dead search box and the full list works', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page.locator('[data-faq-list] summary')).toHaveCount(9);
  await context.close();
});

test('axe finds no violations with a search and with the empty state', async ({ page }) => {
  await open(page, '/faq');
  await search(page).fill('insurance');
  expect(await axeViolations(page)).toEqual([]);
  await search(page).fill('hovercraft');
  expect(await axeViolations(page)).toEqual([]);
});
