/** Every header and footer link, read by the shell and the tests. Issue 14 changed spec labels that did not match their pages. */
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

function serviceLink(value: ServiceValue, label?: string, description?: string): NavLink {
  const service = findService(value);
  if (!service) throw new Error(`navigation: no service ${value} in src/data/services.ts`);
  return { label: label ?? service.label, href: service.page, ...(description ? { description } : {}) };
}

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
      // No description: every page carries this menu, and most sit at the 14 KB first round trip (issue 18).
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

export const headerLinks: readonly NavLink[] = [
  { label: 'Help', href: '/faq' },
  { label: 'Contact', href: '/contact' },
];

export const quoteCta: NavLink = { label: 'Get Quote', href: '/quote' };
export const signInLink: NavLink = { label: 'Sign in', href: '/login' };

/** Only what the header does not offer (issue 20), plus the spec's footer links. */
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
