import { test, expect, open } from './fixtures';
import { carouselReviews } from '../../src/data/reviews';
import { press } from '../../src/data/press';
import { claimText, promo, ratingText } from '../../src/site.config';

test('home renders every section of the spec', async ({ page, consoleErrors }) => {
  await open(page, '/');
  await expect(page).toHaveTitle(/Shiftly/);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByText(`Rated ${ratingText}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Quote from £199' })).toHaveAttribute('href', '/quote');
  await expect(page.getByRole('region', { name: /First move/ }).or(page.locator('section[aria-labelledby="promo-title"]'))).toContainText(
    promo.code,
  );
  await expect(page.getByRole('heading', { name: /Booking the van should not be/ })).toBeVisible();
  // Issue 14: the press shows each publication's name as text, beside its headline; no drawn logos.
  const pressSection = page.locator('section[aria-labelledby="press-title"]');
  for (const item of press) {
    await expect(pressSection.getByText(item.headline)).toBeVisible();
    await expect(pressSection.locator('[data-press-source]', { hasText: item.source })).toBeVisible();
  }
  await expect(pressSection.locator('[aria-hidden="true"], svg, img')).toHaveCount(0);
  // Each figure reads as one phrase, in the wording of the site config.
  const stats = page.locator('section[aria-labelledby="stats-title"]');
  const phrases = (await stats.locator('li').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  expect(phrases).toEqual([claimText('moves'), claimText('vehicles'), claimText('team'), ratingText]);
  expect(consoleErrors).toEqual([]);
});

test('home carries business structured data with the aggregate rating', async ({ page }) => {
  await open(page, '/');
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json ?? '{}');
  expect(data['@type']).toBe('MovingCompany');
  expect(data.telephone).toBe('+442079460321');
  expect(data.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 2500 });
  expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '06:00', closes: '22:00' });
  expect(data.openingHoursSpecification[0].dayOfWeek).toHaveLength(7);
});

test.describe('review carousel', () => {
  const visibleReview = (page: import('@playwright/test').Page) => page.locator('[data-slide]:visible');

  test('shows one review with name, rating, duration, price and text', async ({ page }) => {
    await open(page, '/');
    await expect(visibleReview(page)).toHaveCount(1);
    const first = carouselReviews[0]!;
    await expect(visibleReview(page)).toContainText(first.name);
    await expect(visibleReview(page)).toContainText(first.duration);
    await expect(visibleReview(page)).toContainText(`£${first.price}`);
    await expect(visibleReview(page).getByRole('img', { name: `Rated ${first.rating} out of 5` })).toBeVisible();
  });

  test('previous from the first wraps to the last, next from the last wraps to the first', async ({ page }) => {
    await open(page, '/');
    const last = carouselReviews[carouselReviews.length - 1]!;
    await page.getByRole('button', { name: 'Previous review' }).click();
    await expect(visibleReview(page)).toContainText(last.name);
    await page.getByRole('button', { name: 'Next review' }).click();
    await expect(visibleReview(page)).toContainText(carouselReviews[0]!.name);
    for (let i = 1; i < carouselReviews.length; i++) await page.getByRole('button', { name: 'Next review' }).click();
    await expect(visibleReview(page)).toContainText(last.name);
    await page.getByRole('button', { name: 'Next review' }).click();
    await expect(visibleReview(page)).toContainText(carouselReviews[0]!.name);
  });

  test('dots jump to a review and mark it current; arrow keys move', async ({ page }) => {
    await open(page, '/');
    const third = carouselReviews[2]!;
    const dot = page.getByRole('button', { name: new RegExp(`Show review 3 of ${carouselReviews.length}`) });
    await dot.click();
    await expect(visibleReview(page)).toContainText(third.name);
    await expect(dot).toHaveAttribute('aria-current', 'true');
    await dot.focus();
    await page.keyboard.press('ArrowRight');
    await expect(visibleReview(page)).toContainText(carouselReviews[3]!.name);
    await page.keyboard.press('ArrowRight');
    await expect(visibleReview(page)).toContainText(carouselReviews[0]!.name);
    await page.keyboard.press('ArrowLeft');
    await expect(visibleReview(page)).toContainText(carouselReviews[3]!.name);
  });

  test('without JavaScript every review is readable', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    for (const review of carouselReviews) await expect(page.getByText(review.name)).toBeVisible();
    await context.close();
  });
});

test('SEO head: canonical, share tags and robots', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://shiftly.example/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://shiftly.example/og/shiftly-share.png');
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /#/);
  const share = await page.request.get('/og/shiftly-share.png');
  expect(share.status()).toBe(200);
  expect(share.headers()['content-type']).toBe('image/png');
});
