// `import … from 'own-copy:~/scripts/consent-record'` bundles the module into each importing script rather than a
// shared chunk: Astro inlines a page script only when its chunk imports nothing. For small, stateless modules only:
// each copy is its own instance.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = 'own-copy:';
const QUERY = '?own-copy=';
const COPY = /\?own-copy=(\w+)$/;
const srcDir = fileURLToPath(new URL('..', import.meta.url));
/** A module id without its own-copy mark. */
export const withoutOwnCopy = (id: string) => id.replace(COPY, '');
const copyFor = (importer: string) => createHash('sha256').update(importer).digest('hex').slice(0, 8);

export function ownCopy(): Plugin {
  return {
    name: 'shiftly:own-copy',
    enforce: 'pre',
    async resolveId(id, importer) {
      // The file plus a query: a module of its own, transformed like the file.
      if (id.startsWith(PREFIX)) {
        const target = id.slice(PREFIX.length).replace(/^~\//, srcDir);
        const resolved = await this.resolve(target, importer, { skipSelf: true });
        if (!resolved) throw new Error(`own-copy: cannot resolve ${target}`);
        return `${resolved.id}${QUERY}${copyFor(importer ?? '')}`;
      }
      // What a copy imports goes into the same importer's copy.
      const copy = importer?.match(COPY)?.[1];
      if (!importer || !copy) return null;
      const resolved = await this.resolve(id, withoutOwnCopy(importer), { skipSelf: true });
      return resolved && !resolved.external && !resolved.id.includes('\0') ? `${resolved.id}${QUERY}${copy}` : resolved;
    },
  };
}
