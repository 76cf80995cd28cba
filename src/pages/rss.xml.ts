/** The articles feed (RSS 2.0), newest first. Linked from the head of the list and article pages. */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getArticles } from '~/data/articles';
import { site } from '~/site.config';

export async function GET(context: APIContext): Promise<Response> {
  const articles = await getArticles();
  return rss({
    title: `${site.brand} moving advice`,
    description: 'Practical, UK-specific advice for moving home: checklists, packing, decluttering, storage and greener moves.',
    site: context.site ?? site.defaultUrl,
    items: articles.map((article) => ({
      title: article.title,
      description: article.excerpt,
      link: `/articles/${article.id}`,
      pubDate: new Date(`${article.publishedAt}T00:00:00Z`),
      categories: [article.category],
    })),
    // The site's addresses have no trailing slash (astro.config trailingSlash: 'never').
    trailingSlash: false,
    customData: '<language>en-gb</language>',
  });
}
