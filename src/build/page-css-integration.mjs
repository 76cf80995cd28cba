// @ts-check
// Each page carries only the CSS it uses (issue 11). Astro inlines the whole site stylesheet into every page; after the
// build this prunes each page's copy to what its markup and scripts can match, gives each on-demand island its own
// scoped sheet (linked from the host's `data-css`), shortens class names and rehashes the page's CSP.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CLIENT, requireVersions } from './assumptions.mjs';
import { TAILWIND, pruneCss, pruneKey, requireFormControlPseudoElements, scopeCss, scriptTokens } from './css-prune.mjs';
import { INLINE_SCRIPT, rehashCsp, sha256, trustedHashes } from './csp-meta.mjs';
import { withoutOwnCopy } from './own-copy-plugin.mjs';
import { decodeEntities, shortenClasses } from './short-classes.mjs';

const STYLE = /<style([^>]*)>([\s\S]*?)<\/style>/g;
/** A built script named from markup or from another script: `/_astro/x.js`, `./x.js`, `../x.js`. */
const SCRIPT_REF = /["'`]((?:\.{1,2}\/|\/_astro\/)[^"'`\s]+?\.js)["'`]/g;
const PAGE_SCRIPT_REF = /\/_astro\/[^"'`\s)]+?\.js/g;
/** An Astro island's serialised props (`<astro-island props="…">`), which its component renders from on hydration. */
const ISLAND_PROPS = /<astro-island\b[^>]*?\sprops="([^"]*)"/g;
const TAILWIND_CSS = /^\/\*! tailwindcss v/;

/**
 * @typedef {object} Options
 * @property {Record<string, string>} islands on-demand island host name (`data-island="…"`) → its entry module, from the project root
 */

/**
 * @param {Options} options
 * @returns {import('astro').AstroIntegration}
 */
export function pageCss({ islands }) {
  let root = process.cwd();
  /** @type {Map<string, { facade: string | null, modules: string[] }>} */
  const chunks = new Map();

  /** @type {import('vite').Plugin} */
  const recordChunks = {
    name: 'shiftly:record-client-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === CLIENT,
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, { facade: output.facadeModuleId, modules: output.moduleIds });
      }
    },
  };

  return {
    name: 'shiftly:page-css',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        root = fileURLToPath(config.root);
        if (command === 'build') requireVersions(TAILWIND, 'page-css');
        updateConfig({ vite: { plugins: [recordChunks] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const started = Date.now();
        const report = await prunePages({
          dist,
          chunks,
          islands: Object.fromEntries(Object.entries(islands).map(([name, path]) => [name, resolve(root, path)])),
        });
        logger.info(
          `${report.pages} pages (${report.prunes} kinds): inline CSS ${kb(report.before)} → ${kb(report.after)} gzip in total; island sheets ${report.islands.join(', ')} (${Date.now() - started} ms)`,
        );
      },
    },
  };
}

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** @type {Map<string, number>} */
const gzSizes = new Map();
/** Cached because many pages share each stylesheet. @param {string} text */
const gz = (text) => {
  let size = gzSizes.get(text);
  if (size === undefined) gzSizes.set(text, (size = gzipSync(text, { level: 9 }).length));
  return size;
};

/**
 * @param {{ dist: string, chunks: Map<string, { facade: string | null, modules: string[] }>, islands: Record<string, string>, shortClasses?: boolean }} input
 */
