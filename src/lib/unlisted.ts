/** Pages about one person or with no content of their own, kept out of search engines and the sitemap (SeoHead, astro.config.mjs). */
export const UNLISTED_PATHS: readonly string[] = [
  '/quote-confirmation',
  '/quote-staff',
  '/login',
  '/account',
  '/404',
  '/articles/search',
  '/forms/login',
  '/account/delete',
  '/account/referral',
  '/reviews/published',
];

export const isUnlisted = (path: string): boolean => UNLISTED_PATHS.includes(path);
