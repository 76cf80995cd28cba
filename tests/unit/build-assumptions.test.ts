/**
 * Issue 32 item 3: each kept piece of src/build stops the build when what it relies on in Astro, Vite, Tailwind or a
 * vendor's code is no longer there, instead of quietly changing nothing (docs/build-plugins.md).
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { requireVersions } from '~/build/assumptions.ts';
import { browserTargets } from '~/build/browser-targets.ts';
import { STAND_INS, WRITTEN_FOR as CALENDAR, calendarUnusedParts } from '~/build/calendar-unused-parts.ts';
import { TAILWIND } from '~/build/css-prune.ts';
import { SAVING_CHANGES } from '~/editor/build/editor-body-bundle.mjs';
import { WRITTEN_FOR as KEYSTATIC, keystaticPatches } from '~/editor/build/keystatic-patches.mjs';
import { importMarks } from '~/build/import-marks.ts';
import { prunePages } from '~/build/page-css-integration.ts';
import { quoteChunk } from '~/build/quote-chunk.ts';

/** A plugin's hook called as Vite would, with `this` as given. */
const hook =
  (plugin: Plugin, name: keyof Plugin, self: object = {}) =>
  (...args: unknown[]) =>
    (plugin[name] as (...args: unknown[]) => unknown).call(self, ...args);

const withoutClient = { command: 'build', environments: { ssr: {}, prerender: {} } } as unknown as ResolvedConfig;

describe("the pieces for the browser's scripts", () => {
  it.each([
    ['browser-targets', browserTargets()],
    ['calendar-unused-parts', calendarUnusedParts()],
    ['quote-chunk', quoteChunk()],
  ])('%s stops a build that has no "client" environment (Astro renamed its browser build)', (name, plugin) => {
    expect(() => hook(plugin, 'configResolved')(withoutClient)).toThrow(`${name}: the build has no Vite environment "client"`);
  });

  it('calendar-unused-parts stops the build when react-day-picker or date-fns no longer has a module it replaces', () => {
    const plugin = calendarUnusedParts();
    const [first, ...others] = Object.keys(STAND_INS);
    for (const module of others) expect(hook(plugin, 'load')(`/app/node_modules/${module}.js`)).toBe(STAND_INS[module]);
    expect(() => hook(plugin, 'buildEnd')()).toThrow(`the browser build never loaded ${first}`);
    hook(plugin, 'load')(`/app/node_modules/${first}.js?v=1`);
    expect(hook(plugin, 'buildEnd')()).toBeUndefined();
  });

  it("quote-chunk stops the browser's build when the wizard's entry is not where it looks", () => {
    const build = (environment: string) =>
      hook(quoteChunk(), 'buildEnd', { environment: { name: environment }, getModuleIds: () => ['/app/src/islands/Other.tsx'].values() })();
    expect(() => build('client')).toThrow('quote-chunk: the browser build has no src/islands/quote-wizard/QuoteWizard.tsx');
    expect(build('ssr')).toBeUndefined();
  });
});

