/** A page about one customer, or with a secret in its address: no referrer leaves it, no search engine lists it. */
export const PRIVATE_PAGE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' };
// Private too, with no secret in the address (the office, /account): their forms post to this site, and a browser sends
// `Origin: null` from a no-referrer page, which fromOwnOrigin refuses. `same-origin` still sends nothing to any other
// site. A page whose address carries a token is PRIVATE_PAGE, its forms read with fromOwnNoReferrerPage (same-origin.ts).
export const ACCOUNT_PAGE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' };
/** A twin's page (src/pages/forms/) is about one person's request: never cached anywhere. (Astro sends its CSP as a header.) */
export const TWIN_PAGE = { 'Cache-Control': 'no-store' };
