#!/usr/bin/env node
// Times `npm run check:articles` and `astro build` of a temporary copy of the site with N generated articles and, with
// --budgets, runs the page budgets on the pages the article count can change. The real src/ and dist/ are never touched.
//   npm run bench:articles                              (1,000 articles, build time only)
//   npm run bench:articles -- --count 50 --budgets      (build, then budgets.json on the pages above)
//   ARTICLE_COUNT=200 npm run bench:articles            (the count from the environment, as before)
// The copy starts with the project's optimised-image cache and the article check's bundle of the browser editor, as a
// CI cache would, so the figures show how checking and page building scale (no body has been opened in the editor
// before: the check opens all of them, and the build after it none); BENCH_COLD=1 (or --cold) starts from no cache.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { articleCategories } from '../src/data/article-categories.ts';
import { ARTICLES_PER_PAGE, listPagePath, pageCount } from '../src/lib/articles.ts';
import { offlineEnv } from './lib/offline-env.mjs';
import { copyProject, projectRoot } from './lib/project-copy.mjs';

const { values: options } = parseArgs({
  options: { count: { type: 'string' }, budgets: { type: 'boolean' }, cold: { type: 'boolean' } },
});
const COUNT = Number(options.count ?? process.env.ARTICLE_COUNT ?? 1000);
const COLD = options.cold || process.env.BENCH_COLD === '1';
const GOAL_SECONDS = 60;
const work = copyProject({ prefix: 'shiftly-bench-', cold: COLD });
const articlesDir = join(work, 'src/content/articles');

/** The copy's own cache folder, with the editor's bundle but not the list of bodies it has saved before. */
function ownCaches() {
  const cache = join(work, 'node_modules/.cache');
  rmSync(cache, { recursive: true, force: true });
  const editor = join(projectRoot, 'node_modules/.cache/shiftly-editor-body');
  if (COLD || !existsSync(join(editor, 'manifest.json'))) return;
  const { bundle } = JSON.parse(readFileSync(join(editor, 'manifest.json'), 'utf8'));
  mkdirSync(join(cache, 'shiftly-editor-body'), { recursive: true });
  for (const name of ['manifest.json', bundle]) cpSync(join(editor, name), join(cache, 'shiftly-editor-body', name));
}

function generateArticles() {
  // The longest real article's body, so each page is as heavy as a real one can be.
  const [longest] = readdirSync(articlesDir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => ({ name, source: readFileSync(join(articlesDir, name), 'utf8') }))
    .sort((a, b) => b.source.length - a.source.length);
  const body = longest.source.replace(/^---\n[\s\S]*?\n---\n/, '');
  cpSync(join(articlesDir, longest.name.replace(/\.mdx$/, '.png')), join(articlesDir, 'bench-shared.png'));
  const ids = [];
  for (let i = 1; i <= COUNT; i++) {
    const n = String(i).padStart(4, '0');
    const day = new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    ids.push(`bench-${n}`);
    writeFileSync(
      join(articlesDir, `bench-${n}.mdx`),
      `---
title: 'Benchmark article number ${n} about moving home'
excerpt: 'A generated article for the build benchmark, sharing one image with all the others, number ${n}.'
category: ${articleCategories[i % articleCategories.length]}
author: Bench Writer
publishedAt: '${day}'
image: ./bench-shared.png
imageAlt: 'The shared benchmark illustration of a checklist and a van.'
---
${body}`,
    );
  }
  return ids;
}

/** `npm run check:articles` in the copy: every rule, the browser editor's round trip of every body included. */
/** The process's CPU time (all its threads, the editor's workers too), said as it exits. */
const REPORT_CPU = `data:text/javascript,process.on('exit', () => { const { user, system } = process.cpuUsage(); console.error('cpu-seconds:' + (user + system) / 1e6); });`;

