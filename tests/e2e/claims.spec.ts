/**
 * Issue 14, "one set of claims": every page in the sitemap (and the pages outside it) is read as a visitor reads it,
 * every <details> opened, with its title and description, and each kind of claim may appear only in the one wording
 * the site config gives it. A customer count, another number of moves, "500k+", a second rating, another list of the
 * nations we cover or an older "last updated" date fails with the page and the words.
 *
 * What editors write is theirs, not the company's (issue 17): an article's title, excerpt and body, on its page and
 * in every teaser, are left out, so "this law has applied since 2024" in an article is not a founding year.
 */
import type { Page } from '@playwright/test';
import { test, expect, sitemapPaths } from './fixtures';
import { claimLabels, claims, ratingText, site, type CountedClaim } from '../../src/site.config';
import { quoteHref } from '../../src/data/services';
import { packages } from '../../src/data/packages';
import { BALANCE, CARD_PAYMENTS, DEPOSIT } from '../../src/data/promises';
import { ceiling } from '../shared/load';

const PAGES_OUTSIDE_THE_SITEMAP = ['/404', '/login'];

interface Rule {
  what: string;
  /** Finds every statement of this kind of claim (global). */
  find: RegExp;
  /** The only wordings allowed; each match must be one of them. */
  allowed: readonly string[];
}

const count = String.raw`\b\d[\d,.]*\s*[kKmM]?\+?`;
const counted = (nouns: string) => new RegExp(String.raw`${count}\s+(?:${nouns})\b`, 'g');

const RULES: readonly Rule[] = [
  // 170,000+ are quotes and 15,000+ are moves: the site states no number of customers at all.
  { what: 'a customer count', find: counted('(?:happy |satisfied )?(?:customers|clients|households|families)'), allowed: [] },
  { what: 'a count of moves', find: counted('moves|removals'), allowed: [`${claims.moves} moves`] },
  { what: 'a count of quotes', find: counted('quotes|estimates'), allowed: [`${claims.quotes} quotes`] },
  {
    what: 'a count of vehicles',
    find: counted('vehicles|vans'),
    // A package's crew ('2 vans, 4 movers', src/data/packages.ts) is one move's vans, not the fleet.
    allowed: [`${claims.vehicles} vehicles`, ...packages.flatMap((p) => /\d+ vans\b/.exec(p.crew) ?? [])],
  },
  { what: 'a team size', find: counted('people|staff|employees'), allowed: [`${claims.team} people`] },
  { what: 'a count of drivers', find: counted('drivers'), allowed: [`${claims.drivers.applicants} drivers`] },
  { what: 'a count of reviews', find: counted('reviews|ratings'), allowed: [`${claims.reviewCount} reviews`] },
  { what: 'a rating out of 5', find: /\b\d(?:\.\d)?\s*\/\s*5\b(?: from [\d,+]+ reviews)?/g, allowed: [ratingText] },
  {
    what: 'a score out of 5',
    find: /\b\d(?:\.\d)?\s+out of (?:5|five)\b/g,
    allowed: [`${claims.surveyScore} out of 5`, `${claims.drivers.rating} out of 5`],
  },
  {
    what: 'a satisfaction figure',
    find: /\b\d+%\s+(?:customer\s+)?satisfaction|\b\d+% of customers/g,
    allowed: [`${claims.satisfaction} of customers`],
  },
  { what: 'a founding year', find: /\b(?:since|founded in|started in)\s+\d{4}\b/g, allowed: [`since ${claims.since}`] },
  { what: 'an abbreviated count', find: /\b\d+(?:\.\d+)?\s?[kKmM]\+/g, allowed: [] },
  {
    what: 'a headline figure',
    find: /\b\d{1,3}(?:,\d{3})+\+|\b\d{3,}\+/g,
    allowed: [claims.moves, claims.quotes, claims.vehicles, claims.team, claims.reviewCount, claims.drivers.applicants],
  },
  {
    what: 'the nations we cover',
    find: /\b(?:England|Scotland|Wales|Northern Ireland)(?:,\s*(?:England|Scotland|Wales|Northern Ireland))+,?\s+(?:and|&)\s+(?:England|Scotland|Wales|Northern Ireland)\b/g,
    allowed: [site.coverage],
  },
  { what: 'a narrower coverage', find: /\bmainland (?:Britain|UK)\b|\bGreat Britain\b|\bexcept Northern Ireland\b/gi, allowed: [] },
  {
    what: 'a "last updated" date',
    find: /\bLast updated \d{1,2} [A-Z][a-z]+ \d{4}/g,
    allowed: [`Last updated ${longDate(site.policiesUpdated)}`],
  },
];

/** Each counted figure is always followed by the label the config gives it ("15,000+ moves completed"). */
const COUNTED: readonly CountedClaim[] = ['moves', 'quotes', 'vehicles', 'team'];

