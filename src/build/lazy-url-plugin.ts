// `import url from 'lazy-url:~/scripts/notify'` gives the built URL of that module's own chunk, for `import(url)` on
// demand: Vite wraps a literal `import('…')` in a preload helper (~0.8 KB gzip, loaded up front).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = 'lazy-url:';
const IMPORTER = '#importer-';
const srcDir = fileURLToPath(new URL('..', import.meta.url));

export function lazyUrl(): Plugin {
  let serve = false;
  return {
    name: 'shiftly:lazy-url',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    // One module per importer: a chunk two scripts share would stop Astro inlining them. The dev server has no chunks
    // and never sends a URL's #fragment, so there the id is the target alone.
    resolveId(id, importer) {
      if (!id.startsWith(PREFIX)) return;
      if (serve) return `\0${id}`;
      return `\0${id}${IMPORTER}${createHash('sha256')
        .update(importer ?? '')
        .digest('hex')
        .slice(0, 12)}`;
    },
    async load(id) {
      if (!id.startsWith('\0' + PREFIX)) return;
      const end = id.indexOf(IMPORTER);
      const target = id.slice(1 + PREFIX.length, end === -1 ? undefined : end).replace(/^~\//, srcDir);
      const resolved = await this.resolve(target);
      if (!resolved) throw new Error(`lazy-url: cannot resolve ${target}`);
      if (serve) return `export default ${JSON.stringify('/@fs' + resolved.id)};`;
      const ref = this.emitFile({ type: 'chunk', id: resolved.id, preserveSignature: 'exports-only' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
