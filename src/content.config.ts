/** Content collections. Articles: one MDX file each in src/content/articles; the file name is the id (URL slug). */
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { createArticleSchema } from '~/content/article-schema';
import { UNCHECKED } from '~/content/unchecked';

/**
 * In `npm run dev` an article whose frontmatter breaks the schema must not stop the server (Astro's glob loader
 * throws while it starts): the entry is kept unvalidated and marked (src/content/unchecked.ts), the lists leave it
 * out, and its own page shows the problem in the browser's error overlay, with its line (src/content/checks). A build
 * stops on it as before.
 */
function keepServingInDev(loader: Loader): Loader {
  if (!import.meta.env.DEV) return loader;
  return {
    ...loader,
    load: (context) =>
      loader.load({
        ...context,
        parseData: async (props) => {
          try {
            return await context.parseData(props);
          } catch {
            return { ...props.data, [UNCHECKED]: true } as never;
          }
        },
      }),
  };
}

const articles = defineCollection({
  loader: keepServingInDev(glob({ pattern: '**/[^_]*.mdx', base: './src/content/articles' })),
  schema: ({ image }) => createArticleSchema(image),
});

export const collections = { articles };
