import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { createArticleSchema } from '~/content/article-schema';
import { articleCategories } from '~/data/article-categories';

// In the build the image field is Astro's image() helper; here any path string stands in for it.
const schema = createArticleSchema(() => z.string().min(1));

const valid = {
  title: 'How to Pack Fragile Items Safely',
  excerpt: 'Plates, glasses and mirrors need more than newspaper. The techniques removal crews use, step by step.',
  category: 'Packing Tips',
  author: 'James Thornton',
  publishedAt: '2024-01-29',
  image: './packing.png',
  imageAlt: 'An open box of wrapped plates.',
};

/** The field paths a bad frontmatter is rejected for, with their messages. */
function problems(data: unknown): Record<string, string> {
  const result = schema.safeParse(data);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('article frontmatter schema', () => {
  it('accepts a complete article and defaults featured to false', () => {
    const result = schema.parse(valid);
    expect(result.featured).toBe(false);
    expect(result.category).toBe('Packing Tips');
  });

  it('accepts an unquoted YAML date (a Date at midnight UTC) as its day, and refuses a date with a time', () => {
    expect(schema.parse({ ...valid, publishedAt: new Date('2024-01-29T00:00:00Z') }).publishedAt).toBe('2024-01-29');
    expect(problems({ ...valid, publishedAt: new Date('2024-01-29T10:30:00Z') }).publishedAt).toContain(
      'must be a day written yyyy-mm-dd, e.g. 2024-01-15',
    );
  });

  it('accepts every category of the typed list', () => {
    for (const category of articleCategories) expect(schema.safeParse({ ...valid, category }).success).toBe(true);
  });

  it('rejects an unknown category, naming the field and the allowed list', () => {
    const found = problems({ ...valid, category: 'Gardening' });
    expect(Object.keys(found)).toEqual(['category']);
    expect(found.category).toContain('Organization, Moving Tips, Packing Tips, Storage Solutions, Sustainability');
  });

  it('is case-sensitive about categories (the filter and badges show them as written)', () => {
    expect(Object.keys(problems({ ...valid, category: 'packing tips' }))).toEqual(['category']);
  });

  it('rejects dates that are not yyyy-mm-dd or not real days', () => {
    expect(Object.keys(problems({ ...valid, publishedAt: '15/01/2024' }))).toEqual(['publishedAt']);
    expect(problems({ ...valid, publishedAt: '2024-02-30' }).publishedAt).toContain('not a real calendar date');
    expect(Object.keys(problems({ ...valid, updatedAt: '2024-13-01' }))).toEqual(['updatedAt']);
  });

  it('rejects an updatedAt earlier than publishedAt', () => {
    expect(problems({ ...valid, updatedAt: '2024-01-01' }).updatedAt).toContain('cannot be earlier');
    expect(schema.safeParse({ ...valid, updatedAt: '2024-03-01' }).success).toBe(true);
  });

  it('requires every mandatory field', () => {
    for (const field of ['title', 'excerpt', 'category', 'author', 'publishedAt', 'image', 'imageAlt'] as const) {
      const { [field]: _omitted, ...rest } = valid as Record<string, unknown>;
      expect(Object.keys(problems(rest)), field).toContain(field);
    }
  });

  it('rejects text that is blank or too short', () => {
    expect(Object.keys(problems({ ...valid, title: '   ' }))).toEqual(['title']);
    expect(problems({ ...valid, excerpt: 'Too short.' }).excerpt).toContain('at least 60 characters');
    expect(Object.keys(problems({ ...valid, imageAlt: '' }))).toEqual(['imageAlt']);
  });

  it('rejects a featured flag that is not a boolean', () => {
    expect(Object.keys(problems({ ...valid, featured: 'yes' }))).toEqual(['featured']);
  });

  it('rejects unknown fields, so a typo like "feature" cannot be silently ignored', () => {
    expect(schema.safeParse({ ...valid, feature: true }).success).toBe(false);
  });

  it('does not accept a hand-typed read time: it is computed from the words', () => {
    expect(schema.safeParse({ ...valid, readTime: '5 min read' }).success).toBe(false);
  });
});
