/**
 * `npm run dev`: the build's checks shown in the browser, cached until a file in the articles folder, pages or public/
 * changes. A problem in an article breaks that article's page only (its overlay names the file and the line); every
 * other page leaves the article out and still renders. A problem with the folder itself (a stray file, a picture no
 * article shows) is shown on the list of articles.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkArticles, formatProblems, problemsSummary, sortProblems, ARTICLES_DIR, type ArticleProblem } from './index.ts';

interface DevReport {
  /** An article's id → the error its page throws. */
  articles: Map<string, Error>;
  /** Problems with files that are not articles. */
  folder: Error | undefined;
}

let cached: { fingerprint: string; report: DevReport } | undefined;

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
function overlayError(root: string, problems: readonly ArticleProblem[]): Error {
  const [first] = sortProblems(problems);
  const error = new Error(`${problemsSummary(problems)}:\n\n${formatProblems(problems)}`);
  error.name = 'ArticleProblem';
  Object.assign(error, {
    title: 'An article needs fixing',
    hint: 'Fix the file and save it: this page reloads. docs/adding-an-article.md explains every rule.',
    loc: first ? { file: join(root, first.file), line: first.line ?? 1, column: first.column ?? 1 } : undefined,
  });
  // Without a stack the overlay keeps the location above instead of pointing at this module.
  error.stack = '';
  return error;
}

const ARTICLE_FILE = new RegExp(`^${ARTICLES_DIR}/([^/]+)\\.mdx$`);

async function report(root = process.cwd()): Promise<DevReport> {
  const absolute = resolve(root);
  const print = fingerprint(absolute);
  if (cached?.fingerprint === print) return cached.report;
  const { problems } = await checkArticles({ root: absolute });
  const byArticle = new Map<string, ArticleProblem[]>();
  const folder: ArticleProblem[] = [];
  for (const problem of problems) {
    const id = ARTICLE_FILE.exec(problem.file)?.[1];
    if (id === undefined) folder.push(problem);
    else byArticle.set(id, [...(byArticle.get(id) ?? []), problem]);
  }
  const result: DevReport = {
    articles: new Map([...byArticle].map(([id, found]) => [id, overlayError(absolute, found)])),
    folder: folder.length ? overlayError(absolute, folder) : undefined,
  };
  cached = { fingerprint: print, report: result };
  return result;
}

/** The ids of the articles with a problem: lists leave them out, and their own pages show it. */
export async function brokenArticleIds(root?: string): Promise<string[]> {
  return [...(await report(root)).articles.keys()];
}

export async function assertArticleIsValid(id: string, root?: string): Promise<void> {
  const error = (await report(root)).articles.get(id);
  if (error) throw error;
}

export async function assertFolderIsValid(root?: string): Promise<void> {
  const { folder } = await report(root);
  if (folder) throw folder;
}
