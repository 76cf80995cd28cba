import { test, expect, open } from './fixtures';
import { carouselReviews, isSourced, press, shownPress } from '../../src/data/launch-content';
import { openingHours } from '../../src/data/promises';
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
  // Issue 30: only a press mention with a source is shown, so no invented publication appears, nor the section without one.
  const pressSection = page.locator('section[aria-labelledby="press-title"]');
  await expect(pressSection).toHaveCount(shownPress.length > 0 ? 1 : 0);
  for (const item of press.filter((p) => !isSourced(p))) await expect(page.getByText(item.publication)).toHaveCount(0);
  // Issue 14: each publication's name as text, beside its headline (linked to the article); no drawn logos.
  for (const item of shownPress) {
    await expect(pressSection.getByRole('link', { name: item.headline })).toHaveAttribute('href', item.source!);
    await expect(pressSection.locator('[data-press-source]', { hasText: item.publication })).toBeVisible();
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
  // Issue 30: the hours the phone and e-mail keep, not a third set: weekdays 7 to 10, weekends 8 to 8.
  expect(data.openingHoursSpecification).toEqual([
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '07:00',
      closes: '22:00',
    },
    { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday', 'Sunday'], opens: '08:00', closes: '20:00' },
  ]);
  expect(openingHours.flatMap((h) => h.days)).toHaveLength(7);
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
