/**
 * `npm run dev`: the same checks as the build, shown in the browser. getArticles() calls this on every page that
 * lists or shows articles; the result is cached until a file in the articles folder (or the site's pages) changes.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkArticles, formatProblems, problemsSummary, sortProblems, ARTICLES_DIR } from './index.ts';

let cached: { fingerprint: string; error: Error | undefined } | undefined;

function fingerprint(root: string): string {
  const parts: string[] = [];
  for (const dir of [ARTICLES_DIR, 'src/pages', 'public']) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      const stat = statSync(path);
      parts.push(`${path}:${stat.size}:${stat.mtimeMs}`);
    }
  }
  return parts.join('|');
}

/**
 * Throws the articles' problems as one error the dev overlay shows: every problem in its message, the first one's
 * file and line as its location (so the overlay shows that line of the file).
 */
export async function assertArticlesAreValid(root = process.cwd()): Promise<void> {
  const absolute = resolve(root);
  const print = fingerprint(absolute);
  if (cached?.fingerprint !== print) {
    const { problems } = await checkArticles({ root: absolute });
    let error: Error | undefined;
    if (problems.length) {
      const [first] = sortProblems(problems);
      error = new Error(`${problemsSummary(problems)}:\n\n${formatProblems(problems)}`);
      error.name = 'ArticleProblem';
      Object.assign(error, {
        title: 'An article needs fixing',
        hint: 'Fix the file and save it: this page reloads. docs/adding-an-article.md explains every rule.',
        loc: first ? { file: join(absolute, first.file), line: first.line ?? 1, column: first.column ?? 1 } : undefined,
      });
      // Without a stack the overlay keeps the location above instead of pointing at this module.
      error.stack = '';
    }
    cached = { fingerprint: print, error };
  }
  if (cached.error) throw cached.error;
}
