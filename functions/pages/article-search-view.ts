/** What a search of the articles shows (src/pages/forms/articles.astro): a page of the prebuilt index's matches, as data. */
import { articleCategories } from '~/data/article-categories';
import { canonicalCategory, isFiltering, listPagePath, searchArticles, type ArticleFilter, type ArticleSearchEntry } from '~/lib/articles';
import type { ArticleSearchView } from '~/lib/views/article-search';

export const ARTICLES_PATH = listPagePath(1);

function articleFilter(url: URL): ArticleFilter {
  return {
    q: (url.searchParams.get('q') ?? '').slice(0, 200),
    category: canonicalCategory(url.searchParams.get('category') ?? '', articleCategories),
  };
}

/** Anything else at /articles (no search, or a category that does not exist) is the prebuilt list. */
export const isArticleSearch = (url: URL): boolean => url.pathname === ARTICLES_PATH && isFiltering(articleFilter(url));

export function articleSearchView(index: readonly ArticleSearchEntry[], url: URL): ArticleSearchView {
  const filter = articleFilter(url);
  const { ids, ...result } = searchArticles(index, filter, Number(url.searchParams.get('page') ?? '1'));
  const cards = new Map(index.map((entry) => [entry.id, entry.card]));
  const pageHref = (page: number) => {
    const query = new URLSearchParams();
    if (filter.q.trim()) query.set('q', filter.q.trim());
    if (filter.category) query.set('category', filter.category);
    if (page > 1) query.set('page', String(page));
    return query.size ? `${ARTICLES_PATH}?${query}` : ARTICLES_PATH;
  };
  return {
    ...result,
    filter,
    cards: ids.map((id) => cards.get(id)).filter((card) => card !== undefined),
    links: {
      prev: result.page > 1 ? pageHref(result.page - 1) : undefined,
      next: result.page < result.pages ? pageHref(result.page + 1) : undefined,
    },
  };
}
