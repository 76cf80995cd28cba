/** Published articles with read times, newest first. In `npm run dev` drafts are listed too, and the editorial checks run per request. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { isPublished, newestFirst, publicationDay, publicationState, type PublicationState } from '~/lib/articles';
import { focusOf } from '~/lib/image-focus';
import { readTimeOf } from '~/lib/read-time';
import { site } from '~/site.config';
import { isUnchecked } from '~/content/unchecked';

export type ArticleEntry = CollectionEntry<'articles'>;

export interface Article {
  id: string;
  entry: ArticleEntry;
  title: string;
  excerpt: string;
  category: ArticleEntry['data']['category'];
  author: string;
  publishedAt: string;
  updatedAt?: string;
  image: ArticleEntry['data']['image'];
  imageAlt: string;
  imageFocus?: ArticleEntry['data']['imageFocus'];
  featured: boolean;
  draft: boolean;
  /** 'published' in every build; drafts and scheduled articles exist only in `npm run dev`. */
  state: PublicationState;
  readMinutes: number;
  readTime: string;
}

export function toArticle(entry: ArticleEntry, today: string): Article {
  const { minutes, label } = readTimeOf(entry.body ?? '');
  return { id: entry.id, entry, ...entry.data, state: publicationState(entry.data, today), readMinutes: minutes, readTime: label };
}

export const buildDay = (): string => publicationDay(process.env.ARTICLES_TODAY);

/** The editorial checks per request, in `npm run dev` only (a build runs them before it starts). */
export const devChecks = async () => (import.meta.env.DEV ? import('~/content/checks/dev') : undefined);

/**
 * In `npm run dev` an article with a problem is left out (its own page shows the problem), so one broken article
 * never stops the other pages.
 */
export async function getArticles(): Promise<Article[]> {
  const today = buildDay();
  const broken = new Set(await (await devChecks())?.brokenArticleIds());
  const articles = (await getCollection('articles'))
    .filter((entry) => !broken.has(entry.id) && !isUnchecked(entry.data))
    .map((entry) => toArticle(entry, today));
  return newestFirst(import.meta.env.DEV ? articles : articles.filter((article) => isPublished(article, today)));
}

/** The 1200×630 share picture (Open Graph, JSON-LD, the feed): one set of options, so one file. */
export function shareImageOptions(article: Pick<Article, 'image' | 'imageFocus'>) {
  return {
    src: article.image,
    width: site.social.shareImageWidth,
    height: site.social.shareImageHeight,
    format: 'jpeg',
    fit: 'cover',
    position: focusOf(article.imageFocus).sharp,
  } as const;
}
