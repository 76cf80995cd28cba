/** Search fills in the prebuilt results page by removing cards, never adding markup, so the page's own CSS and CSP still cover it. */
import { articleCategories } from '~/data/article-categories';
import { ARTICLE_SEARCH, articleCount, canonicalCategory, isFiltering, searchArticles, type SearchEntry } from '~/lib/articles';
import { filledPage } from './lib/prebuilt-page';
import { API_SECURITY_HEADERS } from './lib/security-headers';

export async function serveArticle(request: Request, assets: Fetcher): Promise<Response> {
  const url = new URL(request.url);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (reading && url.pathname === '/articles' && isFiltering(filterOf(url))) {
    try {
      return await searchPage(url, assets);
    } catch (error) {
      // A build without the search files (or a broken one) still shows the list rather than an error page.
      console.error('article search failed', error);
      return assets.fetch(new Request(new URL('/articles', url), request));
    }
  }
  // The results page exists to be filled in: its own address is the list (keeping any search).
  if (reading && url.pathname === ARTICLE_SEARCH.page) return redirect(new URL(`/articles${url.search}`, url), 302);

  const response = await assets.fetch(request);
  if (response.status !== 404 || !reading) return response;
  await response.body?.cancel();
  // A 302 (not 301): the id may become a real article later, so browsers must not remember the redirect.
  return redirect(new URL('/articles', url), 302);
}

function filterOf(url: URL) {
  return {
    q: (url.searchParams.get('q') ?? '').slice(0, 200),
    category: canonicalCategory(url.searchParams.get('category') ?? '', articleCategories),
  };
}

/** Every protection of the API's answers but its content security policy: a page keeps the page policy (its <meta> has the rest). */
const { 'Content-Security-Policy': _apiPolicy, ...PAGE_SECURITY_HEADERS } = API_SECURITY_HEADERS;

/** _headers does not apply to answers the Worker makes, so they carry the same protections themselves. */
function redirect(location: URL, status: number): Response {
  return new Response(null, { status, headers: { ...API_SECURITY_HEADERS, Location: location.href } });
}

async function prebuilt(assets: Fetcher, url: URL, path: string): Promise<Response> {
  const response = await assets.fetch(new Request(new URL(path, url), { method: 'GET' }));
  if (!response.ok) throw new Error(`prebuilt ${path} answered ${response.status}`);
  return response;
}

async function searchPage(url: URL, assets: Fetcher): Promise<Response> {
  const filter = filterOf(url);
  const index = (await (await prebuilt(assets, url, ARTICLE_SEARCH.index)).json()) as SearchEntry[];
  const result = searchArticles(index, filter, Number(url.searchParams.get('page') ?? '1'));
  const pageHref = (page: number) => {
    const target = new URL('/articles', url);
    if (filter.q.trim()) target.searchParams.set('q', filter.q.trim());
    if (filter.category) target.searchParams.set('category', filter.category);
    if (page > 1) target.searchParams.set('page', String(page));
    return `${target.pathname}${target.search}`;
  };
  const show = [result.total > 0 ? 'results' : 'empty'];
  if (result.pages > 1) show.push('pages');
  if (result.page > 1) show.push('prev');
  if (result.page < result.pages) show.push('next');
  const filled = filledPage(
    await prebuilt(assets, url, ARTICLE_SEARCH.page),
    {
      text: { count: `${articleCount(result.total)}${result.pages > 1 ? `, page ${result.page} of ${result.pages}` : ''}` },
      show,
      href: { prev: pageHref(result.page - 1), next: pageHref(result.page + 1) },
      form: { values: new URLSearchParams({ q: filter.q, category: filter.category }) },
    },
    200,
    PAGE_SECURITY_HEADERS,
  );
  const keep = new Set(result.ids);
  const kept = new HTMLRewriter().on('[data-article]', {
    element(element) {
      if (!keep.has(element.getAttribute('data-article') ?? '')) element.remove();
    },
  });
  return kept.transform(filled);
}
