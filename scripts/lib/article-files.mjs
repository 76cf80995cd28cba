// The article files' publication fields (draft, publishedAt), for the scripts that report on them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFrontmatter } from '../../src/content/checks/frontmatter.ts';

export const ARTICLES_DIR = 'src/content/articles';

/** @returns {{ id: string, file: string, draft: boolean, publishedAt: string }[]} articles with a usable date */
export function readCollection(root = process.cwd()) {
  const dir = join(root, ARTICLES_DIR);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => {
      const data = readFrontmatter(readFileSync(join(dir, name), 'utf8'))?.data ?? {};
      return {
        id: name.slice(0, -4),
        file: `${ARTICLES_DIR}/${name}`,
        draft: data.draft === true,
        publishedAt: String(data.publishedAt ?? ''),
      };
    })
    .filter((article) => /^\d{4}-\d{2}-\d{2}$/.test(article.publishedAt));
}