export async function prunePages({ dist, chunks, islands, shortClasses = true }) {
  const files = new ScriptFiles(dist);
  const chunkOf = (/** @type {(c: { facade: string | null, modules: string[] }) => boolean} */ test) =>
    [...chunks].filter(([, chunk]) => test(chunk)).map(([fileName]) => `/${fileName}`);

  const islandEntries = Object.fromEntries(
    Object.entries(islands).map(([name, module]) => {
      const [entry] = chunkOf((chunk) => chunk.facade === module);
      if (!entry) throw new Error(`page-css: no built chunk is the entry of ${module} (island "${name}")`);
      return [name, entry];
    }),
  );
  // A page's scripts stop at an island: at its entry, and at the chunk that holds its module when others import it
  // too (the entry then only re-exports it). Such a chunk may carry small helpers along, never UI of its own.
  const stopAt = new Set(Object.values(islandEntries));
  for (const [name, module] of Object.entries(islands)) {
    for (const [fileName, chunk] of chunks) {
      if (chunk.facade === module || !chunk.modules.includes(module)) continue;
      const ui = chunk.modules.filter((other) => other !== module && !/\/src\/(scripts|lib)\/[^/]+\.ts$/.test(withoutOwnCopy(other)));
      if (ui.length)
        throw new Error(`page-css: ${fileName} holds island "${name}" together with ${ui.join(', ')}: its CSS would go with the island`);
      stopAt.add(`/${fileName}`);
    }
  }

  const pages = await htmlFiles(dist);
  const sources = await Promise.all(pages.map((page) => readFile(page, 'utf8')));

  // The site stylesheet is Tailwind's, which starts with its banner.
  const siteCss = sources.flatMap((html) => [...html.matchAll(STYLE)].map(([, , css]) => css ?? '')).find((css) => TAILWIND_CSS.test(css));
  if (!siteCss)
    throw new Error(
      "page-css: no page has Tailwind's stylesheet inline (a <style> starting /*! tailwindcss v), so there is nothing to prune. Is build.inlineStylesheets still 'always' in astro.config.mjs?",
    );
  requireFormControlPseudoElements(siteCss);
  /** @type {Record<string, string>} */
  const islandHrefs = {};
  for (const [name, entry] of Object.entries(islandEntries)) {
    const scripts = await files.texts(await files.closure([entry]));
    const css = await scopeCss(await pruneCss(siteCss, { scripts }), `[data-island="${name}"]`);
    const fileName = `_astro/island-${name}.${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
    await writeFile(join(dist, fileName), css);
    islandHrefs[name] = `/${fileName}`;
  }

  /** @type {Map<string, Promise<string>>} */
  const pruned = new Map();
  const prune = (/** @type {string} */ css, /** @type {{ html: string, scripts: string[] }} */ content) => {
    const key = pruneKey(css, content);
    let result = pruned.get(key);
    if (!result) {
      result = pruneCss(css, content);
      pruned.set(key, result);
    }
    return result;
  };

  let before = 0;
  let after = 0;
  for (const [index, page] of pages.entries()) {
    const html = sources[index] ?? '';
    const markup = html.replace(STYLE, '');
    const inlineScripts = [...markup.matchAll(INLINE_SCRIPT)].map(([, body]) => body ?? '');
    const named = [...new Set(markup.match(PAGE_SCRIPT_REF) ?? [])];
    const scripts = [...inlineScripts, ...(await files.texts(await files.closure(named, stopAt)))];

    // Only the site's own styles are pruned and hashed again; a style that came in as content stays unhashed.
    const trusted = trustedHashes(html);
    const styles = [...html.matchAll(STYLE)];
    const own = styles.map(([, , css]) => trusted.styles.has(sha256(css ?? '')));
    const kept = await Promise.all(styles.map(([, , css], i) => (own[i] ? prune(css ?? '', { html: markup, scripts }) : (css ?? ''))));
    let nth = 0;
    let out = html.replace(STYLE, (_match, attributes) => {
      const css = kept[nth++] ?? '';
      return css ? `<style${attributes}>${css}</style>` : '';
    });
    // On the hosts' tags only, not where a script names the same attribute in a selector.
    for (const [name, href] of Object.entries(islandHrefs))
      out = out.replace(new RegExp(`(<[a-z]+\\s[^<>]*?)data-island="${name}"`, 'g'), `$1data-island="${name}" data-css="${href}"`);
    // A class a script or an island's props name keeps its name: the script may add it, find it or render it.
    const islandProps = [...markup.matchAll(ISLAND_PROPS)].map(([, props]) => decodeEntities(props ?? ''));
    if (islandProps.length < (markup.match(/<astro-island\b/g) ?? []).length)
      throw new Error(`page-css: ${relative(dist, page)} has an <astro-island> without props="…": has Astro changed how it writes them?`);
    if (shortClasses) out = shortenClasses(out, new Set([...scripts, ...islandProps].flatMap((text) => scriptTokens(text).classes)));
    // The site's own styles as they now read (pruned, classes shortened) are the ones the policy trusts.
    const ownKept = own.filter((_own, i) => kept[i]);
    const rewritten = new Set([...out.matchAll(STYLE)].filter((_style, i) => ownKept[i]).map(([, , css]) => sha256(css ?? '')));
    try {
      out = rehashCsp(out, { scripts: trusted.scripts, styles: rewritten });
    } catch (error) {
      throw new Error(`page-css: ${relative(dist, page)}: ${error instanceof Error ? error.message : error}`);
    }
    await writeFile(page, out);
    before += styles.reduce((sum, [, , css]) => sum + gz(css ?? ''), 0);
    after += kept.reduce((sum, css) => sum + gz(css), 0);
  }
  return {
    pages: pages.length,
    prunes: pruned.size,
    before,
    after,
    islands: Object.entries(islandHrefs).map(([name, href]) => `${name} ${href}`),
  };
}

class ScriptFiles {
  /** @param {string} dist */
  constructor(dist) {
    this.dist = dist;
    /** @type {Map<string, Promise<string>>} */
    this.cache = new Map();
  }

  /** @param {string} url a site path such as /_astro/x.js */
  text(url) {
    let text = this.cache.get(url);
    if (!text) {
      text = readFile(join(this.dist, url), 'utf8').catch(() => '');
      this.cache.set(url, text);
    }
    return text;
  }

  /** @param {string[]} urls */
  texts(urls) {
    return Promise.all(urls.map((url) => this.text(url)));
  }

  /**
   * @param {string[]} start
   * @param {Set<string>} [stopAt]
   */
  async closure(start, stopAt = new Set()) {
    const seen = new Set();
    const queue = start.filter((url) => !stopAt.has(url));
    while (queue.length) {
      const url = /** @type {string} */ (queue.shift());
      if (seen.has(url)) continue;
      seen.add(url);
      for (const [, ref = ''] of (await this.text(url)).matchAll(SCRIPT_REF)) {
        const next = ref.startsWith('/') ? ref : posix.join(posix.dirname(url), ref);
        if (!seen.has(next) && !stopAt.has(next)) queue.push(next);
      }
    }
    return [...seen];
  }
}

/** @param {string} dir */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => relative(dir, a).localeCompare(relative(dir, b)));
}
