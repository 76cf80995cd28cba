/**
 * The browser's postcode client: the build-time PUBLIC_POSTCODES_API_URL (also in the CSP's connect-src),
 * postcodes.io by default. One shared instance, so its cache and stale-request abort work across islands.
 */
import { createPostcodeClient, DEFAULT_POSTCODES_API_URL } from '~/lib/postcode-client';

export const postcodes = createPostcodeClient({
  baseUrl: import.meta.env.PUBLIC_POSTCODES_API_URL || DEFAULT_POSTCODES_API_URL,
  timeoutMs: 5000,
});
