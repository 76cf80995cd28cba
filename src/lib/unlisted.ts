/**
 * Pages kept out of search engines and out of the sitemap, listed once: SeoHead writes their robots meta from it and
 * astro.config.mjs filters the sitemap with it. They are pages about one person (a quote, an account, a staff link) or
 * with no content of their own (the 404, the search results page the Worker fills).
 */
export const UNLISTED_PATHS: readonly string[] = ['/quote-confirmation', '/quote-staff', '/login', '/account', '/404', '/articles/search'];

export const isUnlisted = (path: string): boolean => UNLISTED_PATHS.includes(path);
