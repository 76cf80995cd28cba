import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** Cloudflare applies public/_headers to static files only, so the Worker's own answers carry the same protections. */
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
 * The crew's job sheet alone may ask for the phone's location, from its own origin only (issue 44 item 2: "On our way"
 * worked out from it); every other answer keeps `geolocation=()`. Set by the sheet's answers, which the middleware keeps.
 */
export const JOB_SHEET_PERMISSIONS = {
  'Permissions-Policy': API_SECURITY_HEADERS['Permissions-Policy']!.replace('geolocation=()', 'geolocation=(self)'),
} as const;

/** As public/_headers gives every static file; a page's policy for scripts and styles is its own <meta>. */
export const PAGE_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

/** `interest-cohort` (the FLoC opt-out) is not in Hono's list of directives; it is written out the same way. */
const permissionsPolicy = { camera: [], microphone: [], geolocation: [], payment: [], usb: [], interestCohort: [] };

/** A header an answer sets itself wins (an HTML page's own CSP). */
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

export const UPGRADE_INSECURE_REQUESTS = 'upgrade-insecure-requests';

// Only over https: on plain http (`npm start` on 127.0.0.1) WebKit would upgrade every script to an https address nothing
// answers. Neither the prebuilt CSP meta nor public/_headers can tell http from https, so it is added here.
export function servedOverHttps(request: Request, response: Response): Response {
  const isPage = (response.headers.get('Content-Type') ?? '').startsWith('text/html');
  if (new URL(request.url).protocol !== 'https:' || !isPage) return response;
  const headers = new Headers(response.headers);
  const policy = headers.get('Content-Security-Policy');
  headers.set('Content-Security-Policy', policy ? `${policy}; ${UPGRADE_INSECURE_REQUESTS}` : UPGRADE_INSECURE_REQUESTS);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
