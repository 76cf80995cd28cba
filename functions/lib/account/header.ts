/** Only a request with a session cookie gets "Your moves" and a private answer, so pages stay cacheable for everyone else. */
import { ACCOUNT_PATHS, YOUR_MOVES_LINK } from '~/lib/account';
import { hasSessionCookie, sessionCookieName } from './cookie';

/** The request the asset server gets: with a session cookie, never a 304 for a copy that says "Sign in". */
export function assetRequest(request: Request): Request {
  if (!hasSessionCookie(request)) return request;
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request, { headers });
}

/** An answer that ends the session (Delete my data) speaks to a visitor who is signed out, whatever the request carried. */
const endsSession = (request: Request, response: Response) =>
  response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessionCookieName(request.url)}=;`));

export function withAccountHeader(request: Request, response: Response): Response {
  if (!hasSessionCookie(request) || endsSession(request, response)) return response;
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return response;
  const transformed = new HTMLRewriter()
    .on(`header a[href="${ACCOUNT_PATHS.login}"]`, {
      element(element) {
        element.setAttribute('href', YOUR_MOVES_LINK.href);
        element.setInnerContent(YOUR_MOVES_LINK.label);
      },
    })
    .transform(response);
  const headers = new Headers(response.headers);
  headers.delete('ETag');
  headers.delete('Last-Modified');
  if (!/no-store/.test(headers.get('Cache-Control') ?? '')) headers.set('Cache-Control', 'private, no-cache');
  headers.append('Vary', 'Cookie');
  return new Response(transformed.body, { status: response.status, statusText: response.statusText, headers });
}
