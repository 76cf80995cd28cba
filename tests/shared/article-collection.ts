/**
 * The article collection as the tests expect it, read straight from the files (never from the build under test):
 * each article's frontmatter parsed as YAML, published ones only, ordered by the spec's rule restated here, newest
 * first (then by title). So any number of valid articles gives the tests their expectations, and none names an
 * article or a count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface ExpectedArticle {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  publishedAt: string;
  updatedAt?: string;
  imageAlt: string;
  featured: boolean;
  draft: boolean;
  /** The MDX below the frontmatter. */
  body: string;
}

export function readCollection(root = process.cwd()): ExpectedArticle[] {
  const dir = join(root, 'src/content/articles');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => {
      const source = readFileSync(join(dir, name), 'utf8');
      const [, yaml = '', body = ''] = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source) ?? [];
      const data = parse(yaml) as Record<string, unknown>;
      return {
        id: name.slice(0, -4),
        title: String(data.title),
        excerpt: String(data.excerpt),
        category: String(data.category),
        author: String(data.author),
        publishedAt: String(data.publishedAt),
        ...(data.updatedAt ? { updatedAt: String(data.updatedAt) } : {}),
        imageAlt: String(data.imageAlt),
        featured: data.featured === true,
        draft: data.draft === true,
        body,
      };
    });
}

/** Newest first; on the same day, by title. */
export const byNewest = (a: ExpectedArticle, b: ExpectedArticle): number =>
  a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : a.title.localeCompare(b.title);

/** What a build on `today` publishes, newest first. */
export function publishedArticles(today: string, root?: string): ExpectedArticle[] {
  return readCollection(root)
    .filter((article) => !article.draft && article.publishedAt <= today)
    .sort(byNewest);
}

/** The spec's related articles: the same category, never itself, newest first, at most two. */
/** The titles of an article's sections (its \`## \` headings), in order. */
export const sectionTitles = (article: ExpectedArticle): string[] =>
  [...article.body.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());

export function expectedRelated(all: readonly ExpectedArticle[], article: ExpectedArticle): ExpectedArticle[] {
  return all.filter((other) => other.category === article.category && other.id !== article.id).slice(0, 2);
}

/** The spec's search: title, excerpt and category, case-insensitively; and the category, whatever its case. */
export function expectedMatches(all: readonly ExpectedArticle[], q: string, category = ''): ExpectedArticle[] {
  const needle = q.trim().toLowerCase();
  return all.filter(
    (article) =>
      (!category || article.category.toLowerCase() === category.toLowerCase()) &&
      `${article.title} ${article.excerpt} ${article.category}`.toLowerCase().includes(needle),
  );
}
