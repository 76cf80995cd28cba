/**
 * The layers (docs/architecture.md): src/ (pages, components, pure domain) never imports the Worker, which hands each
 * on-demand page its view (src/lib/page-view.ts); functions/api/ and functions/pages/ are thin siblings over
 * functions/lib/ and never import each other; functions/lib/ imports neither. Read from each module's own import list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('functions');
const SRC = resolve('src');

function modules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? modules(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
  );
}

/** The folders of functions/ that a module imports from (api, pages, lib…), by each import's resolved path. */
function importedLayers(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(ROOT, resolve(dirname(file), name)).split(/[\\/]/)[0]!);
}

const layerOf = (file: string) => relative(ROOT, file).split(/[\\/]/)[0]!;

/** Every file of src/ that can hold an import: modules, islands, Astro components and pages. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(folder, entry.name))
      : /\.(ts|tsx|mts|mjs|js|astro)$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );
}

/**
 * The modules a src/ file names, resolved (`~/` is src/): static imports and re-exports, `import()` and side-effect
 * imports. An .astro file is read whole, so an import in its frontmatter or a <script> counts alike.
 */
function importedPaths(file: string, text = readFileSync(file, 'utf8')): string[] {
  const named = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]!);
  return named
    .filter((name) => name.startsWith('.') || name.startsWith('~/'))
    .map((name) => (name.startsWith('~/') ? join(SRC, name.slice(2)) : resolve(dirname(file), name)));
}

const intoFunctions = (to: string) => !relative(ROOT, to).startsWith('..');

describe('functions/ layers', () => {
  const files = modules(ROOT);

  it('finds the modules it checks', () => {
    expect(files.filter((file) => layerOf(file) === 'api').length).toBeGreaterThan(2);
    expect(files.filter((file) => layerOf(file) === 'pages').length).toBeGreaterThan(2);
  });

  it.each([
    ['api', ['pages']],
    ['pages', ['api']],
    ['lib', ['api', 'pages']],
  ])('functions/%s/ imports nothing from %j', (layer, forbidden) => {
    const crossings = files
      .filter((file) => layerOf(file) === layer)
      .flatMap((file) =>
        importedLayers(file)
          .filter((to) => forbidden.includes(to))
          .map((to) => `${relative(ROOT, file)} → ${to}/`),
      );
    expect(crossings).toEqual([]);
  });

  it('src/ imports nothing from functions/: a page is handed its view, a component its props', () => {
    const files = sourceFiles(SRC);
    expect(files.filter((file) => file.endsWith('.astro')).length).toBeGreaterThan(100);
    const crossings = files.flatMap((file) =>
      importedPaths(file)
        .filter(intoFunctions)
        .map((to) => `${relative(SRC, file)} → ${relative(resolve('.'), to)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('the check sees the Worker imported from a page, by type, by `import()` and through `~/`', () => {
    const page = join(SRC, 'pages/office/lead.astro');
    const frontmatter = [
      "import { leadView } from '../../../functions/pages/office-lead-view';",
      "import type { StaffMember } from '../../../functions/lib/office/staff';",
      "const gate = await import('../../../functions/lib/office/gate');",
      "import { site } from '~/site.config';",
    ].join('\n');
    expect(importedPaths(page, frontmatter).map(intoFunctions)).toEqual([true, true, true, false]);
  });

  it('the outbox knows no feature: each record type brings its link maker (functions/email-links.ts)', () => {
    const imported = ts
      .preProcessFile(readFileSync(join(ROOT, 'lib/outbox.ts'), 'utf8'), true, true)
      .importedFiles.map(({ fileName }) => relative(ROOT, resolve(ROOT, 'lib', fileName)));
    expect(imported.filter((file) => /^lib[\\/](account|quote)[\\/]|view-token/.test(file))).toEqual([]);
  });
});
