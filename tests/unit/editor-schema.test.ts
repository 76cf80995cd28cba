/**
 * The browser editor's fields (src/editor/keystatic.config.ts) against the article schema the build enforces
 * (src/content/article-schema.ts): the same fields, the same limits, the same categories, the same optional fields,
 * and whatever the editor writes is what the schema accepts. A change to one without the other fails here.
 */
import { readdirSync } from 'node:fs';
import { createReader } from '@keystatic/core/reader';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { createArticleSchema } from '~/content/article-schema';
import { articleCategories } from '~/data/article-categories';
import { ARTICLE_IMAGE_EXTENSIONS } from '~/editor/article-image-field';
import { ARTICLES_FOLDER, articleFields, articlesCollection, editorConfig } from '~/editor/keystatic.config';

const schema = createArticleSchema(() => z.string());
const shape = schema.shape;
type Key = keyof typeof shape;

/** Every frontmatter field the editor offers (the body is the file's content, not a frontmatter field). */
const { body: _body, ...frontmatterFields } = articleFields;
const SLUG = 'a-new-article';

/** The field whose value names the article's address (Keystatic's slug field), as the collection says. */
const SLUG_FIELD = articlesCollection.slugField;

/** What the editor writes for one field's value, as Keystatic serialises it for the frontmatter. */
function written(key: string, value: unknown): unknown {
  const field = (frontmatterFields as Record<string, unknown>)[key] as {
    serialize: (value: unknown, extra?: unknown) => { value: unknown };
    serializeWithSlug: (value: unknown) => { value: unknown };
  };
  if (key === SLUG_FIELD) return field.serializeWithSlug(value).value;
  return field.serialize(value, { slug: SLUG, suggestedFilenamePrefix: key }).value;
}

/** What a field holds before the editor types anything (the slug field's own default needs the browser). */
function emptyValue(key: string): unknown {
  if (key === SLUG_FIELD) return { name: '', slug: '' };
  return (frontmatterFields as Record<string, { defaultValue: () => unknown }>)[key]!.defaultValue();
}

/** Whether the editor's field lets the value through. */
function editorAccepts(key: string, value: unknown): boolean {
  const field = (frontmatterFields as Record<string, { validate: (value: unknown, extra?: unknown) => unknown }>)[key]!;
  try {
    field.validate(value, { slugField: { slugs: new Set(), glob: '*' } });
    return true;
  } catch {
    return false;
  }
}

const schemaAccepts = (key: Key, value: unknown) => shape[key].safeParse(value).success;

const PICTURE = { data: new Uint8Array([137, 80, 78, 71]), extension: 'png', filename: 'photo.png' };

/** A complete article as the editor holds it before saving. */
const filledIn: Record<string, unknown> = {
  title: { name: 'Moving House With Houseplants', slug: SLUG },
  excerpt: 'How to pack, carry and settle your houseplants so they arrive healthy and settle into the new light.',
  category: articleCategories[1],
  author: 'Priya Shah',
  publishedAt: '2026-03-02',
  updatedAt: null,
  image: PICTURE,
  imageAlt: 'A leafy plant in a pot inside an open moving box.',
  featured: false,
  draft: true,
};

function frontmatterOf(state: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(state)
      .map(([key, value]) => [key, written(key, value)])
      .filter(([, value]) => value !== undefined),
  );
}

