// Authors are Dublin Core's creator, as RSS's own <author> must be an e-mail address; images are Media RSS.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getImage } from 'astro:assets';
import { getArticles, shareImageOptions } from '~/data/articles';
import { site } from '~/site.config';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function GET(context: APIContext): Promise<Response> {
  const base = context.site ?? new URL(site.defaultUrl);
  const articles = await getArticles();
  const items = await Promise.all(
    articles.map(async (article) => {
      // The same JPEG as the article page's share preview (same options, so the same file).
      const image = await getImage(shareImageOptions(article));
      return {
        title: article.title,
        description: article.excerpt,
        link: `/articles/${article.id}`,
        pubDate: new Date(`${article.publishedAt}T00:00:00Z`),
        categories: [article.category],
        customData:
          `<dc:creator>${xml(article.author)}</dc:creator>` +
          `<media:content url="${xml(new URL(image.src, base).href)}" medium="image" type="image/jpeg" width="${site.social.shareImageWidth}" height="${site.social.shareImageHeight}"/>`,
      };
    }),
  );
  return rss({
    title: `${site.brand} moving advice`,
    description: 'Practical, UK-specific advice for moving home: checklists, packing, decluttering, storage and greener moves.',
    site: base,
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/', media: 'http://search.yahoo.com/mrss/' },
    items,
    // The site's addresses have no trailing slash (astro.config trailingSlash: 'never').
    trailingSlash: false,
    customData: '<language>en-gb</language>',
  });
}
