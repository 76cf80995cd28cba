// @ts-check
// `import url from 'lazy-url:~/scripts/notify'` gives the built URL of that module's own chunk, for `import(url)` on
// demand: Vite wraps a literal `import('…')` in a preload helper (~0.8 KB gzip, loaded up front).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const PREFIX = 'lazy-url:';
const IMPORTER = '#importer-';
const srcDir = fileURLToPath(new URL('..', import.meta.url));

/** @returns {import('vite').Plugin} */
export function lazyUrl() {
  let serve = false;
  return {
    name: 'shiftly:lazy-url',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    // One module per importer: a module two scripts import would go into a chunk they share, and a script that
    // imports a chunk is no longer inlined into its page (issue 11: no script file to fetch). The dev server has no
    // chunks, and it serves a module at a URL made from its id, where #importer-… would be a fragment the browser
    // never sends (issue 31 item 5): there the id is the target alone.
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
      // The dev server serves modules by path; a build emits the module as a chunk and links to it.
      if (serve) return `export default ${JSON.stringify('/@fs' + resolved.id)};`;
      const ref = this.emitFile({ type: 'chunk', id: resolved.id, preserveSignature: 'exports-only' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
