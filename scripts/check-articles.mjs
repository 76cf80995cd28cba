#!/usr/bin/env node
// `npm run check:articles`: everything the build checks about articles, in about a second and without a browser,
// so an editor knows before opening a pull request. For each file in src/content/articles: its name, its
// frontmatter against the collection's schema (src/content/article-schema.ts), its body compiled with the build's
// own MDX pipeline and checked for code, unsafe HTML, broken or insecure links and skipped headings, and its
// images (size, width, format). Every problem is printed with its file, line and a sentence that says the fix.
//
// A link to an anchor of one of our other pages (/faq#something) needs the built pages to check: it uses dist/ when
// that is newer than every page and component, and otherwise runs `astro build` (which checks everything again).
//
//   npm run check:articles                      (ARTICLES_TODAY=2026-05-01 npm run check:articles: as on that day)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkArticles, formatProblems, problemsSummary } from '../src/content/checks/index.ts';
import { builtPageAnchors } from '../src/content/checks/page-anchors.ts';
import { formatArticleDate, publicationDay, publicationState } from '../src/lib/articles.ts';
import { readCollection } from './lib/article-files.mjs';
import { offlineEnv } from './lib/offline-env.mjs';

const root = process.cwd();
const started = Date.now();

/** The newest change under the folders a page is made from. */
function newestSource() {
  let newest = 0;
  for (const dir of ['src/pages', 'src/components', 'src/layouts', 'src/data', 'public']) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function report(problems) {
  console.error(`\n✗ ${problemsSummary(problems)}:\n\n${formatProblems(problems)}\n`);
  console.error('Fix each one and run npm run check:articles again. docs/adding-an-article.md explains every rule.');
  process.exit(1);
}

const today = publicationDay(process.env.ARTICLES_TODAY);
let result = await checkArticles({ root, today });
if (result.problems.length) report(result.problems);

if (result.pendingAnchorLinks.length) {
  const dist = join(root, 'dist/index.html');
  const fresh = existsSync(dist) && statSync(dist).mtimeMs > newestSource();
  if (!fresh) {
    const links = result.pendingAnchorLinks.map((link) => `${link.path}#${link.anchor}`).join(', ');
    console.log(`▶ ${links}: checking that anchor needs the built pages; building the site (about a minute)…`);
    const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      cwd: root,
      env: offlineEnv,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  result = await checkArticles({ root, today, pageAnchors: builtPageAnchors(join(root, 'dist')) });
  if (result.problems.length) report(result.problems);
}

// What will and will not be on the site, so a draft or a date in the future is never a surprise.
const waiting = readCollection(root)
  .map((article) => ({ ...article, state: publicationState(article, today) }))
  .filter((article) => article.state !== 'published');
for (const article of waiting)
  console.log(
    `  ${article.file}: ${article.state === 'draft' ? 'a draft (draft: true), so not published' : `scheduled: published by the first build on ${formatArticleDate(article.publishedAt)}`}`,
  );
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`✓ ${result.files.length} articles checked in ${seconds} s: no problems. Ready for a pull request.`);
