/**
 * The hero illustrations (and the home page's, 'home'): our own flat drawings, one file each in public/illustrations/<name>.svg, whose
 * drawing is the group with id "art" (HeroArt.astro draws it with <use>). Add the file and its name together.
 */
export const illustrations = [
  'about',
  'articles',
  'car-transport',
  'careers',
  'commercial',
  'contact',
  'cookies',
  'drivers',
  'furniture',
  'help',
  'home',
  'home-removals',
  'insurance',
  'packing',
  'parcel',
  'privacy',
  'referral',
  'reviews',
  'route',
  'safety',
  'terms',
] as const;

export type Illustration = (typeof illustrations)[number];

export const illustrationHref = (name: Illustration): string => `/illustrations/${name}.svg#art`;
