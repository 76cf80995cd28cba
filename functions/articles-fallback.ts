/**
 * /articles/{id}: the prebuilt article when it exists, otherwise a temporary (302) redirect to the list,
 * as the spec asks for an unknown article id. wrangler.jsonc runs the Worker first for /articles/* so it
 * can make that choice; the asset server still answers everything it has (pages, trailing-slash fixes).
 */
export const isArticlePath = (pathname: string): boolean => pathname.startsWith('/articles/');

export async function serveArticle(request: Request, assets: Fetcher): Promise<Response> {
  const response = await assets.fetch(request);
  if (response.status !== 404 || (request.method !== 'GET' && request.method !== 'HEAD')) return response;
  await response.body?.cancel();
  // A 302 (not 301): the id may become a real article later, so browsers must not remember the redirect.
  return new Response(null, {
    status: 302,
    headers: { Location: new URL('/articles', request.url).href, 'Cache-Control': 'no-store' },
  });
}
