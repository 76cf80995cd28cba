/** The one place a real company changes its name, numbers and promises. */

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
  /** For absolute URLs outside Astro (e-mails, feeds); Astro itself reads SITE_URL in astro.config.mjs. */
  defaultUrl: DEFAULT_SITE_URL,
  currency: 'GBP',
  locale: 'en-GB',
  themeColor: '#1d4ed8',
  supportHours: [
    { label: 'Monday to Friday', hours: '7AM - 10PM' },
    { label: 'Saturday and Sunday', hours: '8AM - 8PM' },
  ] satisfies SupportHoursLine[],
  phoneLinesAlwaysOpen: true,
  emailReplyPromise: 'within 1 hour',
  /** For structured data. */
  openingHours: [
    {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '06:00',
      closes: '22:00',
    },
  ] satisfies OpeningHoursSpec[],
  foundedYear: 2020,
  /** The quote accepts postcodes from all four nations (BT included), so every page says so too. */
  coverage: 'England, Scotland, Wales and Northern Ireland',
  /** Placeholders for a real company's Companies House details (the footer shows them, with `address` as the registered office). */
  company: {
    number: '09473021',
    registeredIn: 'England and Wales',
  },
  /** ISO date, shown as "Last updated" on the legal and policy pages. */
  policiesUpdated: '2026-11-23',
  social: {
    shareImage: '/og/shiftly-share.png',
    shareImageWidth: 1200,
    shareImageHeight: 630,
  },
} as const;

/** One plausible set (issue 14): 15,000+ moves from 170,000+ quotes, so quotes are never "customers" (tests/e2e/claims.spec.ts). */
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
  /** Numbers for structured data. */
  ratingValue: 4.9,
  reviewCountValue: 2500,
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

/** A page shows `${claims[key]} ${claimLabels[key]}` and nothing else. */
export const claimLabels = {
  moves: 'moves completed',
  quotes: 'quotes given',
  vehicles: 'vehicles on the road',
  team: 'people in our team',
} as const;

export type CountedClaim = keyof typeof claimLabels;

export const claimText = (key: CountedClaim): string => `${claims[key]} ${claimLabels[key]}`;

export const ratingText = `${claims.rating}/${claims.ratingOutOf} from ${claims.reviewCount} reviews`;

export const promo = {
  code: 'FIRSTMOVE10',
  percentOff: 10,
  description: '10% off your first booking, applied when you book',
} as const;

export const articleAuthorRole = 'Moving and organisation expert';

export const quoteFromPrice = 199;

export const telHref = `tel:${site.phone.tel}`;
export const mailtoHref = `mailto:${site.email}`;
