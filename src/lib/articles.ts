/** Article rules that need no framework: publication, ordering, related articles, pages, dates, filtering. */
import type { ArticleCategory } from '~/data/article-categories';
import type { ImageFocus } from './image-focus.ts';
import { isCalendarDate, londonToday } from './dates.ts';

export interface ArticleSummary {
  id: string;
  title: string;
  excerpt: string;
  category: ArticleCategory;
  /** yyyy-mm-dd */
  publishedAt: string;
  featured: boolean;
}

export interface Publication {
  publishedAt: string;
  draft?: boolean;
}

/** The UK day (yyyy-mm-dd) the build publishes up to; tests fix it with `ARTICLES_TODAY`. Production rebuilds every morning. */
export function publicationDay(fixed: string | undefined, now: Date = new Date()): string {
  if (fixed === undefined || fixed === '') return londonToday(now);
  if (!isCalendarDate(fixed)) throw new Error(`ARTICLES_TODAY must be a date written yyyy-mm-dd, not "${fixed}"`);
  return fixed;
}

export type PublicationState = 'published' | 'draft' | 'scheduled';

export function publicationState(article: Publication, today: string): PublicationState {
  if (article.draft) return 'draft';
  return article.publishedAt > today ? 'scheduled' : 'published';
}

export const isPublished = (article: Publication, today: string): boolean => publicationState(article, today) === 'published';

/** Newest first; ties go by title so the order never depends on file-system order. */
export function newestFirst<A extends ArticleSummary>(articles: readonly A[]): A[] {
  return [...articles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.title.localeCompare(b.title));
}

export const RELATED_LIMIT = 2;
export const HOME_ARTICLE_COUNT = 3;
export const FEATURED_LIMIT = 2;
export const ARTICLES_PER_PAGE = 9;

export const pageCount = (count: number, perPage = ARTICLES_PER_PAGE): number => Math.max(1, Math.ceil(count / perPage));

export const listPagePath = (n: number): string => (n <= 1 ? '/articles' : `/articles/page/${n}`);

export function pageLinks(current: number, pages: number): Array<number | 'gap'> {
  const shown = [...new Set([1, current - 1, current, current + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const links: Array<number | 'gap'> = [];
  for (const [i, n] of shown.entries()) {
    const previous = shown[i - 1];
    if (previous !== undefined && n - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) links.push('gap');
    links.push(n);
  }
  return links;
}

export function pageOf<A>(articles: readonly A[], n: number, perPage = ARTICLES_PER_PAGE): A[] {
  return articles.slice((n - 1) * perPage, n * perPage);
}

export function relatedArticles<A extends ArticleSummary>(
  all: readonly A[],
  current: Pick<A, 'id' | 'category'>,
  limit = RELATED_LIMIT,
): A[] {
  return newestFirst(all.filter((a) => a.category === current.category && a.id !== current.id)).slice(0, limit);
}

/** '2024-01-15' → '15 January 2024', whatever the build machine's time zone. */
export function formatArticleDate(isoDay: string): string {
  // Built inside the function so browser scripts importing this module's filters tree-shake it away.
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

export interface ArticleFilter {
  q: string;
  /** '' for all categories. */
  category: string;
}

export function searchText(article: Pick<ArticleSummary, 'title' | 'excerpt' | 'category'>): string {
  return `${article.title} ${article.excerpt} ${article.category}`.toLowerCase();
}

export function matchesFilter(haystack: string, articleCategory: string, filter: ArticleFilter): boolean {
  const q = filter.q.trim().toLowerCase();
  const category = filter.category.trim().toLowerCase();
  return (!category || articleCategory.toLowerCase() === category) && (!q || haystack.includes(q));
}

export const isFiltering = (filter: ArticleFilter): boolean => filter.q.trim() !== '' || filter.category.trim() !== '';

/**
 * The Worker answers /articles?q=&category=&page= from the prebuilt index (functions/pages/article-search.ts); the
 * results page that used to be prebuilt for it had its own address, which now goes to the list with the search.
 */
export const ARTICLE_SEARCH = { index: '/articles/search.json', formerPage: '/articles/search' } as const;

export interface SearchEntry {
  id: string;
  category: string;
  text: string;
}

/** What an article's card shows, its pictures made at build time (src/data/article-cards.ts). */
export interface ArticleCardData extends Omit<ArticleSummary, 'featured'> {
  state: PublicationState;
  readTime: string;
  imageFocus?: ImageFocus | undefined;
  /** Featured cards: larger image candidates and title. */
  wide: boolean;
  image: { avifSrcset: string; src: string; width: number; height: number };
}

/** An entry of the search index, with the card the results page shows for it. */
export interface ArticleSearchEntry extends SearchEntry {
  card: ArticleCardData;
}

export interface SearchPage {
  ids: string[];
  total: number;
  /** 1-based; a page past the end shows the last. */
  page: number;
  pages: number;
}

export function searchArticles(
  index: readonly SearchEntry[],
  filter: ArticleFilter,
  page: number,
  perPage = ARTICLES_PER_PAGE,
): SearchPage {
  const matches = index.filter((entry) => matchesFilter(entry.text, entry.category, filter));
  const pages = pageCount(matches.length, perPage);
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { ids: pageOf(matches, shown, perPage).map((entry) => entry.id), total: matches.length, page: shown, pages };
}

export function canonicalCategory(value: string, categories: readonly string[]): string {
  const wanted = value.trim().toLowerCase();
  return categories.find((category) => category.toLowerCase() === wanted) ?? '';
}

export const articleCount = (n: number): string => `${n} ${n === 1 ? 'article' : 'articles'}`;
