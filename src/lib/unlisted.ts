/** Pages about one person or with no content of their own, kept out of search engines and the sitemap (SeoHead, astro.config.mjs). */
export const UNLISTED_PATHS: readonly string[] = [
  '/quote-confirmation',
  '/quote-staff',
  '/login',
  '/account',
  '/404',
  '/forms/login',
  '/account/delete',
  '/account/referral',
  '/reviews/published',
  '/job-sheet',
  '/partner',
  '/move-document',
];

/** The on-demand twins of public pages (src/pages/forms/): a form's answer or a search, for one request. */
export const TWINS = '/forms/';

/** The staff's pages (issue 33): only for a signed-in member of staff. */
export const OFFICE = '/office';

export const isUnlisted = (path: string): boolean =>
  UNLISTED_PATHS.includes(path) || path.startsWith(TWINS) || path === OFFICE || path.startsWith(`${OFFICE}/`);
