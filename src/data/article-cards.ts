/**
 * An article's card with its pictures made at build time. The lists render it, and the search index carries it
 * (src/pages/articles/search.json.ts): a page rendered for a request cannot make pictures, as the adapter's image
 * service passes them through unchanged on demand.
 */
import { getImage } from 'astro:assets';
import type { Article } from './articles';
import type { ArticleCardData } from '~/lib/articles';

/** `wide`: a featured card, with larger picture candidates. */
export async function articleCard(article: Article, { wide = false } = {}): Promise<ArticleCardData> {
  // Every browser we serve reads AVIF and picks its width from the srcset; the few that cannot get one mid-sized
  // WebP (a second srcset of hashed file names would cost every reader bytes for them: issue 11).
  const avif = await getImage({ src: article.image, widths: wide ? [400, 800, 1200] : [400, 800], format: 'avif' });
  const fallback = await getImage({ src: article.image, width: 800, format: 'webp' });
  const { id, title, excerpt, category, publishedAt, state, readTime, imageFocus } = article;
  return {
    id,
    title,
    excerpt,
    category,
    publishedAt,
    state,
    readTime,
    imageFocus,
    wide,
    image: { avifSrcset: avif.srcSet.attribute, src: fallback.src, width: article.image.width, height: article.image.height },
  };
}

export const articleCards = (articles: readonly Article[], options: { wide?: boolean } = {}): Promise<ArticleCardData[]> =>
  Promise.all(articles.map((article) => articleCard(article, options)));
