/**
 * Every link of the header and footer, in one list that the shell and the tests both read (spec section 2,
 * "Navigation and shell"). Issue 14 overrides the spec where its labels did not match their pages: the header
 * also offers Help and Contact, and each footer label names the page it opens.
 */
import { findService, type ServiceValue } from './services';

export interface NavLink {
  label: string;
  href: string;
  description?: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

/** A service's link: its page from the services table (the one owner of services), under the menu's label. */
function serviceLink(value: ServiceValue, label?: string, description?: string): NavLink {
  const service = findService(value);
  if (!service) throw new Error(`navigation: no service ${value} in src/data/services.ts`);
  return { label: label ?? service.label, href: service.page, ...(description ? { description } : {}) };
}

/** Storage (spec section 1) is offered with home removals: its section on that page. */
export const storageHref = serviceLink('storage').href;

export const headerGroups: readonly NavGroup[] = [
  {
    label: 'Services',
    links: [
      serviceLink('home-removals', undefined, 'Whole homes, any size'),
      serviceLink('furniture-moving', undefined, 'Single items and small loads'),
      serviceLink('packing', undefined, 'Full, partial or materials only'),
      serviceLink('commercial', undefined, 'Offices, shops and stock'),
      serviceLink('storage', 'Storage', 'Between homes, by the week'),
      // Issue 18: the phone menu (which lists these groups) left it out; the footer always had it. No description:
      // every page carries this menu, and most sit at the 14 KB first round trip.
      serviceLink('car-transport'),
    ],
  },
  {
    label: 'Company',
    links: [
      { label: 'About us', href: '/about' },
      { label: 'Careers', href: '/careers' },
      { label: 'Safety and security', href: '/safety' },
    ],
  },
  {
    label: 'More',
    links: [
      { label: 'How it works', href: '/how-it-works' },
      { label: 'Articles', href: '/articles' },
      { label: 'Reviews', href: '/reviews' },
      { label: 'Insurance', href: '/insurance' },
    ],
  },
];

/** Plain links beside the dropdowns (issue 14: the header offers Help and Contact). */
export const headerLinks: readonly NavLink[] = [
  { label: 'Help', href: '/faq' },
  { label: 'Contact', href: '/contact' },
];

export const quoteCta: NavLink = { label: 'Get Quote', href: '/quote' };
export const signInLink: NavLink = { label: 'Sign in', href: '/login' };

/**
 * The footer offers what the header does not (issue 20: it no longer repeats the header's dropdowns), plus the spec's
 * footer links: the other services, the pages for drivers and referrers, and help.
 */
export const footerGroups: readonly NavGroup[] = [
  {
    label: 'More services',
    links: [serviceLink('car-transport'), serviceLink('parcel', 'Other transport services')],
  },
  {
    label: 'Work with us',
    links: [
      { label: 'Drive with us', href: '/drivers' },
      { label: 'Refer a friend', href: '/referral' },
    ],
  },
  {
    label: 'Support',
    links: [
      { label: 'Help Centre', href: '/faq' },
      { label: 'Contact us', href: '/contact' },
      { label: 'Safety and security', href: '/safety' },
      { label: 'Insurance', href: '/insurance' },
    ],
  },
];

export const legalLinks: readonly NavLink[] = [
  { label: 'Privacy policy', href: '/privacy-policy' },
  { label: 'Terms and conditions', href: '/terms-and-conditions' },
  { label: 'Cookie policy', href: '/cookies' },
];
