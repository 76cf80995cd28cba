/**
 * /articles/{id}: the prebuilt article when it exists, otherwise a temporary (302) redirect to the list,
 * as the spec asks for an unknown article id. wrangler.jsonc runs the Worker first for /articles/* so it
 * can make that choice; the asset server still answers everything it has (pages, trailing-slash fixes).
 */
import { API_SECURITY_HEADERS } from './lib/security-headers';

export async function serveArticle(request: Request, assets: Fetcher): Promise<Response> {
  const response = await assets.fetch(request);
  if (response.status !== 404 || (request.method !== 'GET' && request.method !== 'HEAD')) return response;
  await response.body?.cancel();
  // A 302 (not 301): the id may become a real article later, so browsers must not remember the redirect.
  // _headers does not apply to answers the Worker makes, so the redirect carries the same protections itself.
  return new Response(null, {
    status: 302,
    headers: { ...API_SECURITY_HEADERS, Location: new URL('/articles', request.url).href },
  });
}
