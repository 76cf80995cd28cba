// Each page carries only the CSS it uses. Astro inlines the whole site stylesheet into every page; after the build
// this prunes each page's copy to what its markup and scripts can match, gives each on-demand island its own scoped
// sheet (linked from its host's `data-css`), shortens class names and rehashes the page's CSP.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { INLINE_SCRIPT, INLINE_STYLE, inlineBodies, policyHashes } from '../lib/csp.ts';
import { CLIENT, requireVersions } from './assumptions.ts';
import { metaPolicy, rehashCsp, sha256 } from './csp-meta.ts';
import { TAILWIND, pruneCss, pruneKey, requireFormControlPseudoElements, scopeCss, scriptTokens, type PageContent } from './css-prune.ts';
import { withoutOwnCopy } from './own-copy-plugin.ts';
import { decodeEntities, shortenClasses } from './short-classes.ts';

type Chunks = Map<string, { facade: string | null; modules: string[] }>;

const STYLE = /<style([^>]*)>([\s\S]*?)<\/style>/g;
/** A built script named from markup or from another script: `/_astro/x.js`, `./x.js`, `../x.js`. */
const SCRIPT_REF = /["'`]((?:\.{1,2}\/|\/_astro\/)[^"'`\s]+?\.js)["'`]/g;
const PAGE_SCRIPT_REF = /\/_astro\/[^"'`\s)]+?\.js/g;
/** An Astro island's serialised props, which its component renders from on hydration. */
const ISLAND_PROPS = /<astro-island\b[^>]*?\sprops="([^"]*)"/g;
const TAILWIND_CSS = /^\/\*! tailwindcss v/;

/** `islands`: each on-demand island's host name (`data-island="…"`) → its entry module, from the project root. */
export function pageCss({ islands }: { islands: Record<string, string> }): AstroIntegration {
  let root = process.cwd();
  const chunks: Chunks = new Map();
  const recordChunks: Plugin = {
    name: 'shiftly:record-client-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === CLIENT,
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') chunks.set(output.fileName, { facade: output.facadeModuleId, modules: output.moduleIds });
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
        const started = Date.now();
        const modules = Object.fromEntries(Object.entries(islands).map(([name, path]) => [name, resolve(root, path)]));
        const report = await prunePages({ dist: fileURLToPath(dir), chunks, islands: modules });
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
        logger.info(
          `${report.pages} pages (${report.prunes} kinds): inline CSS ${kb(report.before)} → ${kb(report.after)} gzip in total; island sheets ${report.islands.join(', ')} (${Date.now() - started} ms)`,
        );
      },
    },
  };
}

const gzSizes = new Map<string, number>();
const gz = (text: string) => gzSizes.get(text) ?? gzSizes.set(text, gzipSync(text, { level: 9 }).length).get(text) ?? 0;

/** Built script files and the scripts they reach, read once each. */
function scriptFiles(dist: string) {
  const cache = new Map<string, Promise<string>>();
  const text = (url: string) =>
    cache.get(url) ??
    cache
      .set(
        url,
        readFile(join(dist, url), 'utf8').catch(() => ''),
      )
      .get(url) ??
    '';
  /** The texts of `start` and every script they name, except those at `stopAt` and beyond. */
  const reach = async (start: string[], stopAt = new Set<string>()) => {
    const seen = new Set<string>();
    const queue = start.filter((url) => !stopAt.has(url));
    for (let url = queue.shift(); url; url = queue.shift()) {
      if (seen.has(url)) continue;
      seen.add(url);
      for (const [, ref = ''] of (await text(url)).matchAll(SCRIPT_REF)) {
        const next = ref.startsWith('/') ? ref : posix.join(posix.dirname(url), ref);
        if (!seen.has(next) && !stopAt.has(next)) queue.push(next);
      }
    }
    return Promise.all([...seen].map(text));
  };
  return reach;
}

