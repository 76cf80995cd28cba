/** Content collections. Articles: one MDX file each in src/content/articles; the file name is the id (URL slug). */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { createArticleSchema } from '~/content/article-schema';

const articles = defineCollection({
  loader: glob({ pattern: '**/[^_]*.mdx', base: './src/content/articles' }),
  schema: ({ image }) => createArticleSchema(image),
});

export const collections = { articles };
