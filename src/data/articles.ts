/**
 * The article collection, as pages need it: every entry with its read time computed from its words,
 * newest first. Pages, the home section and the RSS feed all read articles from here.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { newestFirst } from '~/lib/articles';
import { readTimeOf } from '~/lib/read-time';

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
  featured: boolean;
  readMinutes: number;
  /** e.g. '5 min read' */
  readTime: string;
}

export function toArticle(entry: ArticleEntry): Article {
  const { minutes, label } = readTimeOf(entry.body ?? '');
  return { id: entry.id, entry, ...entry.data, readMinutes: minutes, readTime: label };
}

export async function getArticles(): Promise<Article[]> {
  return newestFirst((await getCollection('articles')).map(toArticle));
}
