#!/usr/bin/env node
// Everything the build checks about articles, in seconds and without a browser, so an editor knows before a pull
// request. A link to another page's anchor is checked against the last build's ids if that build is newer than every
// page source; otherwise the build checks it, or --build builds first.
//   npm run check:articles                   (ARTICLES_TODAY=2026-05-01 npm run check:articles: as on that day)
//   npm run check:articles -- --build        (build first when a link to another page's anchor needs it)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { closeEditorPool } from '../src/content/checks/editor-pool.ts';
import { checkArticles, formatProblems, problemsSummary } from '../src/content/checks/index.ts';
import { PAGE_ANCHORS_FILE } from '../src/content/checks/integration.ts';
import { formatArticleDate, publicationDay, publicationState } from '../src/lib/articles.ts';
import { readCollection } from './lib/article-files.mjs';
import { offlineEnv } from './lib/offline-env.mjs';

const { values: options } = parseArgs({ options: { build: { type: 'boolean' } } });
const root = process.cwd();
const started = Date.now();

function newestSource() {
  let newest = 0;
  for (const dir of ['src/pages', 'src/components', 'src/layouts', 'src/data', 'public']) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function builtAnchors() {
  const file = join(root, PAGE_ANCHORS_FILE);
  if (!existsSync(file) || statSync(file).mtimeMs < newestSource()) return undefined;
  return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, ids]) => [path, new Set(ids)]));
}

function report(problems) {
  console.error(`\n✗ ${problemsSummary(problems)}:\n\n${formatProblems(problems)}\n`);
  console.error('Fix each one and run npm run check:articles again. docs/adding-an-article.md explains every rule.');
  process.exit(1);
}

const today = publicationDay(process.env.ARTICLES_TODAY);
let result = await checkArticles({ root, today, pageAnchors: builtAnchors() }).finally(closeEditorPool);
if (result.problems.length) report(result.problems);

if (result.pendingAnchorLinks.length && options.build) {
  console.log('▶ Building the site to check the links to other pages’ anchors…');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: root,
    env: offlineEnv,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  result = await checkArticles({ root, today, pageAnchors: builtAnchors() }).finally(closeEditorPool);
  if (result.problems.length) report(result.problems);
}
for (const link of result.pendingAnchorLinks)
  console.log(
    `  ${link.file}:${link.line}: the link to ${link.path}#${link.anchor} is checked when the site is built (every pull request does); npm run check:articles -- --build checks it now.`,
  );

// What will and will not be on the site, so a draft or a date in the future is never a surprise.
for (const article of readCollection(root)) {
  const state = publicationState(article, today);
  if (state === 'draft') console.log(`  ${article.file}: a draft (draft: true), so not published`);
  if (state === 'scheduled')
    console.log(`  ${article.file}: scheduled: published by the first build on ${formatArticleDate(article.publishedAt)}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`✓ ${result.files.length} articles checked in ${seconds} s: no problems. Ready for a pull request.`);
