/**
 * The article categories: the one list the collection schema, the category filter and the docs read.
 * To add a category, add it here; the build then accepts it in frontmatter and the filter offers it.
 */
export const articleCategories = ['Organization', 'Moving Tips', 'Packing Tips', 'Storage Solutions', 'Sustainability'] as const;

export type ArticleCategory = (typeof articleCategories)[number];

export function isArticleCategory(value: string): value is ArticleCategory {
  return (articleCategories as readonly string[]).includes(value);
}