describe('pinned versions', () => {
  function project(range: string, installed: string) {
    const root = mkdtempSync(join(tmpdir(), 'pinned-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ devDependencies: { 'some-lib': range } }));
    mkdirSync(join(root, 'node_modules/some-lib'), { recursive: true });
    writeFileSync(join(root, 'node_modules/some-lib/package.json'), JSON.stringify({ version: installed }));
    return root;
  }

  it('stop the build when package.json allows another version or another one is installed', () => {
    expect(() => requireVersions({ 'some-lib': '1.2.3' }, 'a piece', project('^1.2.3', '1.2.3'))).toThrow(
      'a piece was written for some-lib 1.2.3, but package.json asks for "^1.2.3" and 1.2.3 is installed',
    );
    expect(() => requireVersions({ 'some-lib': '1.2.3' }, 'a piece', project('1.2.3', '1.3.0'))).toThrow(/1\.3\.0 is installed/);
    expect(() => requireVersions({ 'some-lib': '1.2.3' }, 'a piece', project('1.2.3', '1.2.3'))).not.toThrow();
  });

  it('hold the versions the pieces were written for in this project', () => {
    // The pieces check at build time; this says so before a build, on the project itself.
    expect(() => calendarUnusedParts()).not.toThrow();
    expect(() => keystaticPatches()).not.toThrow();
  });
});

describe('exact pins', () => {
  // Beyond the versions each piece was written for (which it checks itself), what the build and the Worker rely on.
  const reliedOn = {
    'the browser build, the pages and the chunks the pieces read': ['astro', 'vite'],
    'the Worker: its adapter, its config and generated types (worker-configuration.d.ts), its router': [
      '@astrojs/cloudflare',
      'wrangler',
      'hono',
    ],
    "every page's CSS as sent (page-css, css-prune, short-classes, browser-targets)": [
      'postcss',
      'postcss-selector-parser',
      'postcss-prefix-selector',
      'purgecss',
      'purgecss-from-html',
      'lightningcss',
    ],
  };
  const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
  const locked = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages;
  const names = [...Object.values(reliedOn).flat(), ...Object.keys({ ...CALENDAR, ...TAILWIND, ...KEYSTATIC })];

  it.each(names)('%s is pinned exactly, in package.json, to the version package-lock.json holds', (name) => {
    expect(locked[`node_modules/${name}`]?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(devDependencies[name]).toBe(locked[`node_modules/${name}`].version);
  });
});

describe('keystatic-patches', () => {
  it("stops the build when Keystatic's modules are bundled but not one change found its place", () => {
    const plugin = keystaticPatches();
    hook(plugin, 'buildStart')();
    expect(hook(plugin, 'transform')('export const rewritten = 1;', '/app/node_modules/@keystatic/core/dist/keystatic-core.js')).toBeNull();
    expect(() => hook(plugin, 'buildEnd')()).toThrow(/Keystatic's code changed: no place found to "read an asset beside its entry"/);
  });

  it('lets a build without Keystatic (the site) through', () => {
    const plugin = keystaticPatches();
    hook(plugin, 'buildStart')();
    expect(hook(plugin, 'buildEnd')()).toBeUndefined();
  });

  it("stops the article check's bundle of the editor's body when a change deciding what a body is saved as finds no place", () => {
    // Even when no Keystatic module was loaded at all: the bundle needs them.
    const plugin = keystaticPatches({ required: SAVING_CHANGES });
    hook(plugin, 'buildStart')();
    expect(() => hook(plugin, 'buildEnd')()).toThrow(
      `no place found to "write list items with '-'", "write a blank line after the frontmatter"`,
    );
    expect(() => keystaticPatches({ required: ['write tables'] })).toThrow('no change is called "write tables"');
  });
});

describe('lazy-url and own-copy', () => {
  const unresolved = { resolve: async () => null, emitFile: () => 'ref' };

  it('stop the build when the module they name does not resolve', async () => {
    const lazy = importMarks();
    hook(lazy, 'configResolved')({ command: 'build' });
    await expect(hook(lazy, 'load', unresolved)('\0lazy-url:~/scripts/gone#importer-1')).rejects.toThrow('lazy-url: cannot resolve');
    await expect(hook(importMarks(), 'resolveId', unresolved)('own-copy:~/scripts/gone', '/app/src/a.ts')).rejects.toThrow(
      'own-copy: cannot resolve',
    );
  });
});

describe('page-css', () => {
  const csp = `<meta http-equiv="content-security-policy" content="default-src 'self'; style-src 'self';">`;
  function site(style: string, body = '') {
    const dist = mkdtempSync(join(tmpdir(), 'page-css-'));
    writeFileSync(join(dist, 'index.html'), `<html><head>${csp}<style>${style}</style></head><body>${body}</body></html>`);
    return dist;
  }

  it("stops the build when an island's props are not where it reads them (its classes would be renamed)", async () => {
    const dist = site(
      '/*! tailwindcss v4.3.5 */::placeholder{opacity:1}.a{color:red}',
      '<astro-island uid="1" data-props="{}"></astro-island>',
    );
    await expect(prunePages({ dist, chunks: new Map(), islands: {} })).rejects.toThrow(/index\.html has an <astro-island> without props/);
  });
});
