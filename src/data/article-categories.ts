/** The one list of article categories: add one here and the build accepts it in frontmatter and the filter offers it. */
export const articleCategories = ['Organization', 'Moving Tips', 'Packing Tips', 'Storage Solutions', 'Sustainability'] as const;

export type ArticleCategory = (typeof articleCategories)[number];

export function isArticleCategory(value: string): value is ArticleCategory {
  return (articleCategories as readonly string[]).includes(value);
}
