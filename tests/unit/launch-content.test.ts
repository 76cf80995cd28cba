/**
 * Issue 30, item 12: launch content with sources. Every fact of src/data/launch-content.ts says where it comes from or
 * what it still needs; `npm run launch-check` lists what is missing and fails until nothing is; no sample review states
 * a price the spec's price rules could not give.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  carouselReviews,
  isSourced,
  launchItems,
  launchReport,
  moreReviews,
  partnerRetailers,
  press,
  shownPartners,
  shownPress,
  type LaunchItem,
} from '~/data/launch-content';
import { furniture } from '~/data/furniture';
import { packages } from '~/data/packages';
import { calculatePricing } from '~/lib/pricing';

const reviews = [...carouselReviews, ...moreReviews];

describe('every fact has a source or says what it needs', () => {
  it('each item carries a non-empty source, or needsSource with what would do', () => {
    const items = launchItems();
    expect(items.length).toBeGreaterThan(0);
    for (const { item, provenance } of items) {
      if (isSourced(provenance)) expect(provenance.needsSource, item).toBeUndefined();
      else expect(provenance.needed?.trim(), item).toBeTruthy();
    }
    expect(new Set(items.map((i) => i.item)).size).toBe(items.length);
  });

  it('a blank source is no source', () => {
    expect(isSourced({ source: ' ' })).toBe(false);
    expect(isSourced({ source: 'https://example.org/article' })).toBe(true);
    expect(isSourced({ needsSource: true, needed: 'x' })).toBe(false);
  });

  it('shows a press mention or a partner only with a source: none of today’s invented ones', () => {
    expect(shownPress).toEqual(press.filter(isSourced));
    expect(shownPartners).toEqual(partnerRetailers.filter(isSourced));
    // The examples: publications and retailers made up for the demo.
    for (const invented of ['The Property Ledger', 'Northern Business Weekly']) {
      expect(press.find((p) => p.publication === invented)?.needsSource).toBe(true);
      expect(shownPress.map((p) => p.publication)).not.toContain(invented);
    }
    expect(shownPartners).toEqual([]);
  });

  it('sample reviews stay labelled, unverified, and wait for real ones', () => {
    for (const review of reviews) {
      expect(review.sample, review.id).toBe(true);
      expect(review.verified, review.id).toBe(false);
      expect(review.needsSource, review.id).toBe(true);
    }
  });
});

describe('npm run launch-check', () => {
  it('lists every item still needing a source, with its file and what is needed, and exits 1', () => {
    let status = 0;
    let output = '';
    try {
      execFileSync(process.execPath, ['scripts/launch-check.mjs'], { encoding: 'utf8' });
    } catch (error) {
      ({ status, stdout: output } = error as { status: number; stdout: string });
    }
    expect(status).toBe(1);
    const waiting = launchItems().filter((i) => !isSourced(i.provenance));
    expect(waiting.length).toBeGreaterThan(0);
    for (const { item, provenance } of waiting)
      expect(output).toContain(`src/data/launch-content.ts: ${item}\n  needs ${provenance.needed}`);
    expect(output).toContain('press: The Property Ledger');
    expect(output).toContain('partnerRetailers: ');
  });

  it('is ready once every item has a source', () => {
    const items: LaunchItem[] = [
      { item: 'claim', provenance: { source: 'https://example.org/records.pdf' } },
      { item: 'press', provenance: { source: 'Board minutes, 3 March 2027' } },
    ];
    expect(launchReport(items)).toEqual({ ready: true, lines: ['launch-check: all 2 items in src/data/launch-content.ts have a source.'] });
    expect(launchReport([...items, { item: 'partner: X', provenance: { needsSource: true, needed: 'a contract' } }])).toEqual({
      ready: false,
      lines: [
        'launch-check: 1 of 3 items still need a real source before launch.',
        'src/data/launch-content.ts: partner: X\n  needs a contract',
      ],
    });
  });
});

describe('sample review prices', () => {
  /**
   * A price the spec's rules can give: a package's base, its weekend surcharge or none, any set of furniture items and
   * a distance charge (whole pounds: any number of them, from the right distance). The lowest is the Mini Move's £199.
   */
  function ruleMaking(price: number): { propertyId: string; weekend: boolean; furnitureIds: string[]; miles: number } | null {
    for (const pkg of packages) {
      for (const weekend of [false, true]) {
        for (let mask = 0; mask < 1 << furniture.length; mask++) {
          const furnitureIds = furniture.filter((_, i) => mask & (1 << i)).map((f) => f.id);
          // Spec section 9: base + 15 % of the base (rounded) on a weekend + the furniture's prices.
          const fixed =
            pkg.basePrice +
            (weekend ? Math.round(pkg.basePrice * 0.15) : 0) +
            furniture.filter((f) => furnitureIds.includes(f.id)).reduce((sum, f) => sum + f.price, 0);
          const distanceCharge = price - fixed;
          if (Number.isInteger(distanceCharge) && distanceCharge >= 0)
            return { propertyId: pkg.id, weekend, furnitureIds, miles: 25 + distanceCharge / 2.5 };
        }
      }
    }
    return null;
  }

  it('each is a total the price rules give, so none is under the £199 minimum', () => {
    for (const review of reviews) {
      expect(review.price, `${review.id} paid £${review.price}`).toBeGreaterThanOrEqual(199);
      const made = ruleMaking(review.price);
      expect(made, `${review.id}: £${review.price}`).not.toBeNull();
      const moveDate = made!.weekend ? '2027-03-13' : '2027-03-10';
      expect(calculatePricing({ ...made!, distanceMiles: made!.miles, moveDate }).total).toBe(review.price);
    }
  });

  it('refuses the issue’s example, "paid £85"', () => {
    expect(ruleMaking(85)).toBeNull();
    expect(ruleMaking(198)).toBeNull();
    expect(ruleMaking(199)).toMatchObject({ propertyId: 'mini', weekend: false, furnitureIds: [], miles: 25 });
  });
});
