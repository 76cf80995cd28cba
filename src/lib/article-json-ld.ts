/** schema.org structured data for an article page: the Article and its BreadcrumbList (Home › Articles › title). */
import { articleAuthorRole, site } from '~/site.config';

interface Input {
  article: {
    title: string;
    excerpt: string;
    category: string;
    author: string;
    publishedAt: string;
    updatedAt?: string;
    readMinutes: number;
  };
  url: string;
  imageUrl: string;
  /** Absolute site root, e.g. https://shiftly.example/ */
  siteUrl: string;
}

export function articleJsonLd({ article, url, imageUrl, siteUrl }: Input): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': [articleData({ article, url, imageUrl, siteUrl }), breadcrumbs(article.title, url, siteUrl)],
  };
}

function breadcrumbs(title: string, url: string, siteUrl: string): Record<string, unknown> {
  const trail = [
    ['Home', new URL('/', siteUrl).href],
    ['Articles', new URL('/articles', siteUrl).href],
    [title, url],
  ] as const;
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, item], index) => ({ '@type': 'ListItem', position: index + 1, name, item })),
  };
}

function articleData({ article, url, imageUrl, siteUrl }: Input): Record<string, unknown> {
  return {
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    image: [imageUrl],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt ?? article.publishedAt,
    articleSection: article.category,
    timeRequired: `PT${article.readMinutes}M`,
    inLanguage: 'en-GB',
    author: { '@type': 'Person', name: article.author, jobTitle: articleAuthorRole },
    publisher: {
      '@type': 'Organization',
      name: site.brand,
      url: siteUrl,
      logo: { '@type': 'ImageObject', url: new URL('/icons/icon-512.png', siteUrl).href },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}
