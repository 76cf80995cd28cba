/** The frontmatter contract, on Astro's zod (so not in src/lib). Its messages are for editors: the build prints them with the file. */
import { z } from 'astro/zod';
// Relative (not ~/) so `npm run check:articles` can load it in plain Node too.
import { articleCategories } from '../data/article-categories.ts';
import { IMAGE_FOCUS_VALUES } from '../lib/image-focus.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Length limits of the text fields, in characters after trimming. The browser editor's fields read them too. */
export const articleTextLimits = {
  title: { min: 10, max: 110 },
  excerpt: { min: 60, max: 300 },
  author: { min: 2, max: 80 },
  imageAlt: { min: 10, max: 200 },
} as const;

type TextField = keyof typeof articleTextLimits;

function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A Date at midnight UTC is how YAML reads an unquoted yyyy-mm-dd: its day, as text. */
function dayOf(value: unknown): unknown {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return value;
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : value;
}

/**
 * A day, quoted or not ('2024-01-15' or 2024-01-15). YAML rolls an unquoted 2024-02-31 over to 2 March before this
 * sees it: the article check reads the day as written instead (src/content/checks/frontmatter.ts), and the build
 * runs that check first, so such a day is refused by both.
 */
const day = (field: string) =>
  z.preprocess(
    dayOf,
    z
      .string({ error: `${field} must be a day written yyyy-mm-dd, e.g. 2024-01-15` })
      .regex(ISO_DAY, { error: `${field} must be a day written yyyy-mm-dd, e.g. 2024-01-15` })
      .refine(isRealDay, { error: `${field} is not a real calendar date` }),
  );

function text(field: TextField) {
  const { min, max } = articleTextLimits[field];
  return z
    .string({ error: `${field} is required and must be text` })
    .trim()
    .min(min, { error: `${field} must be at least ${min} characters` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

export function createArticleSchema<Image extends z.ZodType>(image: () => Image) {
  return z
    .object({
      title: text('title'),
      excerpt: text('excerpt'),
      category: z.enum(articleCategories, {
        error: `category must be one of: ${articleCategories.join(', ')} (add new ones in src/data/article-categories.ts)`,
      }),
      author: text('author'),
      publishedAt: day('publishedAt'),
      updatedAt: day('updatedAt').optional(),
      image: image(),
      imageAlt: text('imageAlt'),
      /** The part of the picture kept when it is cut to the share image's and the cards' shape; centre when left out. */
      imageFocus: z
        .enum(IMAGE_FOCUS_VALUES, { error: `imageFocus must be one of: ${IMAGE_FOCUS_VALUES.join(', ')} (or leave it out for the centre)` })
        .optional(),
      featured: z.boolean({ error: 'featured must be true or false' }).default(false),
      /** true: kept off the built site (shown in `npm run dev` with a Draft badge). */
      draft: z.boolean({ error: 'draft must be true or false' }).default(false),
    })
    .strict()
    .superRefine((data, ctx) => {
      if (data.updatedAt && data.updatedAt < data.publishedAt) {
        ctx.addIssue({ code: 'custom', path: ['updatedAt'], message: 'updatedAt cannot be earlier than publishedAt' });
      }
    });
}

export type ArticleFrontmatter<Image = unknown> = Omit<z.output<ReturnType<typeof createArticleSchema>>, 'image'> & {
  image: Image;
};
