/**
 * The changes made to Keystatic's browser code as it is bundled (src/editor/build/keystatic-patches.mjs), against the
 * Keystatic installed here: each finds exactly one place to change, and a different Keystatic stops the build
 * with the change's name instead of quietly writing pictures elsewhere. The end-to-end editor test
 * (tests/e2e/editor.spec.ts) shows what they are for: a picture saved beside its article.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { besideEntryExtensions, KEYSTATIC_CHANGES, patchKeystaticModule, resolveAssetPath } from '~/editor/build/keystatic-patches.mjs';
import { articleFields } from '~/editor/keystatic.config';
import { ARTICLE_IMAGE_EXTENSIONS } from '~/editor/article-image-field';

/** The files a browser loads: the package's default build, not its Node, worker or server-component builds. */
const dist = join(dirname(fileURLToPath(import.meta.resolve('@keystatic/core/package.json'))), 'dist');
const browserFiles = readdirSync(dist).filter((name) => name.endsWith('.js') && !/\.(node|worker|react-server)\./.test(name));

describe("the changes to Keystatic's browser code", () => {
  it('each apply exactly once to the installed Keystatic', () => {
    const applied = browserFiles.flatMap((name) => patchKeystaticModule(readFileSync(join(dist, name), 'utf8')).applied);
    for (const change of KEYSTATIC_CHANGES)
      expect(
        applied.filter((name) => name === change.name),
        change.name,
      ).toHaveLength(1);
  });

  it('stop with the change named when Keystatic no longer has the code a change expects', () => {
    const [change] = KEYSTATIC_CHANGES;
    expect(() => patchKeystaticModule(`${change!.marker} rewritten in a later version }`)).toThrow(change!.name);
  });

  it('leave any other module as it is', () => {
    const code = 'export const unrelated = 1;';
    expect(patchKeystaticModule(code)).toEqual({ code, applied: [] });
  });

  it("resolve a picture named from the entry's folder to the file beside the entry", () => {
    expect(resolveAssetPath('src/content/articles/moving-day/../moving-day.png')).toBe('src/content/articles/moving-day.png');
    expect(resolveAssetPath('src/content/articles/moving-day/image.png')).toBe('src/content/articles/moving-day/image.png');
  });

  it('load an article with the picture types its image field declares', () => {
    expect(besideEntryExtensions({ kind: 'object', fields: articleFields })).toEqual([...ARTICLE_IMAGE_EXTENSIONS]);
    expect(besideEntryExtensions({ kind: 'array' })).toEqual([]);
  });
});