describe('the browser editor and the article schema', () => {
  it('offer exactly the same frontmatter fields', () => {
    const editorKeys = Object.keys(frontmatterFields);
    const schemaKeys = Object.keys(shape);
    expect(
      schemaKeys.filter((key) => !editorKeys.includes(key)),
      'fields of the schema the editor does not offer',
    ).toEqual([]);
    expect(
      editorKeys.filter((key) => !schemaKeys.includes(key)),
      'fields the editor writes that the schema refuses',
    ).toEqual([]);
  });

  it('agree on every text limit, one character either side of it', () => {
    // The picture is Astro's image() in the build, a path here: its rules are the next tests'.
    const textKeys = (Object.keys(shape) as Key[]).filter((key) => key !== 'image' && shape[key] instanceof z.ZodString);
    expect(textKeys.length).toBeGreaterThan(0);
    for (const key of textKeys) {
      const field = shape[key] as z.ZodString;
      const { minLength, maxLength } = field;
      expect(minLength, key).not.toBeNull();
      expect(maxLength, key).not.toBeNull();
      for (const length of [minLength! - 1, minLength!, maxLength!, maxLength! + 1]) {
        const text = 'a'.repeat(length);
        const value = key === SLUG_FIELD ? { name: text, slug: SLUG } : text;
        expect(editorAccepts(key, value), `${key} of ${length} characters`).toBe(schemaAccepts(key, text));
      }
    }
  });

  it('offer the same categories, in the same order', () => {
    const options = (articleFields.category as { options: readonly { value: string }[] }).options.map((option) => option.value);
    expect(options).toEqual([...articleCategories]);
    expect(options).toEqual(shape.category.options);
    for (const category of options) expect(schemaAccepts('category', written('category', category))).toBe(true);
  });

  it('leave out only what the schema lets the file leave out', () => {
    for (const key of Object.keys(shape) as Key[]) {
      const optional = schemaAccepts(key, undefined);
      const empty = emptyValue(key);
      // An editor who fills in nothing either gets a value written or cannot save.
      if (!optional) expect(written(key, empty) !== undefined || !editorAccepts(key, empty), key).toBe(true);
    }
    expect(editorAccepts('updatedAt', null)).toBe(true);
    expect(written('updatedAt', null)).toBeUndefined();
  });

  it('write dates the schema accepts: quoted yyyy-mm-dd text, never a YAML date', () => {
    const value = written('publishedAt', '2024-02-29');
    expect(value).toBe('2024-02-29');
    expect(schemaAccepts('publishedAt', value)).toBe(true);
  });

  it("write a complete article the schema accepts, its picture named after the article's address", () => {
    const frontmatter = frontmatterOf(filledIn);
    expect(schema.safeParse(frontmatter).error?.issues ?? []).toEqual([]);
    expect(frontmatter.image).toBe(`./${SLUG}.png`);
    expect(frontmatter.title).toBe('Moving House With Houseplants');
    // Yes/no fields are written only when they are yes, as a hand-written article leaves them out.
    expect(frontmatter).not.toHaveProperty('featured');
    expect(frontmatter.draft).toBe(true);
  });

  it('store the picture beside the article, in the picture types the editor accepts', () => {
    const image = articleFields.image;
    const out = image.serialize(PICTURE, { slug: SLUG, suggestedFilenamePrefix: 'image' });
    expect(out.asset?.filename).toBe(`../${SLUG}.png`);
    for (const extension of ARTICLE_IMAGE_EXTENSIONS) expect(editorAccepts('image', { ...PICTURE, extension })).toBe(true);
    expect(editorAccepts('image', { ...PICTURE, extension: 'heic' })).toBe(false);
    expect(editorAccepts('image', null)).toBe(false);
  });

  it('can open every article in the folder (any number of them), with its picture found beside it', async () => {
    const reader = createReader(process.cwd(), editorConfig({ kind: 'local' }));
    const onDisk = readdirSync(ARTICLES_FOLDER)
      .filter((name) => /^[^_].*\.mdx$/.test(name))
      .map((name) => name.replace(/\.mdx$/, ''));
    const entries = await reader.collections.articles!.all();
    expect(entries.map((entry) => entry.slug).sort()).toEqual(onDisk.sort());
    for (const { slug, entry } of entries) {
      const image = (entry as { image: string }).image;
      expect(image, slug).toMatch(new RegExp(`^\\./${slug}\\.(${ARTICLE_IMAGE_EXTENSIONS.join('|')})$`));
    }
  });
});