function check() {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--import', REPORT_CPU, 'scripts/check-articles.mjs'], {
    cwd: work,
    env: offlineEnv,
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    console.error(result.stdout.slice(-4000), result.stderr.slice(-4000));
    throw new Error(`npm run check:articles failed (exit ${result.status ?? result.signal})`);
  }
  return { seconds, cpu: Number(/cpu-seconds:([\d.]+)/.exec(result.stderr)?.[1] ?? NaN) };
}

function build() {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: work,
    env: offlineEnv,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    console.error(result.stdout.slice(-4000), result.stderr.slice(-4000));
    throw new Error(`astro build failed (exit ${result.status ?? result.signal})`);
  }
  return { seconds, stdout: result.stdout };
}

/** The pages whose weight can depend on how many articles there are. */
function pagesToMeasure(generated) {
  const total = readdirSync(articlesDir).filter((name) => name.endsWith('.mdx')).length;
  const pages = pageCount(total);
  const real = readdirSync(articlesDir)
    .filter((name) => name.endsWith('.mdx') && !name.startsWith('bench-'))
    .map((name) => `/articles/${name.slice(0, -4)}`);
  return [
    '/',
    '/articles',
    ...(pages > 1 ? [listPagePath(2), listPagePath(pages)] : []),
    ...real,
    ...generated.slice(-2).map((id) => `/articles/${id}`),
  ];
}

let exitCode = 0;
try {
  ownCaches();
  const generated = generateArticles();
  const { seconds: checkSeconds, cpu } = check();
  console.log(
    `▶ npm run check:articles of ${COUNT} generated + the real articles: ${checkSeconds.toFixed(1)} s (${cpu.toFixed(1)} s of CPU; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores) ${checkSeconds <= GOAL_SECONDS ? `✓ within the ${GOAL_SECONDS} s goal` : `✗ over the ${GOAL_SECONDS} s goal`}`,
  );
  if (checkSeconds > GOAL_SECONDS && !options.budgets) exitCode = 1;
  console.log(
    `▶ Building ${COUNT} generated + the real articles in ${work} (${COLD ? 'cold: no image cache' : "with the project's image cache"}; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
  );
  const { seconds, stdout } = build();
  // Astro's own phase timings, to show where the time goes (images are shared, so that phase should not grow).
  const phases = stdout
    .split('\n')
    .filter((line) => /Completed in|built in|generating optimized images|articles checked|page-css/.test(line));
  for (const line of phases) console.log(`  ${stripVTControlCharacters(line).trim()}`);
  const pages = /(\d+) page\(s\) built/.exec(stdout)?.[1] ?? '?';
  const articlePages = readdirSync(join(work, 'dist/client/articles')).filter((f) => f.endsWith('.html')).length;
  console.log(
    `\nBuild with ${COUNT} generated articles${COLD ? ' (cold)' : ''}: ${seconds.toFixed(1)} s (${pages} pages, ${articlePages} pages under /articles/, ${ARTICLES_PER_PAGE} cards a list page).`,
  );
  console.log(seconds <= GOAL_SECONDS ? `✓ within the ${GOAL_SECONDS} s goal` : `✗ over the ${GOAL_SECONDS} s goal`);
  // With --budgets the pages' weight is what is asked; the build time depends on the machine's load as much.
  if (seconds > GOAL_SECONDS && !options.budgets) exitCode = 1;

  if (options.budgets) {
    const paths = pagesToMeasure(generated);
    const only = `^(${paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
    console.log(`\n▶ Budgets (budgets.json) on ${paths.join(', ')}`);
    const budgets = spawnSync(process.execPath, ['scripts/budgets.mjs', '--only', only, '--no-walk', '--no-worst-case'], {
      cwd: work,
      env: offlineEnv,
      stdio: 'inherit',
    });
    if (budgets.status !== 0) exitCode = 1;
  }
} catch (error) {
  console.error(`✗ bench-articles: ${error.message}`);
  exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
