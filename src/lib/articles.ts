/** Article rules that need no framework: ordering, related articles, dates, filtering. */
import type { ArticleCategory } from '~/data/article-categories';

export interface ArticleSummary {
  id: string;
  title: string;
  excerpt: string;
  category: ArticleCategory;
  /** yyyy-mm-dd */
  publishedAt: string;
  featured: boolean;
}

/** Newest first; on the same day, alphabetical by title so the order never depends on file-system order. */
export function newestFirst<A extends ArticleSummary>(articles: readonly A[]): A[] {
  return [...articles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.title.localeCompare(b.title));
}

export const RELATED_LIMIT = 2;

/** Spec: up to 2 related articles, same category, never the article itself; newest first. */
export function relatedArticles<A extends ArticleSummary>(
  all: readonly A[],
  current: Pick<A, 'id' | 'category'>,
  limit = RELATED_LIMIT,
): A[] {
  return newestFirst(all.filter((a) => a.category === current.category && a.id !== current.id)).slice(0, limit);
}

/** '2024-01-15' → '15 January 2024' (the spec's long British format), whatever the build machine's time zone. */
export function formatArticleDate(isoDay: string): string {
  // Built inside the function so browser scripts importing this module's filters tree-shake it away.
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

export interface ArticleFilter {
  /** Free text; matched case-insensitively against title, excerpt and category. */
  q: string;
  /** '' for all categories. */
  category: string;
}

/** The text a search matches against, lower-cased once at build time. */
export function searchText(article: Pick<ArticleSummary, 'title' | 'excerpt' | 'category'>): string {
  return `${article.title} ${article.excerpt} ${article.category}`.toLowerCase();
}

export function matchesFilter(haystack: string, articleCategory: string, filter: ArticleFilter): boolean {
  const q = filter.q.trim().toLowerCase();
  const category = filter.category.trim().toLowerCase();
  return (!category || articleCategory.toLowerCase() === category) && (!q || haystack.includes(q));
}

export const isFiltering = (filter: ArticleFilter): boolean => filter.q.trim() !== '' || filter.category.trim() !== '';
