// @ts-check
/**
 * Changes to Keystatic's browser code, made as it is bundled, never in node_modules. Keystatic stores an entry's
 * pictures in a folder named after it (its issue #254) but our articles keep theirs beside them, so three changes make
 * `../<id>.png` work on read, write and load; one drops Google Fonts (the editor's policy refuses third parties); five
 * name buttons (0.6.9 calls the link button "Divider" and leaves the insert menu's and a body picture's unnamed);
 * three keep a saved article formatted as by hand, so a pull request shows only the words changed. Each names the code
 * it replaces, and the build checks the Keystatic installed is the one they were written for, so an upgrade that moves
 * the code stops the build rather than writing files elsewhere.
 */
import { createHash } from 'node:crypto';
import { requireVersions } from '../../build/assumptions.ts';

export const WRITTEN_FOR = { '@keystatic/core': '0.6.9' };

/** `a/b/../c` → `a/c`. @param {string} path */
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
 * @param {{ kind: string, fields?: Record<string, object> }} schema
 * @returns {string[]}
 */
export function besideEntryExtensions(schema) {
  if (schema.kind !== 'object' || !schema.fields) return [];
  return Object.values(schema.fields).flatMap((field) =>
    'besideEntry' in field && field.besideEntry ? [.../** @type {{ extensions: readonly string[] }} */ (field.besideEntry).extensions] : [],
  );
}

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
    // Keystatic 0.6.9 gives its link button the divider's name, so a screen reader announces "Divider".
    name: 'name the link button Link',
    marker: 'function LinkButton(',
    find: /"aria-label": "Divider"(,\s*command: \(state_0, dispatch\) => \{\s*const aroundFrom = markAround\()/,
    replace: '"aria-label": "Link"$1',
  },
  {
    // Its insert menu's button (the + shown once tables, pictures or components are on) has a tooltip but no name.
    name: 'name the insert button Insert',
    marker: 'function InsertBlockMenu(',
    find: /(children: \[\/\*#__PURE__\*\/jsxs\(ActionButton, \{)(\s*marginEnd: entryLayoutPane === 'main')/,
    replace: '$1\n        "aria-label": "Insert",$2',
  },
  // A picture in the body shows three icon buttons with tooltips but no names.
  {
    name: "name the body picture's Edit button",
    marker: 'function ImagePopover(',
    find: /(function ImagePopover\(props\) \{[\s\S]{0,700}?jsx\(ActionButton, \{)(\s*prominence: "low",\s*onPress: t0,\s*children: \/\*#__PURE__\*\/jsx\(Icon, \{\s*src: editIcon)/,
    replace: '$1\n      "aria-label": "Edit the picture\'s details",$2',
  },
  {
    name: "name the body picture's Choose file button",
    marker: 'function ImagePopover(',
    find: /(t5 = \/\*#__PURE__\*\/jsx\(Icon, \{\s*src: fileUpIcon[\s\S]{0,200}?jsx\(ActionButton, \{)(\s*prominence: "low",\s*onPress: t4,)/,
    replace: '$1\n      "aria-label": "Choose another picture",$2',
  },
  {
    name: "name the body picture's Remove button",
    marker: 'function ImagePopover(',
    find: /(t12 = \/\*#__PURE__\*\/jsx\(Icon, \{\s*src: trash2Icon[\s\S]{0,200}?jsx\(ActionButton, \{)(\s*prominence: "low",\s*onPress: t11,)/,
    replace: '$1\n      "aria-label": "Remove the picture",$2',
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

/** Changes whenever the changes do, so Vite's cache of prebundled dependencies is redone. */
const VERSION = createHash('sha256')
  .update(JSON.stringify(KEYSTATIC_CHANGES.map(({ find, replace }) => [find.source, replace])) + HELPERS)
  .digest('hex')
  .slice(0, 8);

/**
 * Throws when a function is there but its code is not the one the change expects (a different Keystatic).
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
        `Keystatic's code changed: "${change.name}" (src/editor/build/keystatic-patches.mjs) found ${matches.length} places to change instead of 1. ` +
          'Update the change for this Keystatic version, or pin the version it was written for.',
      );
    out = out.replace(change.find, change.replace);
    applied.push(change.name);
  }
  return { code: applied.length ? HELPERS + out : code, applied };
}

const KEYSTATIC_DIST = /[\\/]@keystatic[\\/]core[\\/]dist[\\/][^\\/]+\.js$/;

/**
 * Used as a Vite plugin (production build) and as a Rolldown plugin for prebundling (dev server).
 * @param {{ required?: readonly string[] }} [options] the changes the bundle must make (default: all, if it loads
 *   Keystatic at all; a bundle of the body field alone never loads the modules the others change)
 * @returns {import('vite').Plugin}
 */
export function keystaticPatches({ required } = {}) {
  requireVersions(WRITTEN_FOR, 'src/editor/build/keystatic-patches.mjs');
  const unknown = required?.filter((name) => !KEYSTATIC_CHANGES.some((change) => change.name === name)) ?? [];
  if (unknown.length) throw new Error(`keystaticPatches: no change is called "${unknown.join('", "')}"`);
  /** @type {Set<string>} */
  const applied = new Set();
  let seen = 0;
  return {
    name: `shiftly:keystatic-patches-${VERSION}`,
    buildStart() {
      applied.clear();
      seen = 0;
    },
    transform(code, id) {
      if (!KEYSTATIC_DIST.test(id.split('?')[0] ?? '')) return null;
      seen++;
      const result = patchKeystaticModule(code);
      if (!result.applied.length) return null;
      for (const name of result.applied) applied.add(name);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      // Without a list, a build that never loads Keystatic (the site's own) needs none.
      if (error || (seen === 0 && !required)) return;
      const missing = (required ?? KEYSTATIC_CHANGES.map((change) => change.name)).filter((name) => !applied.has(name));
      if (missing.length)
        throw new Error(`Keystatic's code changed: no place found to "${missing.join('", "')}" (src/editor/build/keystatic-patches.mjs).`);
    },
  };
}
