// Two marks on an import that keep page scripts inline, since Astro inlines a page script only when its chunk imports
// nothing. `own-copy:~/…` bundles a small, stateless module into each importer rather than a shared chunk (each copy
// is its own instance); `lazy-url:~/…` is the built URL of a module's own chunk, for `import(url)` on demand without
// Vite's preload helper (~0.8 KB gzip, loaded up front).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const OWN_COPY = 'own-copy:';
const LAZY_URL = 'lazy-url:';
const COPY = /\?own-copy=(\w+)$/;
const IMPORTER = '#importer-';
const srcDir = fileURLToPath(new URL('..', import.meta.url));
const target = (id: string, mark: string) => id.slice(mark.length).replace(/^~\//, srcDir);
const importerKey = (importer = '') => createHash('sha256').update(importer).digest('hex').slice(0, 8);
/** A module id without its own-copy mark. */
export const withoutOwnCopy = (id: string) => id.replace(COPY, '');

export function importMarks(): Plugin {
  let serve = false;
  return {
    name: 'shiftly:import-marks',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    async resolveId(id, importer) {
      // One module per importer, so no two scripts share it. The dev server has no chunks and never sends a URL's
      // #fragment: there a lazy URL's id is the target alone.
      if (id.startsWith(LAZY_URL)) return serve ? `\0${id}` : `\0${id}${IMPORTER}${importerKey(importer)}`;
      if (id.startsWith(OWN_COPY)) {
        const resolved = await this.resolve(target(id, OWN_COPY), importer, { skipSelf: true });
        if (!resolved) throw new Error(`own-copy: cannot resolve ${target(id, OWN_COPY)}`);
        return `${resolved.id}?own-copy=${importerKey(importer)}`;
      }
      // What a copy imports goes into the same importer's copy.
      const copy = importer?.match(COPY)?.[1];
      if (!importer || !copy) return null;
      const resolved = await this.resolve(id, withoutOwnCopy(importer), { skipSelf: true });
      return resolved && !resolved.external && !resolved.id.includes('\0') ? `${resolved.id}?own-copy=${copy}` : resolved;
    },
    async load(id) {
      if (!id.startsWith(`\0${LAZY_URL}`)) return;
      const path = target(id.slice(1).split(IMPORTER)[0] ?? '', LAZY_URL);
      const resolved = await this.resolve(path);
      if (!resolved) throw new Error(`lazy-url: cannot resolve ${path}`);
      if (serve) return `export default ${JSON.stringify('/@fs' + resolved.id)};`;
      const ref = this.emitFile({ type: 'chunk', id: resolved.id, preserveSignature: 'exports-only' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
