/** What a search of the articles shows (functions/pages/article-search-view.ts builds it): data only. */
import type { ArticleCardData, ArticleFilter, SearchPage } from '~/lib/articles';

export interface ArticleSearchView extends Omit<SearchPage, 'ids'> {
  filter: ArticleFilter;
  cards: ArticleCardData[];
  /** The results' previous and next pages, keeping the search. */
  links: { prev?: string | undefined; next?: string | undefined };
}