export async function prunePages({
  dist,
  chunks,
  islands,
  shortClasses = true,
}: {
  dist: string;
  chunks: Chunks;
  islands: Record<string, string>;
  shortClasses?: boolean;
}) {
  const reach = scriptFiles(dist);
  // A page's scripts stop at an island: at its entry, and at a chunk that holds its module for other importers too
  // (the entry then only re-exports it). Such a chunk may carry small helpers along, never UI of its own.
  const islandEntries: Record<string, string> = {};
  const stopAt = new Set<string>();
  for (const [name, module] of Object.entries(islands)) {
    for (const [fileName, chunk] of chunks) {
      if (chunk.facade === module) islandEntries[name] = `/${fileName}`;
      else if (chunk.modules.includes(module)) {
        const ui = chunk.modules.filter((other) => other !== module && !/\/src\/(scripts|lib)\/[^/]+\.ts$/.test(withoutOwnCopy(other)));
        if (ui.length)
          throw new Error(`page-css: ${fileName} holds island "${name}" together with ${ui.join(', ')}: its CSS would go with the island`);
      } else continue;
      stopAt.add(`/${fileName}`);
    }
    if (!islandEntries[name]) throw new Error(`page-css: no built chunk is the entry of ${module} (island "${name}")`);
  }

  const pages = await htmlFiles(dist);
  const sources = await Promise.all(pages.map((page) => readFile(page, 'utf8')));
  const siteCss = sources.flatMap((html) => [...html.matchAll(STYLE)].map(([, , css = '']) => css)).find((css) => TAILWIND_CSS.test(css));
  if (!siteCss)
    throw new Error(
      "page-css: no page has Tailwind's stylesheet inline (a <style> starting /*! tailwindcss v), so there is nothing to prune. Is build.inlineStylesheets still 'always' in astro.config.mjs?",
    );
  requireFormControlPseudoElements(siteCss);
  const islandHrefs: Record<string, string> = {};
  for (const [name, entry] of Object.entries(islandEntries)) {
    const css = await scopeCss(await pruneCss(siteCss, { scripts: await reach([entry]) }), `[data-island="${name}"]`);
    const fileName = `_astro/island-${name}.${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
    await writeFile(join(dist, fileName), css);
    islandHrefs[name] = `/${fileName}`;
  }

  const pruned = new Map<string, Promise<string>>();
  const prune = (css: string, content: PageContent) => {
    const key = pruneKey(css, content);
    return pruned.get(key) ?? pruned.set(key, pruneCss(css, content)).get(key) ?? '';
  };
  let before = 0;
  let after = 0;
  for (const [index, page] of pages.entries()) {
    const html = sources[index] ?? '';
    const markup = html.replace(STYLE, '');
    const scripts = [...inlineBodies(markup, INLINE_SCRIPT), ...(await reach([...new Set(markup.match(PAGE_SCRIPT_REF))], stopAt))];
    // Only the site's own styles (those the policy trusts) are pruned; a style that came in as content stays as it is.
    const policyStyles = policyHashes(metaPolicy(html) ?? '', 'style-src');
    const styles = [...html.matchAll(STYLE)].map(([, , css = '']) => ({ css, own: policyStyles.has(sha256(css)) }));
    const kept = await Promise.all(styles.map(({ css, own }) => (own ? prune(css, { html: markup, scripts }) : css)));
    let nth = 0;
    let out = html.replace(STYLE, (_match, attributes) => {
      const css = kept[nth++] ?? '';
      return css ? `<style${attributes}>${css}</style>` : '';
    });
    // On the hosts' tags only, not where a script names the same attribute in a selector.
    for (const [name, href] of Object.entries(islandHrefs))
      out = out.replace(new RegExp(`(<[a-z]+\\s[^<>]*?)data-island="${name}"`, 'g'), `$1data-island="${name}" data-css="${href}"`);
    // A class a script or an island's props name keeps its name: the script may add it, find it or render it.
    const islandProps = [...markup.matchAll(ISLAND_PROPS)].map(([, props = '']) => decodeEntities(props));
    if (islandProps.length < (markup.match(/<astro-island\b/g) ?? []).length)
      throw new Error(`page-css: ${relative(dist, page)} has an <astro-island> without props="…": has Astro changed how it writes them?`);
    if (shortClasses) out = shortenClasses(out, new Set([...scripts, ...islandProps].flatMap((text) => scriptTokens(text).classes)));
    // The site's own styles as they now read are the ones the policy trusts.
    const ownKept = styles.filter((_style, i) => kept[i]).map(({ own }) => own);
    const rewritten = new Set(
      inlineBodies(out, INLINE_STYLE)
        .filter((_css, i) => ownKept[i])
        .map(sha256),
    );
    out = await rehashCsp(out, rewritten).catch((error: Error) => {
      throw new Error(`page-css: ${relative(dist, page)}: ${error.message}`);
    });
    await writeFile(page, out);
    before += styles.reduce((sum, { css }) => sum + gz(css), 0);
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

async function htmlFiles(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => relative(dir, a).localeCompare(relative(dir, b)));
}
