/** Every link of the header and footer, in one list that the shell and the tests both read (spec section 2, "Navigation and shell"). */

export interface NavLink {
  label: string;
  href: string;
  description?: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

export const headerGroups: readonly NavGroup[] = [
  {
    label: 'Services',
    links: [
      { label: 'Home removals', href: '/services/home-removals', description: 'Whole homes, any size' },
      { label: 'Furniture moving', href: '/services/furniture-moving', description: 'Single items and small loads' },
      { label: 'Packing', href: '/services/packing', description: 'Full, partial or materials only' },
      { label: 'Commercial moving', href: '/services/commercial', description: 'Offices, shops and stock' },
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

export const quoteCta: NavLink = { label: 'Get Quote', href: '/quote' };
export const signInLink: NavLink = { label: 'Sign in', href: '/login' };

export const footerGroups: readonly NavGroup[] = [
  {
    label: 'Services',
    links: [
      { label: 'Home removals', href: '/services/home-removals' },
      { label: 'Furniture moving', href: '/services/furniture-moving' },
      { label: 'Packing', href: '/services/packing' },
      { label: 'Commercial moving', href: '/services/commercial' },
      { label: 'Car transport', href: '/services/car-transport' },
      { label: 'International Moving', href: '/services/other' },
    ],
  },
  {
    label: 'Company',
    links: [
      { label: 'About us', href: '/about' },
      { label: 'Careers', href: '/careers' },
      { label: 'Drive with us', href: '/drivers' },
      { label: 'Refer a friend', href: '/referral' },
      { label: 'Reviews', href: '/reviews' },
    ],
  },
  {
    label: 'Support',
    links: [
      { label: 'Help Center', href: '/contact' },
      { label: 'Safety and Insurance', href: '/faq' },
      { label: 'How it works', href: '/how-it-works' },
      { label: 'Articles', href: '/articles' },
    ],
  },
];

export const legalLinks: readonly NavLink[] = [
  { label: 'Privacy policy', href: '/privacy-policy' },
  { label: 'Terms and conditions', href: '/terms-and-conditions' },
  { label: 'Cookie policy', href: '/cookies' },
];
