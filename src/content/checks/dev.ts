/** `npm run dev`: the build's checks shown in the browser, cached until a file in the articles folder, pages or public/ changes. */
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

/** The first problem's file and line become the error's location, so the dev overlay shows that line. */
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
