/** Hero illustrations in public/illustrations/<name>.svg; HeroArt.astro draws the group with id "art". Add the file and name together. */
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
