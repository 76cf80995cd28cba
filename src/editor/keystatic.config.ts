/** The fields read the article schema's own constants; tests/unit/editor-schema.test.ts compares the two field by field. */
import { collection, config, fields, type Collection, type ComponentSchema, type Config } from '@keystatic/core';
import type { EditorStorage } from './storage';
import { articleTextLimits } from '~/content/article-schema';
import { articleCategories } from '~/data/article-categories';
import { IMAGE_FOCUS, IMAGE_FOCUS_VALUES } from '~/lib/image-focus';
import { articleImage } from './article-image-field';
import { articleBody } from './article-body-field';
import { choiceField, dayField } from './form-fields';
import { EDITOR_PREVIEW_PATH } from '~/lib/preview';

export const ARTICLES_FOLDER = 'src/content/articles';

const length = (field: keyof typeof articleTextLimits) => {
  const { min, max } = articleTextLimits[field];
  return { isRequired: true, length: { min, max } };
};

/** A yes/no field written only when it is yes, as a hand-written article leaves out `featured: false`. */
function flag(args: Parameters<typeof fields.checkbox>[0]) {
  const field = fields.checkbox(args);
  return { ...field, serialize: (value: boolean) => ({ value: value || undefined }) };
}

const limitsText = (field: keyof typeof articleTextLimits) =>
  `${articleTextLimits[field].min} to ${articleTextLimits[field].max} characters.`;

export const articleFields = {
  title: fields.slug({
    name: {
      label: 'Title',
      description: `The article's heading and browser tab title. ${limitsText('title')}`,
      validation: length('title'),
    },
    slug: {
      label: 'Web address',
      description:
        'The article lives at /articles/ followed by this. Lower-case words joined by hyphens; do not change it once the article is published.',
      validation: { pattern: { regex: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: 'Use lower-case letters, digits and single hyphens only.' } },
    },
  }),
  excerpt: fields.text({
    label: 'Excerpt',
    description: `Shown on cards, under the title and to search engines. ${limitsText('excerpt')}`,
    multiline: true,
    validation: length('excerpt'),
  }),
  category: choiceField({
    label: 'Category',
    description: 'New categories are added by a developer in src/data/article-categories.ts.',
    placeholder: 'Choose a category',
    options: articleCategories.map((category) => ({ label: category, value: category })),
  }),
  author: fields.text({
    label: 'Author',
    description: `The author's name as readers see it. ${limitsText('author')}`,
    validation: length('author'),
  }),
  publishedAt: dayField({
    label: 'Published on',
    description: 'Day, month, year. A future date keeps the article off the site until that day.',
    isRequired: true,
    today: true,
  }),
  updatedAt: dayField({
    label: 'Last significant update',
    description: 'Optional. Only for a real revision, and never before the publication date.',
  }),
  image: articleImage({
    label: 'Picture',
    description:
      'One picture, at least 1,200 pixels wide (it is also the preview when the article is shared). JPEG, PNG or WebP; a large photo is made smaller before it is saved.',
  }),
  imageAlt: fields.text({
    label: 'Picture description (alt text)',
    description: `What the picture shows, for people who cannot see it. ${limitsText('imageAlt')}`,
    validation: length('imageAlt'),
  }),
  imageFocus: choiceField({
    label: 'Keep in view',
    description:
      'Which part of the picture to keep when it is cut to a wide shape for cards and the share preview. For a tall photo of a person, choose Top.',
    placeholder: 'Centre',
    isRequired: false,
    options: IMAGE_FOCUS_VALUES.map((value) => ({ label: IMAGE_FOCUS[value].label, value })),
  }),
  featured: flag({
    label: 'Featured',
    description: 'Shows the article in the Featured block at the top of the list. Keep it to two or three articles.',
  }),
  draft: flag({
    label: 'Draft',
    description: 'A draft is visible while previewing (npm run dev) but never published.',
  }),
  body: articleBody({
    label: 'Article',
    description:
      'Headings, paragraphs, lists, links, tables, footnotes and pictures. A paragraph that is entirely bold becomes a highlighted tip box.',
  }),
};

export const articlesCollection = collection({
  label: 'Articles',
  slugField: 'title',
  path: `${ARTICLES_FOLDER}/*`,
  format: { contentField: 'body' },
  entryLayout: 'content',
  columns: ['title', 'publishedAt'],
  schema: articleFields,
});

/**
 * Keystatic's Preview link of an article ({slug}, {branch}): the dev server's page of this copy; in production the
 * article on its branch's preview version (a page of the editor that goes there, main.tsx), when the site has them.
 */
function articlePreviewUrl(storage: EditorStorage, previewHost: string | undefined): string | undefined {
  if (storage.kind === 'local') return '/articles/{slug}';
  return previewHost ? `${EDITOR_PREVIEW_PATH}{slug}/{branch}` : undefined;
}

export function editorConfig(storage: EditorStorage, previewHost?: string): Config {
  const collections: Record<string, Collection<Record<string, ComponentSchema>, string>> = {
    articles: { ...articlesCollection, previewUrl: articlePreviewUrl(storage, previewHost) },
  };
  return config({
    storage,
    // Keystatic's type lists the locales it has words for; en-GB takes the English words and British dates.
    locale: 'en-GB' as 'en-US',
    ui: { brand: { name: 'Shiftly articles' } },
    collections,
  });
}
