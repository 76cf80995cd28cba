/**
 * The one place a real company changes its name, numbers and promises.
 * Pages, islands, the Worker's e-mails and the tests all read from here.
 */

export interface OpeningHoursSpec {
  /** schema.org day names */
  days: readonly string[];
  opens: string;
  closes: string;
}

export interface SupportHoursLine {
  label: string;
  hours: string;
}

export const DEFAULT_SITE_URL = 'https://shiftly.example';

export const site = {
  brand: 'Shiftly',
  legalName: 'Shiftly Moving Ltd',
  tagline: 'Instant moving quotes from trusted UK movers',
  description:
    'Get an instant estimated quote for home removals, furniture moving, packing, commercial moves, car transport, courier deliveries and storage, anywhere in the UK.',
  /** Shown to people and dialled by tel: links. */
  phone: {
    display: '020 7946 0321',
    tel: '+442079460321',
  },
  email: 'hello@shiftly.example',
  address: {
    street: '14 Wharf Road',
    locality: 'London',
    postcode: 'N1 7GR',
    country: 'GB',
    countryName: 'United Kingdom',
  },
  /** Used where an absolute URL is needed outside Astro (e-mails, feeds). Astro itself reads SITE_URL in astro.config.mjs. */
  defaultUrl: DEFAULT_SITE_URL,
  currency: 'GBP',
  locale: 'en-GB',
  themeColor: '#1d4ed8',
  supportHours: [
    { label: 'Monday to Friday', hours: '7AM - 10PM' },
    { label: 'Saturday and Sunday', hours: '8AM - 8PM' },
  ] satisfies SupportHoursLine[],
  /** Emergencies on the day of a move: the phone line never closes. */
  phoneLinesAlwaysOpen: true,
  emailReplyPromise: 'within 1 hour',
  /** For structured data: the business is reachable every day 06:00-22:00. */
  openingHours: [
    {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '06:00',
      closes: '22:00',
    },
  ] satisfies OpeningHoursSpec[],
  foundedYear: 2020,
  /**
   * Where we move people, said the same way on every page. The quote accepts postcodes from all four nations
   * (BT included), so every page says so too; moves abroad go through the contact form.
   */
  coverage: 'England, Scotland, Wales and Northern Ireland',
  /**
   * Placeholders like the phone number: a real company puts its Companies House details here. The footer shows
   * them, with `address` as the registered office.
   */
  company: {
    number: '09473021',
    registeredIn: 'England and Wales',
  },
  /** When the legal and policy pages last changed (ISO date); each of them shows it as "Last updated". */
  policiesUpdated: '2026-11-23',
  social: {
    shareImage: '/og/shiftly-share.png',
    shareImageWidth: 1200,
    shareImageHeight: 630,
  },
} as const;

/**
 * The marketing claims (spec section 1), reconciled into one plausible set (issue 14): 15,000+ moves completed
 * since 2020 out of 170,000+ quotes given, so no page may call the quotes "customers". The spec's "500k+
 * customers" cannot be squared with 15,000 moves and is not shown. Public review sites give 4.9/5; the
 * post-move survey averages 4.8 (the breakdown on /reviews). Pages print a figure next to its label below, or
 * through `claimText`, and tests/e2e/claims.spec.ts reads every page in the sitemap for any other wording.
 */
export const claims = {
  since: `${site.foundedYear}`,
  moves: '15,000+',
  quotes: '170,000+',
  vehicles: '500+',
  team: '200+',
  /** Public review sites, shown as `ratingText`. */
  rating: '4.9',
  ratingOutOf: '5',
  reviewCount: '2,500+',
  /** Used in structured data (a number, not display text). */
  ratingValue: 4.9,
  reviewCountValue: 2500,
  /** The average of our own post-move survey (the Overall line of ratingBreakdown in src/data/reviews.ts). */
  surveyScore: '4.8',
  completionRate: '99%',
  satisfaction: '99%',
  support: '24/7',
  drivers: {
    averageHourly: '£25',
    hourlyRange: '£15-30',
    topWeekly: 'over £1,000',
    /** Applications, not active drivers: far more apply than pass the checks, which is why 500+ vans is not a contradiction. */
    applicants: '10,000+',
    rating: '4.8',
  },
} as const;

/** What each counted figure counts, worded once: a page shows `${claims[key]} ${claimLabels[key]}` and nothing else. */
export const claimLabels = {
  moves: 'moves completed',
  quotes: 'quotes given',
  vehicles: 'vehicles on the road',
  team: 'people in our team',
} as const;

export type CountedClaim = keyof typeof claimLabels;

export const claimText = (key: CountedClaim): string => `${claims[key]} ${claimLabels[key]}`;

/** The public rating, always in these words. */
export const ratingText = `${claims.rating}/${claims.ratingOutOf} from ${claims.reviewCount} reviews`;

export const promo = {
  code: 'FIRSTMOVE10',
  percentOff: 10,
  description: '10% off your first booking, applied when you book',
} as const;

/** Spec: the author card's line; the same words go into each article's structured data. */
export const articleAuthorRole = 'Moving and organisation expert';

export const quoteFromPrice = 199;

export const telHref = `tel:${site.phone.tel}`;
export const mailtoHref = `mailto:${site.email}`;
