#!/usr/bin/env node
// Build-time benchmark for the articles collection: copies the site to a temporary folder, adds 1,000
// generated articles that all share one image, times `astro build` there, prints the figure and deletes
// the copy. Nothing is written to src/ or dist/ of the real project.
//
//   npm run bench:articles            (or: ARTICLE_COUNT=200 npm run bench:articles)
//
// By default the copy starts with the project's own optimised-image cache (node_modules/.astro/assets, filled
// by any earlier `npm run build`), as a CI cache would. The shared image is a copy of a real article's image,
// so its variants come from that cache too and the figure shows how page building scales with the number of
// articles. BENCH_COLD=1 starts from no cache at all and adds the one-off AVIF/WebP encoding of every image.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { articleCategories } from '../src/data/article-categories.ts';
import { offlineEnv } from './lib/offline-env.mjs';

const COUNT = Number(process.env.ARTICLE_COUNT ?? 1000);
const COLD = process.env.BENCH_COLD === '1';
const GOAL_SECONDS = 60;
const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'shiftly-bench-'));

function copyProject() {
  for (const entry of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(root, entry), join(work, entry), { recursive: true });
  }
  // node_modules: a real folder of links, so Astro's and Vite's caches (node_modules/.astro, .vite) stay in the copy.
  mkdirSync(join(work, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '.astro' || name === '.vite') continue;
    symlinkSync(join(root, 'node_modules', name), join(work, 'node_modules', name));
  }
  const imageCache = join(root, 'node_modules/.astro/assets');
  if (!COLD && existsSync(imageCache)) cpSync(imageCache, join(work, 'node_modules/.astro/assets'), { recursive: true });
}

function generateArticles() {
  const dir = join(work, 'src/content/articles');
  // One real article's body, so the Markdown work per page is realistic (about 1,500 words).
  const body = readFileSync(join(dir, 'moving-checklist-guide.mdx'), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
  cpSync(join(dir, 'moving-checklist-guide.png'), join(dir, 'bench-shared.png'));
  for (let i = 1; i <= COUNT; i++) {
    const n = String(i).padStart(4, '0');
    const day = new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    writeFileSync(
      join(dir, `bench-${n}.mdx`),
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
}

let exitCode = 0;
try {
  copyProject();
  generateArticles();
  console.log(
    `▶ Building ${COUNT} generated + the real articles in ${work} (${COLD ? 'cold: no image cache' : "with the project's image cache"}; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
  );
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
  // Astro's own phase timings, to show where the time goes (images are shared, so that phase should not grow).
  const phases = result.stdout.split('\n').filter((line) => /Completed in|built in|generating optimized images/.test(line));
  for (const line of phases) console.log(`  ${stripVTControlCharacters(line).trim()}`);
  const pages = /(\d+) page\(s\) built/.exec(result.stdout)?.[1] ?? '?';
  const articlePages = readdirSync(join(work, 'dist/articles')).filter((f) => f.endsWith('.html')).length;
  console.log(
    `\nBuild with ${COUNT} generated articles${COLD ? ' (cold)' : ''}: ${seconds.toFixed(1)} s (${pages} pages, ${articlePages} article pages).`,
  );
  console.log(seconds <= GOAL_SECONDS ? `✓ within the ${GOAL_SECONDS} s goal` : `✗ over the ${GOAL_SECONDS} s goal`);
  if (seconds > GOAL_SECONDS) exitCode = 1;
} catch (error) {
  console.error(`✗ bench-articles: ${error.message}`);
  exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
