// Stops the build on article problems (src/content/checks) before anything is built, and checks links to other pages'
// anchors against the built pages.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { closeEditorPool } from './editor-pool.ts';
import { ARTICLES_DIR, checkArticles, formatProblems, problemsSummary, type ArticleProblem, type PendingAnchorLink } from './index.ts';
import { readFrontmatter } from './frontmatter.ts';
import { builtPageAnchors } from './page-anchors.ts';

export function articleProblemsError(problems: readonly ArticleProblem[]): Error {
  const error = new Error(
    `${problemsSummary(problems)}. Fix them and build again (npm run check:articles checks quickly):\n\n${formatProblems(problems)}\n`,
  );
  error.name = 'ArticleProblem';
  // The list says where each problem is; a stack trace would only point at this file.
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

export function anchorProblems(links: readonly PendingAnchorLink[], anchors: ReadonlyMap<string, ReadonlySet<string>>): ArticleProblem[] {
  return links
    .filter((link) => !anchors.get(link.path)?.has(link.anchor))
    .map((link) => ({
      file: link.file,
      line: link.line,
      column: link.column,
      rule: 'link',
      message: `The link goes to ${link.path}#${link.anchor}, but the page ${link.path} has no part with the anchor #${link.anchor}. Link to ${link.path} itself, or ask a developer which anchors it has.`,
    }));
}

/** Lets `npm run check:articles` check a link to /faq#something without building (Astro's cache, never committed). */
export const PAGE_ANCHORS_FILE = 'node_modules/.astro/page-anchors.json';

async function savePageAnchors(root: string, anchors: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  const file = join(root, PAGE_ANCHORS_FILE);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(Object.fromEntries([...anchors].map(([path, ids]) => [path, [...ids]]))));
}

export function articleChecks(): AstroIntegration {
  let root = process.cwd();
  let pending: PendingAnchorLink[] = [];
  return {
    name: 'shiftly:article-checks',
    hooks: {
      // Before the content layer reads the articles, so this list (with lines) is what an editor sees first.
      'astro:config:setup': async ({ config, command, logger }) => {
        root = fileURLToPath(config.root);
        if (command !== 'build') return;
        const started = Date.now();
        const result = await checkArticles({ root }).finally(closeEditorPool);
        if (result.problems.length) throw articleProblemsError(result.problems);
        pending = result.pendingAnchorLinks;
        logger.info(`${result.files.length} articles checked in ${Date.now() - started} ms`);
      },
      'astro:build:done': async ({ dir }) => {
        const dist = fileURLToPath(dir);
        const anchors = builtPageAnchors(dist);
        const problems = anchorProblems(pending, anchors);
        if (problems.length) throw articleProblemsError(problems);
        await savePageAnchors(root, anchors);
      },
    },
  };
}

/** The sitemap's lastmod for each article page, read from the frontmatter at config time. */
export function articleLastModified(root: string): Map<string, string> {
  const dates = new Map<string, string>();
  const dir = join(root, ARTICLES_DIR);
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.mdx')) continue;
    const data = readFrontmatter(readFileSync(join(dir, name), 'utf8'))?.data ?? {};
    const date = [data.updatedAt, data.publishedAt].find(
      (value): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value),
    );
    if (date) dates.set(`/articles/${name.slice(0, -'.mdx'.length)}`, date);
  }
  return dates;
}
