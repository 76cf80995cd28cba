import { DEFAULT_POSTCODES_API_URL } from '~/lib/postcode-client';

/** The postcode service the browser asks: fixed at build time (PUBLIC_POSTCODES_API_URL), the stand-in in tests. */
export const postcodesApiUrl: string = import.meta.env.PUBLIC_POSTCODES_API_URL || DEFAULT_POSTCODES_API_URL;
