import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Cloudflare applies public/_headers to static files only, so the Worker's own answers carry the same
 * protections. These are the headers every answer gets (tests/e2e/security-headers.spec.ts checks them on
 * the wire, tests/unit/security-headers.test.ts checks that the middleware below gives exactly these).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/**
 * The Content-Security-Policy header of a page, as public/_headers gives every static file (tests/unit/
 * security-headers.test.ts keeps the two the same). A page's own policy for scripts and styles is the <meta> in it,
 * so the pages the Worker fills in (prebuilt-page.ts) send this header instead of the API's `default-src 'none'`.
 */
export const PAGE_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

/** `interest-cohort` (the FLoC opt-out) is not in Hono's list of directives; it is written out the same way. */
const permissionsPolicy = { camera: [], microphone: [], geolocation: [], payment: [], usb: [], interestCohort: [] };

/** Hono's secureHeaders, set to the list above (its other defaults off). A header an answer sets itself wins (an HTML page's own CSP). */
const secure = secureHeaders({
  strictTransportSecurity: API_SECURITY_HEADERS['Strict-Transport-Security']!,
  xContentTypeOptions: true,
  referrerPolicy: API_SECURITY_HEADERS['Referrer-Policy']!,
  permissionsPolicy,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
  xFrameOptions: API_SECURITY_HEADERS['X-Frame-Options']!,
  crossOriginOpenerPolicy: API_SECURITY_HEADERS['Cross-Origin-Opener-Policy']!,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  overwrite: false,
});

/** No answer of the API may be cached: they are about one person's request. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', API_SECURITY_HEADERS['Cache-Control']!);
};

export const securityHeaders = [secure, noStore] as const;
