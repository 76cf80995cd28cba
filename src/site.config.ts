/**
 * The brand and the site's settings. The company's details and claims, each with its source, are in
 * src/data/launch-content.ts; the promises (hours, cancelling, what happens next) in src/data/promises.ts.
 */
import { claims, company } from './data/launch-content.ts';

export { claims };

export const DEFAULT_SITE_URL = 'https://shiftly.example';

export const site = {
  brand: 'Shiftly',
  legalName: company.legalName,
  tagline: 'Instant moving quotes from trusted UK movers',
  description:
    'Get an instant estimated quote for home removals, furniture moving, packing, commercial moves, car transport, courier deliveries and storage, anywhere in the UK.',
  phone: company.phone,
  email: company.email,
  address: company.address,
  /** For absolute URLs outside Astro (e-mails, feeds); Astro itself reads SITE_URL in astro.config.mjs. */
  defaultUrl: DEFAULT_SITE_URL,
  currency: 'GBP',
  locale: 'en-GB',
  themeColor: '#1d4ed8',
  foundedYear: company.foundedYear,
  /** The quote accepts postcodes from all four nations (BT included), so every page says so too. */
  coverage: 'England, Scotland, Wales and Northern Ireland',
  /** The footer shows them, with `address` as the registered office. */
  company: { number: company.number, registeredIn: company.registeredIn },
  /** ISO date, shown as "Last updated" on the legal and policy pages. */
  policiesUpdated: '2026-11-27',
  social: {
    shareImage: '/og/shiftly-share.png',
    shareImageWidth: 1200,
    shareImageHeight: 630,
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

/** A written quote's deposit unless the office sets another: this share of its total, rounded to the penny (issue 33). */
export const writtenQuoteDepositPercent = 25;

export const articleAuthorRole = 'Moving and organisation expert';

export const quoteFromPrice = 199;

export const telHref = `tel:${site.phone.tel}`;
export const mailtoHref = `mailto:${site.email}`;
