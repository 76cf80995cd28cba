import { describe, expect, it } from 'vitest';
import { claims, promo, quoteFromPrice, site } from '~/site.config';
import { FREE_MILES, findPackage, packages } from '~/data/packages';
import { findFurniture, furniture } from '~/data/furniture';
import { carouselReviews } from '~/data/launch-content';
import { footerGroups, headerGroups, legalLinks } from '~/data/navigation';

describe('site config', () => {
  it('holds the brand placeholders of DEVELOPERS.md', () => {
    expect(site.brand).toBe('Shiftly');
    expect(site.phone.display).toBe('020 7946 0321');
    expect(site.phone.tel).toBe('+442079460321');
    expect(site.email).toBe('hello@shiftly.example');
    expect(site.defaultUrl).toBe('https://shiftly.example');
  });

  it('states the marketing claims of spec section 1, reconciled into one set (issue 14)', () => {
    expect(claims).toMatchObject({
      since: '2020',
      moves: '15,000+',
      quotes: '170,000+',
      vehicles: '500+',
      team: '200+',
      rating: '4.9',
      reviewCount: '2,500+',
      surveyScore: '4.8',
      completionRate: '99%',
      satisfaction: '99%',
    });
    // Issue 30: no round-the-clock claim, as no line is open round the clock (src/data/promises.ts has the hours).
    expect(JSON.stringify(claims)).not.toContain('24/7');
    // No customer count: 170,000+ are quotes, and the spec's "500k+ customers" cannot stand beside 15,000+ moves.
    expect(JSON.stringify(claims)).not.toMatch(/customers|500k/);
    expect(claims.since).toBe(String(site.foundedYear));
    expect(claims.ratingValue).toBe(Number(claims.rating));
    expect(claims.drivers).toEqual({
      averageHourly: '£25',
      hourlyRange: '£15-30',
      topWeekly: 'over £1,000',
      applicants: '10,000+',
      rating: '4.8',
    });
    expect(promo.code).toBe('FIRSTMOVE10');
    expect(promo.percentOff).toBe(10);
    expect(quoteFromPrice).toBe(199);
  });
});

describe('packages table', () => {
  it('has the four spec packages with their base prices, in order', () => {
    expect(packages.map((p) => [p.id, p.title, p.basePrice])).toEqual([
      ['mini', 'Mini Move', 199],
      ['studio', '1 bedroom / Studio', 349],
      ['two-bed', '2 bedrooms', 599],
      ['three-bed', '3 bedrooms', 1099],
    ]);
  });

  it('gives each package boxes, vans and movers as the spec notes them, and 25 free miles', () => {
    expect(packages.map((p) => [p.maxBoxes, p.crew])).toEqual([
      ['Max 10 boxes', '1 van, 2 movers'],
      ['Max 30 boxes', '1 van, 2 movers'],
      ['Max 50 boxes', '1 van, 3 movers'],
      ['Max 75 boxes', '2 vans, 4 movers'],
    ]);
    expect(packages.map((p) => [p.vans, p.movers])).toEqual([
      [1, 2],
      [1, 2],
      [1, 3],
      [2, 4],
    ]);
    expect(findPackage('mini')!.details).toContain('Up to 2 hrs');
    expect(FREE_MILES).toBe(25);
    for (const p of packages) {
      expect(p.miles).toContain('25 miles');
      expect(p.details.length).toBeGreaterThanOrEqual(2);
    }
    expect(findPackage('castle')).toBeUndefined();
  });
});

describe('furniture table', () => {
  it('has the nine spec items with prices and categories', () => {
    expect(furniture.map((f) => [f.id, f.name, f.price, f.category])).toEqual([
      ['wardrobe', 'Wardrobe', 65, 'bedroom'],
      ['double-wardrobe', 'Double wardrobe', 125, 'bedroom'],
      ['office-desk', 'Office desk', 62, 'office'],
      ['dining-table', 'Dining table', 62, 'dining'],
      ['single-bed', 'Single bed', 47, 'bedroom'],
      ['double-bed', 'Double or King bed', 77, 'bedroom'],
      ['tv-stand', 'TV Stand', 69, 'living'],
      ['bookcase', 'Bookcase', 85, 'office'],
      ['sofa', 'Sofa', 225, 'living'],
    ]);
    expect(new Set(furniture.map((f) => f.id)).size).toBe(furniture.length);
    expect(findFurniture('piano')).toBeUndefined();
  });
});

describe('display data', () => {
  it('has four carousel reviews, each with name, rating 1-5, duration, price and text', () => {
    expect(carouselReviews).toHaveLength(4);
    for (const review of carouselReviews) {
      expect(review.name).not.toBe('');
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.duration).toMatch(/\d/);
      expect(review.price).toBeGreaterThan(0);
      expect(review.text.length).toBeGreaterThan(40);
    }
  });

  it('navigation links are site-relative and unique within each list', () => {
    for (const list of [...headerGroups, ...footerGroups].map((g) => g.links).concat([legalLinks])) {
      const hrefs = list.map((l) => l.href);
      expect(new Set(hrefs).size).toBe(hrefs.length);
      for (const href of hrefs) expect(href).toMatch(/^\/[a-z-/]*(#[a-z-]+)?$/);
    }
  });
});
