#!/usr/bin/env node
// What each piece of src/build/ saves: builds a copy of the project as it is, then one copy per piece with that piece
// switched off, and prints the bytes (gzip) that change, for docs/build-plugins.md.
//   npm run measure:build -- [piece …] [--base piece]      (all pieces unless some are named; --base switches a piece
//   off in every build, the first one included)
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIn, copyProject } from './lib/project-copy.mjs';

/** @param {string} dir @param {string} file @param {(text: string) => string} change */
function edit(dir, file, change) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`measure: nothing to switch off in ${file}`);
  writeFileSync(path, after);
}
const withoutPlugin = (/** @type {string} */ call) => (/** @type {string} */ dir) =>
  edit(dir, 'astro.config.mjs', (text) => text.replace(new RegExp(`\\b${call}\\(\\),? ?`), ''));

/** Piece → how to switch it off in a copy. */
const PIECES = {
  'browser-targets': withoutPlugin('browserTargets'),
  'calendar-unused-parts': withoutPlugin('calendarUnusedParts'),
  'quote-chunk': withoutPlugin('quoteChunk'),
  'page-css': (dir) => edit(dir, 'astro.config.mjs', (text) => text.replace(/\bpageCss\(\{[\s\S]*?\n {4}\}\),/, '')),
  'short-classes': (dir) =>
    edit(dir, 'src/build/page-css-integration.ts', (text) => text.replace('shortClasses = true', 'shortClasses = false')),
  'unregister-properties': (dir) =>
    edit(dir, 'src/build/css-prune.ts', (text) =>
      text.replace("return unregisterProperties(result?.css ?? '');", "return result?.css ?? '';"),
    ),
  'own-copy': (dir) => {
    for (const file of SOURCES(dir))
      if (readFileSync(join(dir, file), 'utf8').includes("'own-copy:")) edit(dir, file, (text) => text.replaceAll("'own-copy:~/", "'~/"));
  },
  'lazy-url': (dir) => {
    for (const file of SOURCES(dir)) {
      if (!readFileSync(join(dir, file), 'utf8').includes("'lazy-url:")) continue;
      edit(dir, file, (text) => {
        const urls = [...text.matchAll(/import (\w+) from 'lazy-url:([^']+)';\n/g)];
        for (const [line, name, target] of urls)
          text = text.replace(line, '').replaceAll(`import(/* @vite-ignore */ ${name})`, `import('${target}')`);
        return text;
      });
    }
  },
};
const SOURCES = (/** @type {string} */ dir) =>
  readdirSync(join(dir, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(astro|ts|tsx)$/.test(file) && !file.startsWith('build'))
    .map((file) => join('src', file));

/** @param {string} dist */
function measure(dist) {
  const gz = (/** @type {string} */ file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
  /** @param {string[]} start the page's scripts; followed through static imports only (what loads before use) */
  const closure = (start) => {
    const seen = new Set();
    const queue = [...start];
    while (queue.length) {
      const file = /** @type {string} */ (queue.pop());
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(join(dist, file), 'utf8');
      for (const [, ref = ''] of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\.?\/[^"']+\.js)["']/g))
        queue.push(join(file, '..', ref));
    }
    return [...seen];
  };
  /** @type {Record<string, { document: number, js: number, scripts: number }>} */
  const pages = {};
  for (const file of files.filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(join(dist, file), 'utf8');
    // What the page loads at once: script files, eager islands, and what its inline modules import.
    const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body).join(';');
    const urls = [
      ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
      ...html.matchAll(/\s(?:component|renderer|before-hydration)-url="([^"]+\.js)"/g),
      ...inline.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\/_astro\/[^"']+\.js)["']/g),
    ].map(([, url = '']) => url.slice(1));
    const scripts = closure([...new Set(urls)]);
    const path = `/${file.replace(/(index)?\.html$/, '')}`.replace(/\/$/, '') || '/';
    pages[path] = { document: gz(file), js: scripts.reduce((sum, script) => sum + gz(script), 0), scripts: scripts.length };
  }
  const js = files.filter((name) => name.startsWith('_astro') && name.endsWith('.js'));
  return { pages, js: js.reduce((sum, file) => sum + gz(file), 0), jsFiles: js.length };
}

/** @param {(dir: string) => void} [switchOff] */
async function build(switchOff) {
  const dir = copyProject({ prefix: 'shiftly-measure-' });
  try {
    switchOff?.(dir);
    const result = await buildIn(dir);
    if (result.status !== 0) throw new Error(`measure: the build failed\n${result.output.slice(-3000)}`);
    // The adapter's build puts the browser's files in dist/client.
    return measure(join(dir, 'dist', 'client'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const args = process.argv.slice(2);
const baseOff = args.includes('--base') ? args.splice(args.indexOf('--base'), 2)[1] : undefined;
const named = args;
for (const name of named) if (!(name in PIECES)) throw new Error(`measure: no piece "${name}" (${Object.keys(PIECES).join(', ')})`);

const off = (/** @type {((dir: string) => void) | undefined} */ piece) => (dir) => {
  if (baseOff) PIECES[baseOff](dir);
  piece?.(dir);
};
const base = await build(off());
console.log(`With every piece: client JavaScript ${kb(base.js)} gzip in ${base.jsFiles} files.`);
for (const [name, switchOff] of Object.entries(PIECES).filter(([name]) => !named.length || named.includes(name))) {
  let without;
  try {
    without = await build(off(switchOff));
  } catch (error) {
    // Another piece can need this one (page-css needs each on-demand island to be a chunk of its own).
    const message = String(error instanceof Error ? error.message : error);
    const reason = message.match(/page-css: .*/)?.[0] ?? message.split('\n')[0];
    console.log(`\nWithout ${name}: the build fails, so it cannot be measured alone (${reason}).`);
    continue;
  }
  console.log(`\nWithout ${name}: client JavaScript ${kb(without.js)} in ${without.jsFiles} files (${kb(without.js - base.js)}).`);
  const changed = Object.entries(base.pages)
    .map(([path, w]) => ({ path, w, o: without.pages[path] ?? { document: 0, js: 0, scripts: 0 } }))
    .filter(({ w, o }) => w.document !== o.document || w.js !== o.js || w.scripts !== o.scripts)
    .sort((a, b) => b.o.document - b.w.document - (a.o.document - a.w.document));
  for (const { path, w, o } of changed)
    console.log(
      `  ${path}: document ${kb(w.document)} with, ${kb(o.document)} without; scripts before use ${kb(w.js)} in ${w.scripts} files with, ${kb(o.js)} in ${o.scripts} without`,
    );
  if (!changed.length) console.log('  no page changes');
}
