/**
 * The Worker's layers (docs/architecture.md): functions/api/ and functions/pages/ are thin siblings over functions/lib/
 * and never import each other; functions/lib/ imports neither. Read from each module's own import list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('functions');

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

  it('the outbox knows no feature: each record type brings its link maker (functions/email-links.ts)', () => {
    const imported = ts
      .preProcessFile(readFileSync(join(ROOT, 'lib/outbox.ts'), 'utf8'), true, true)
      .importedFiles.map(({ fileName }) => relative(ROOT, resolve(ROOT, 'lib', fileName)));
    expect(imported.filter((file) => /^lib[\\/](account|quote)[\\/]|view-token/.test(file))).toEqual([]);
  });
});
