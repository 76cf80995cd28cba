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
    'Get an instant estimated quote for home removals, furniture moving, packing, commercial moves, car transport and courier deliveries anywhere in the UK.',
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
  social: {
    shareImage: '/og/shiftly-share.png',
    shareImageWidth: 1200,
    shareImageHeight: 630,
  },
} as const;

/** The marketing claims of the product specification, section 1. Each is shown on the page the spec shows it. */
export const claims = {
  moves: '15,000+',
  vehicles: '500+',
  team: '200+',
  rating: '4.9',
  ratingOutOf: '5',
  reviewCount: '2,500+',
  /** Used in structured data (a number, not display text). */
  ratingValue: 4.9,
  reviewCountValue: 2500,
  customers: '170,000+',
  averageRating: '4.8',
  completionRate: '99%',
  support: '24/7',
  /** Company claims on /about. */
  company: {
    since: '2020',
    customers: '500k+',
    satisfaction: '99%',
  },
  drivers: {
    averageHourly: '£25',
    hourlyRange: '£15-30',
    topWeekly: 'over £1,000',
    count: '10,000+',
    rating: '4.8',
  },
} as const;

export const promo = {
  code: 'FIRSTMOVE10',
  percentOff: 10,
  description: '10% off your first booking, applied when you book',
} as const;

export const quoteFromPrice = 199;

export const telHref = `tel:${site.phone.tel}`;
export const mailtoHref = `mailto:${site.email}`;
