/** The articles and their list as built; an address that is not one goes to the list. (A search is pages/article-search.ts.) */
import { ARTICLE_SEARCH } from '~/lib/articles';
import { API_SECURITY_HEADERS } from './lib/security-headers';

export async function serveArticle(request: Request, assets: Fetcher): Promise<Response> {
  const url = new URL(request.url);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  // The address the results page had when it was prebuilt: a kept link still finds its search.
  if (reading && url.pathname === ARTICLE_SEARCH.formerPage) return redirect(new URL(`/articles${url.search}`, url), 302);

  const response = await assets.fetch(request);
  if (response.status !== 404 || !reading) return response;
  await response.body?.cancel();
  // A 302 (not 301): the id may become a real article later, so browsers must not remember the redirect.
  return redirect(new URL('/articles', url), 302);
}

/** _headers does not apply to answers the Worker makes, so they carry the same protections themselves. */
function redirect(location: URL, status: number): Response {
  return new Response(null, { status, headers: { ...API_SECURITY_HEADERS, Location: location.href } });
}
