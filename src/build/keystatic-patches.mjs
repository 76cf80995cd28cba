// @ts-check
/**
 * Four small changes to Keystatic's browser code, made as it is bundled (the dev server's prebundling and the
 * editor's production build), never in node_modules.
 *
 * Keystatic always stores an entry's pictures in a folder named after the entry (its issue #254), but our articles
 * keep their picture beside them: src/content/articles/<id>.mdx and <id>.png. The article's image field
 * (src/editor/article-image-field.tsx) names its file `../<id>.png` from the entry's folder, and three changes make
 * that work the same in local and in GitHub mode:
 *   - read:  the path of an asset field's file is resolved (`…/articles/<id>/../<id>.png` → `…/articles/<id>.png`);
 *   - write: the paths of the files a save writes are resolved the same way;
 *   - load:  the files an entry is loaded with include `<entry>.<ext>` for each extension a field declares in
 *            `besideEntry.extensions` (Keystatic fetches only the files it expects an entry to have).
 * One drops the stylesheet Keystatic loads from Google Fonts: the editor page makes no request to a third party
 * (its policy would refuse it anyway) and uses the system's fonts.
 * Three keep a saved article written the way articles are written by hand, so that a pull request shows the words
 * an editor changed and not a reformatted file: list items with `-` (not `*`), each frontmatter value on one line
 * (not folded at 80 characters), and a blank line after the frontmatter.
 *
 * Each change names the code it replaces: if an upgrade of Keystatic moves it, the build and the dev server stop
 * with a message saying so (and tests/unit/keystatic-patches.test.ts fails) rather than writing files elsewhere.
 */
import { createHash } from 'node:crypto';

/**
 * `a/b/../c` → `a/c`: an asset's path with its `..` segments resolved.
 * @param {string} path
 */
export function resolveAssetPath(path) {
  /** @type {string[]} */
  const segments = [];
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

/**
 * The extensions of the files beside an entry that its top-level fields declare (`besideEntry.extensions`).
 * @param {{ kind: string, fields?: Record<string, object> }} schema
 * @returns {string[]}
 */
export function besideEntryExtensions(schema) {
  if (schema.kind !== 'object' || !schema.fields) return [];
  return Object.values(schema.fields).flatMap((field) =>
    'besideEntry' in field && field.besideEntry ? [.../** @type {{ extensions: readonly string[] }} */ (field.besideEntry).extensions] : [],
  );
}

/** The two functions above, as code put at the top of each changed module. */
const HELPERS = `\nconst __shiftlyResolvePath = ${resolveAssetPath.toString()};\nconst __shiftlyBesideEntryExtensions = ${besideEntryExtensions.toString()};\n`;

/** @typedef {{ name: string, marker: string, find: RegExp, replace: string }} Change */

/** @type {Change[]} */
export const KEYSTATIC_CHANGES = [
  {
    name: 'read an asset beside its entry',
    marker: 'function parseEntry(',
    find: /const asset = filepath \? getFile\((`[^;]*?\/\$\{filepath\}`)\) : undefined;/,
    replace: 'const asset = filepath ? getFile(__shiftlyResolvePath($1)) : undefined;',
  },
  {
    name: 'write an asset beside its entry',
    marker: 'function serializeEntryToFiles(',
    find: /path: (`\$\{file\.parent \?[^;]*?\/\$\{file\.path\}`),/,
    replace: 'path: __shiftlyResolvePath($1),',
  },
  {
    name: "load the files beside an entry with the entry's own files",
    marker: 'function getDirectoriesForTreeKey(',
    find: /(directories\.push\(fixPath\(directory\) \+ getDataFileExtension\(format\)\);)/,
    replace:
      "$1\n    for (const extension of __shiftlyBesideEntryExtensions(schema)) directories.push(fixPath(directory) + '.' + extension);",
  },
  {
    name: 'load no fonts from Google',
    marker: 'https://fonts.googleapis.com/',
    find: /\/\*#__PURE__\*\/jsx\("link", \{\s*href: "https:\/\/fonts\.googleapis\.com\/[^"]*",\s*rel: "stylesheet"\s*\}\), /,
    replace: '',
  },
  {
    name: "write list items with '-'",
    marker: 'function serializeFromEditorStateMDX(',
    find: /(const mdx = toMarkdown\(mdxNode, \{[^}]*?rule: '-')(\s*\}\);)/,
    replace: "$1,\n    bullet: '-'$2",
  },
  {
    name: 'write a blank line after the frontmatter',
    marker: 'function serializeFromEditorStateMDX(',
    find: /(return \{\s*)content: mdx,/,
    replace: "$1content: '\\n' + mdx,",
  },
  {
    name: 'write each frontmatter value on one line',
    marker: 'function serializeEntryToFiles(',
    find: /: dump\(stateWithExtraFilesRemoved\)\);/,
    replace: ': dump(stateWithExtraFilesRemoved, { lineWidth: -1 }));',
  },
];

/** Changes the version of the patch whenever the changes do, so Vite's cache of prebundled dependencies is redone. */
const VERSION = createHash('sha256')
  .update(JSON.stringify(KEYSTATIC_CHANGES.map(({ find, replace }) => [find.source, replace])) + HELPERS)
  .digest('hex')
  .slice(0, 8);

/**
 * Applies the changes whose function `code` defines. Throws when a function is there but its code is not the one
 * the change expects (a different Keystatic).
 * @param {string} code
 * @returns {{ code: string, applied: string[] }}
 */
export function patchKeystaticModule(code) {
  /** @type {string[]} */
  const applied = [];
  let out = code;
  for (const change of KEYSTATIC_CHANGES) {
    if (!out.includes(change.marker)) continue;
    const matches = out.match(new RegExp(change.find.source, 'g')) ?? [];
    if (matches.length !== 1)
      throw new Error(
        `Keystatic's code changed: "${change.name}" (src/build/keystatic-patches.mjs) found ${matches.length} places to change instead of 1. ` +
          'Update the change for this Keystatic version, or pin the version it was written for.',
      );
    out = out.replace(change.find, change.replace);
    applied.push(change.name);
  }
  return { code: applied.length ? HELPERS + out : code, applied };
}

const KEYSTATIC_DIST = /[\\/]@keystatic[\\/]core[\\/]dist[\\/][^\\/]+\.js$/;

/**
 * The same transform as a Vite plugin (the editor's production build) and as a Rolldown plugin for Vite's
 * prebundling of dependencies (the dev server). After a bundle, every change must have been applied once.
 * @returns {import('vite').Plugin}
 */
export function keystaticPatches() {
  /** @type {Set<string>} */
  const applied = new Set();
  return {
    name: `shiftly:keystatic-patches-${VERSION}`,
    buildStart() {
      applied.clear();
    },
    transform(code, id) {
      if (!KEYSTATIC_DIST.test(id.split('?')[0] ?? '')) return null;
      const result = patchKeystaticModule(code);
      if (!result.applied.length) return null;
      for (const name of result.applied) applied.add(name);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      if (error || applied.size === 0) return;
      const missing = KEYSTATIC_CHANGES.filter((change) => !applied.has(change.name)).map((change) => change.name);
      if (missing.length)
        throw new Error(`Keystatic's code changed: no place found to "${missing.join('", "')}" (src/build/keystatic-patches.mjs).`);
    },
  };
}
