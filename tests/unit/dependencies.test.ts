/**
 * Issue 42 item 7: package.json declares what the code uses, and nothing else. Every bare import of the project's own
 * code (ES imports, `import()`, `require()`, JSDoc's import types, `/// <reference types>`, CSS `@import` and
 * `@plugin`) names a declared package or its `@types/` package; every declared package is imported, or is
 * listed in USED_OTHERWISE with how it is used.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WRITTEN_FOR as CALENDAR } from '~/build/calendar-unused-parts.ts';

const FOLDERS = ['src', 'functions', 'scripts', 'stand-ins', 'tests', 'bench', '*.config.*', '*.mjs'];
const CODE = /\.(m?[jt]sx?|mts|astro|css)$/;
const GENERATED = 'functions/worker-configuration.d.ts';
/** Specifiers that name no package: relative paths, the `~/` alias, Node's, Astro's, Cloudflare's and our own marks. */
const NOT_A_PACKAGE = /^(\.|\/|~\/|#|node:|astro:|virtual:|cloudflare:|lazy-url:|own-copy:)/;

const USED_OTHERWISE: Record<string, string> = {
  node: 'the Node every npm script runs on',
  wrangler: 'the `wrangler` command (dev, d1, types, deploy)',
  '@astrojs/check': '`astro check`',
  prettier: 'the `prettier` command',
  'prettier-plugin-astro': '.prettierrc.json',
  'world-atlas': 'read from node_modules by scripts/generate-route-map.mjs',
  // react-day-picker's own dependencies, declared to pin the versions whose modules calendar-unused-parts replaces.
  'date-fns': `pinned at ${CALENDAR['date-fns']} for src/build/calendar-unused-parts.ts`,
  '@date-fns/tz': `pinned at ${CALENDAR['@date-fns/tz']} for src/build/calendar-unused-parts.ts`,
};

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...FOLDERS], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => CODE.test(file) && file !== GENERATED);

/** What a file's code imports: an .astro file's frontmatter and scripts, a stylesheet's `@import` and `@plugin`. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.css')) return [...text.matchAll(/@(?:import|plugin|reference)\s+["']([^"']+)["']/g)].map((match) => match[1]!);
  const code = file.endsWith('.astro')
    ? [
        /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '',
        ...[...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]),
      ].join('\n;\n')
    : text;
  const { importedFiles, typeReferenceDirectives } = ts.preProcessFile(code, true, true);
  const jsDocTypes = code
    .split('\n')
    .filter((line) => /^\s*(\/\*\*?|\*|\/\/)/.test(line))
    .flatMap((line) => [...line.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]!));
  return [...importedFiles, ...typeReferenceDirectives].map(({ fileName }) => fileName).concat(jsDocTypes);
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Each imported package, with the files that import it. */
const imported = new Map<string, string[]>();
for (const file of files)
  for (const specifier of specifiers(file)) {
    if (NOT_A_PACKAGE.test(specifier) || builtinModules.includes(specifier.split('/')[0]!)) continue;
    imported.set(packageOf(specifier), [...(imported.get(packageOf(specifier)) ?? []), file]);
  }

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
/** `@types/d3-geo` types `d3-geo`, `@types/a__b` types `@a/b`. */
const typesOf = (name: string) => `@types/${name.replace(/^@/, '').replace('/', '__')}`;
const typed = (name: string) => name.replace(/^@types\/(.*)__/, '@$1/').replace(/^@types\//, '');

describe('declared dependencies', () => {
  it('reads the imports of every kind of file', () => {
    expect(files.length).toBeGreaterThan(500);
    // One of each way in: a Worker module, an island, a page, a stylesheet, a JSDoc type, a reference directive.
    const importers = (name: string) => imported.get(name) ?? [];
    expect(importers('hono')).toContain('functions/worker.ts');
    expect(importers('react')).toContain('src/islands/quote-wizard/QuoteWizard.tsx');
    expect(importers('astro')).toContain('src/pages/articles/[id].astro');
    expect(importers('astro')).toContain('src/env.d.ts');
    expect(importers('tailwindcss')).toContain('src/styles/global.css');
    expect(importers('geojson')).toContain('scripts/generate-route-map.mjs');
  });

  it('every package the code imports is declared in package.json', () => {
    const undeclared = [...imported]
      .filter(([name]) => !declared.includes(name) && !declared.includes(typesOf(name)))
      .map(([name, importers]) => `${name} (${importers[0]})`);
    expect(undeclared).toEqual([]);
  });

  it('every declared package is imported, or used as USED_OTHERWISE says', () => {
    const unused = declared.filter((name) => !imported.has(typed(name)) && !(name in USED_OTHERWISE));
    expect(unused).toEqual([]);
    expect(Object.keys(USED_OTHERWISE).filter((name) => !declared.includes(name) || imported.has(name))).toEqual([]);
  });
});