function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );
}

/** Where articles' own words appear: the body, the excerpt, related articles and every teaser card. */
const EDITORIAL = ['[data-article-body]', '[data-excerpt]', '[data-related] li', 'li > article'];
const isArticlePage = (path: string) => /^\/articles\/[^/]+$/.test(path) && !path.startsWith('/articles/page');

/** The page as a visitor reads it (every disclosure opened), plus its title and description, on one line; editors' words left out. */
async function readableText(page: Page, path: string): Promise<string> {
  return page.evaluate(
    ({ editorial, articlePage }) => {
      for (const details of document.querySelectorAll('details')) details.open = true;
      for (const element of document.querySelectorAll(editorial.join(','))) element.remove();
      // An article page's title, description and heading are the article's title and excerpt.
      if (articlePage) document.querySelector('main h1')?.remove();
      const description = articlePage ? '' : (document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');
      return `${articlePage ? '' : document.title}\n${description}\n${document.body.innerText}`.replace(/\s+/g, ' ');
    },
    { editorial: EDITORIAL, articlePage: isArticlePage(path) },
  );
}

test('every page says each claim only in its one wording (issue 14)', async ({ page }) => {
  test.setTimeout(ceiling(120_000));
  const paths = [...(await sitemapPaths(page)), ...PAGES_OUTSIDE_THE_SITEMAP];
  expect(paths.length).toBeGreaterThan(25);
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const path of paths) {
    await page.goto(path);
    const text = await readableText(page, path);
    for (const rule of RULES) {
      for (const match of text.matchAll(rule.find)) {
        const said = match[0].trim();
        if (rule.allowed.includes(said)) seen.set(said, (seen.get(said) ?? 0) + 1);
        else problems.push(`${path}: ${rule.what} "${said}" (allowed: ${rule.allowed.map((a) => `"${a}"`).join(', ') || 'none'})`);
      }
    }
    for (const key of COUNTED) {
      // Not inside a longer figure: "500+" is not the tail of "2,500+".
      for (const match of text.matchAll(new RegExp(`(?<![\\d,.])${claims[key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\s)`, 'g'))) {
        const after = text.slice(match.index + match[0].length + 1, match.index + match[0].length + 1 + claimLabels[key].length);
        if (after !== claimLabels[key])
          problems.push(`${path}: "${claims[key]} ${after}…" should read "${claims[key]} ${claimLabels[key]}"`);
      }
    }
  }
  expect(problems).toEqual([]);
  // The rules can fail: each claim is on the site, found by its rule.
  for (const wording of [`${claims.moves} moves`, `${claims.quotes} quotes`, `${claims.team} people`, ratingText, site.coverage]) {
    expect(seen.get(wording), `"${wording}" appears somewhere`).toBeGreaterThan(0);
  }
  expect(seen.get(`Last updated ${longDate(site.policiesUpdated)}`), 'the four policy pages carry the date').toBe(4);
});

test('the policy pages show the one "last updated" date from the site config, never a future one', async ({ page }) => {
  expect(site.policiesUpdated <= new Date().toISOString().slice(0, 10)).toBe(true);
  for (const path of ['/privacy-policy', '/terms-and-conditions', '/cookies', '/safety']) {
    await page.goto(path);
    const time = page.locator('[data-last-updated] time');
    await expect(time).toHaveAttribute('datetime', site.policiesUpdated);
    await expect(time).toHaveText(longDate(site.policiesUpdated));
  }
});

test('coverage: the FAQ and About name all four nations, as the quote accepts Northern Ireland (BT) postcodes', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('[data-faq-list]')).toContainText(site.coverage);
  await page.goto('/about');
  await expect(page.locator('main')).toContainText(site.coverage);
});

test('storage is findable from the header and described honestly where it leads', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('navigation', { name: 'Main' }).locator('a', { hasText: 'Storage' });
  await page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: 'Services' }).click();
  await link.click();
  await page.waitForURL('**/services/home-removals#storage');
  const section = page.locator('#storage');
  await expect(section).toBeInViewport();
  await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(section).toContainText('Priced by the week, on request');
  await expect(section.getByRole('link', { name: 'Start my quote' })).toHaveAttribute('href', quoteHref('storage'));
});

test('the terms match how payment works (issue 34): a card deposit books the move, the balance is due before it', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  const main = page.locator('main');
  for (const words of [DEPOSIT, BALANCE, CARD_PAYMENTS]) await expect(main).toContainText(words);
  await expect(main).toContainText('usually 25% of the price');
  await expect(main).toContainText('the balance, is due 7 days before your move');
  // What cancelling costs comes out of what was paid, and the rest goes back to the card (src/lib/cancellation-fee.ts).
  await expect(main).toContainText('the rest goes back to your card, and nothing more is taken');
  await expect(main).not.toContainText(/no deposit|never take a deposit|after the move/i);
});
