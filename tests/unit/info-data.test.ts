import { describe, expect, it } from 'vitest';
import { faqCategories } from '~/data/faqs';
import { contactSubjects, isContactSubject } from '~/data/contact-subjects';
import { openPositions } from '~/data/careers';
import { cookieCategories } from '~/data/cookies';
import { CONSENT_CATEGORIES } from '~/islands/cookie-consent/categories';
import { choicesOf, NO_OPTIONAL, OPTIONAL_CATEGORIES } from '~/scripts/consent-record';
import { driverRequirements } from '~/data/drivers';
import { packingOptions } from '~/data/packing';
import { reviews } from '~/data/reviews';
import { carouselReviews, ratingBreakdown, team } from '~/data/launch-content';
import { claims } from '~/site.config';

describe('information data modules', () => {
  it('FAQ: General, Booking, Drivers & Safety with three questions each', () => {
    expect(faqCategories.map((c) => c.title)).toEqual(['General', 'Booking', 'Drivers & Safety']);
    for (const category of faqCategories) expect(category.items).toHaveLength(3);
    expect(new Set(faqCategories.map((c) => c.id)).size).toBe(3);
  });

  it('contact subjects include every value other pages link to, once each', () => {
    const values = contactSubjects.map((s) => s.value);
    for (const value of ['general', 'quote', 'booking', 'driver-application', 'careers', 'feedback']) expect(values).toContain(value);
    expect(new Set(values).size).toBe(values.length);
    expect(isContactSubject('careers')).toBe(true);
    expect(isContactSubject('<script>')).toBe(false);
  });

  it('four full-time positions in London, Remote, Manchester and Birmingham', () => {
    expect(openPositions.map((p) => p.location).sort()).toEqual(['Birmingham', 'London', 'Manchester', 'Remote']);
    expect(openPositions.every((p) => p.type === 'Full-time')).toBe(true);
  });

  it('cookie categories: essential is the only required one, and /cookies and the dialog list the consent record’s own', () => {
    // The spec's four categories, in its order.
    expect(cookieCategories.map((c) => c.id)).toEqual(['essential', 'analytics', 'functional', 'marketing']);
    expect(cookieCategories.filter((c) => c.required).map((c) => c.id)).toEqual(['essential']);
    expect(['essential', ...OPTIONAL_CATEGORIES]).toEqual(cookieCategories.map((c) => c.id));
    expect(CONSENT_CATEGORIES.map((c) => c.id)).toEqual(cookieCategories.map((c) => c.id));
    expect(Object.keys(NO_OPTIONAL)).toEqual([...OPTIONAL_CATEGORIES]);
    expect(choicesOf({ analytics: true, marketing: 'yes' as unknown as boolean })).toEqual({
      analytics: true,
      functional: false,
      marketing: false,
    });
  });

  it('eight driver requirements, three packing options priced 299 / 149 / 79, a team of three', () => {
    expect(driverRequirements).toHaveLength(8);
    expect(packingOptions.map((o) => o.price)).toEqual([299, 149, 79]);
    expect(team).toHaveLength(3);
  });

  it('reviews: unique ids, newest first, carousel ones included, overall score matches the average claim', () => {
    expect(new Set(reviews.map((r) => r.id)).size).toBe(reviews.length);
    for (const review of carouselReviews) expect(reviews).toContain(review);
    const dates = reviews.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(ratingBreakdown[0].value.toFixed(1)).toBe(claims.surveyScore);
  });
});
