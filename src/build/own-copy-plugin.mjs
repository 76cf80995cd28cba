// @ts-check
// `import … from 'own-copy:~/scripts/consent-record'` bundles the module into the importing script rather than a shared
// chunk: Astro inlines a page script only when its chunk imports nothing (issue 11). Each importer gets a copy of its
// own (two importers sharing one copy would make it a shared chunk again). For small, stateless modules only: each copy
// is its own instance, so a store imported this way would not be shared.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const PREFIX = 'own-copy:';
const QUERY = '?own-copy=';
const COPY = /\?own-copy=(\w+)$/;
const srcDir = fileURLToPath(new URL('..', import.meta.url));
/** A module id without its own-copy mark, for code that reads the build's module ids. */
export const withoutOwnCopy = (/** @type {string} */ id) => id.replace(COPY, '');
const copyFor = (/** @type {string} */ importer) => createHash('sha256').update(importer).digest('hex').slice(0, 8);

/** @returns {import('vite').Plugin} */
export function ownCopy() {
  return {
    name: 'shiftly:own-copy',
    enforce: 'pre',
    async resolveId(id, importer) {
      // A distinct module id (the file plus a query): bundled separately, transformed like the file itself.
      if (id.startsWith(PREFIX)) {
        const target = id.slice(PREFIX.length).replace(/^~\//, srcDir);
        const resolved = await this.resolve(target, importer, { skipSelf: true });
        if (!resolved) throw new Error(`own-copy: cannot resolve ${target}`);
        return `${resolved.id}${QUERY}${copyFor(importer ?? '')}`;
      }
      // What a copy imports is copied with it, into the same importer's copy.
      const copy = importer?.match(COPY)?.[1];
      if (importer && copy) {
        const resolved = await this.resolve(id, withoutOwnCopy(importer), { skipSelf: true });
        if (resolved && !resolved.external && !resolved.id.includes('\0')) return `${resolved.id}${QUERY}${copy}`;
        return resolved;
      }
      return null;
    },
  };
}
