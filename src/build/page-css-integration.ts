// Each page carries only the CSS it uses. Astro inlines the whole site stylesheet into every page; after the build
// this prunes each page's copy to what its markup and scripts can match, gives each on-demand island its own scoped
// sheet (linked from its host's `data-css`), shortens class names and rehashes the page's CSP.
import { createHash } from 'node:crypto';
import { glob, readFile, writeFile } from 'node:fs/promises';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { decodeHTMLAttribute } from 'entities';
import type { Plugin } from 'vite';
import { INLINE_SCRIPT, INLINE_STYLE, inlineBodies, policyHashes } from '../lib/csp.ts';
import { CLIENT, requireVersions } from './assumptions.ts';
import { metaPolicy, rehashCsp, sha256 } from './csp-meta.ts';
import { TAILWIND, pruneCss, pruneKey, scopeCss, scriptTokens } from './css-prune.ts';
import { withoutOwnCopy } from './import-marks.ts';
import { shortenClasses } from './short-classes.ts';

type Chunks = Map<string, { facade: string | null; modules: string[] }>;
type Input = { dist: string; chunks: Chunks; islands: Record<string, string>; shortClasses?: boolean };

const STYLE = /<style([^>]*)>([\s\S]*?)<\/style>/g;
/** A built script named from markup or from another script: `/_astro/x.js`, `./x.js`, `../x.js`. */
const SCRIPT_REF = /["'`]((?:\.{1,2}\/|\/_astro\/)[^"'`\s]+?\.js)["'`]/g;
const PAGE_SCRIPT_REF = /\/_astro\/[^"'`\s)]+?\.js/g;
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
        const { pages, prunes, sheets } = await prunePages({ dist: fileURLToPath(dir), chunks, islands: modules });
        logger.info(`${pages} pages (${prunes} kinds of page); island sheets ${sheets.join(', ')} (${Date.now() - started} ms)`);
      },
    },
  };
}

/** Each island's entry chunk, and the chunks a page's scripts stop at: its entry, and a chunk that holds its module
 * for other importers too (the entry then only re-exports it), which may carry small helpers but no UI of its own. */
function islandChunks(chunks: Chunks, islands: Record<string, string>) {
  const entries: Record<string, string> = {};
  const stopAt = new Set<string>();
  for (const [name, module] of Object.entries(islands)) {
    for (const [fileName, chunk] of chunks) {
      if (chunk.facade === module) entries[name] = `/${fileName}`;
      else if (chunk.modules.includes(module)) {
        const ui = chunk.modules.filter((other) => other !== module && !/\/src\/(scripts|lib)\/[^/]+\.ts$/.test(withoutOwnCopy(other)));
        if (ui.length)
          throw new Error(`page-css: ${fileName} holds island "${name}" together with ${ui.join(', ')}: its CSS would go with the island`);
      } else continue;
      stopAt.add(`/${fileName}`);
    }
    if (!entries[name]) throw new Error(`page-css: no built chunk is the entry of ${module} (island "${name}")`);
  }
  return { entries, stopAt };
}

/** The texts of the built scripts `start` names and every script they name in turn, except at `stopAt` and beyond. */
function scriptReach(dist: string) {
  const cache = new Map<string, Promise<string>>();
  const text = (url: string) => {
    if (!cache.has(url))
      cache.set(
        url,
        readFile(join(dist, url), 'utf8').catch(() => ''),
      );
    return cache.get(url) ?? '';
  };
  return async (start: string[], stopAt = new Set<string>()) => {
    const seen = new Set<string>();
    const queue = start.filter((url) => !stopAt.has(url));
    for (let url = queue.shift(); url; url = queue.shift()) {
      if (seen.has(url)) continue;
      seen.add(url);
      for (const [, ref = ''] of (await text(url)).matchAll(SCRIPT_REF)) {
        const next = ref.startsWith('/') ? ref : posix.join(posix.dirname(url), ref);
        if (!stopAt.has(next)) queue.push(next);
      }
    }
    return Promise.all([...seen].map(text));
  };
}

export async function prunePages({ dist, chunks, islands, shortClasses = true }: Input) {
  const reach = scriptReach(dist);
  const { entries, stopAt } = islandChunks(chunks, islands);
  const pages = (await Array.fromAsync(glob('**/*.html', { cwd: dist }))).sort();
  const sources = await Promise.all(pages.map((page) => readFile(join(dist, page), 'utf8')));
  const siteCss = sources.flatMap((html) => inlineBodies(html, INLINE_STYLE)).find((css) => TAILWIND_CSS.test(css));
  if (!siteCss)
    throw new Error(
      "page-css: no page has Tailwind's stylesheet inline (a <style> starting /*! tailwindcss v), so there is nothing to prune. Is build.inlineStylesheets still 'always' in astro.config.mjs?",
    );
  const sheets: Record<string, string> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const css = await scopeCss(await pruneCss(siteCss, { scripts: await reach([entry]) }), `[data-island="${name}"]`);
    sheets[name] = `/_astro/island-${name}.${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
    await writeFile(join(dist, sheets[name]), css);
  }

  const pruned = new Map<string, Promise<string>>();
  for (const [index, page] of pages.entries()) {
    const html = sources[index] ?? '';
    const markup = html.replace(STYLE, '');
    const scripts = [...inlineBodies(markup, INLINE_SCRIPT), ...(await reach([...new Set(markup.match(PAGE_SCRIPT_REF))], stopAt))];
    // Only the site's own styles (those the policy trusts) are pruned; a style that came in as content stays as it is.
    const policyStyles = policyHashes(metaPolicy(html) ?? '', 'style-src');
    const styles = inlineBodies(html, INLINE_STYLE).map((css) => ({ css, own: policyStyles.has(sha256(css)) }));
    const kept = await Promise.all(
      styles.map(({ css, own }) => {
        if (!own) return css;
        const key = pruneKey(css, { html: markup, scripts });
        if (!pruned.has(key)) pruned.set(key, pruneCss(css, { html: markup, scripts }));
        return pruned.get(key) ?? css;
      }),
    );
    let nth = 0;
    let out = html.replace(STYLE, (_match, attributes) => {
      const css = kept[nth++] ?? '';
      return css ? `<style${attributes}>${css}</style>` : '';
    });
    // On the hosts' tags only, not where a script names the same attribute in a selector.
    for (const [name, href] of Object.entries(sheets))
      out = out.replace(new RegExp(`(<[a-z]+\\s[^<>]*?)data-island="${name}"`, 'g'), `$1data-island="${name}" data-css="${href}"`);
    // A class a script or an island's props name keeps its name: the script may add it, find it or render it.
    const islandProps = [...markup.matchAll(ISLAND_PROPS)].map(([, props = '']) => decodeHTMLAttribute(props));
    if (islandProps.length < (markup.match(/<astro-island\b/g) ?? []).length)
      throw new Error(`page-css: ${page} has an <astro-island> without props="…": has Astro changed how it writes them?`);
    if (shortClasses) out = shortenClasses(out, new Set([...scripts, ...islandProps].flatMap((text) => scriptTokens(text).classes)));
    // The policy trusts the site's own styles as they now read.
    const ownKept = styles.filter((_style, i) => kept[i]).map(({ own }) => own);
    const rewritten = inlineBodies(out, INLINE_STYLE).filter((_css, i) => ownKept[i]);
    out = await rehashCsp(out, new Set(rewritten.map(sha256))).catch((error: Error) => {
      throw new Error(`page-css: ${page}: ${error.message}`);
    });
    await writeFile(join(dist, page), out);
  }
  return { pages: pages.length, prunes: pruned.size, sheets: Object.entries(sheets).map(([name, href]) => `${name} ${href}`) };
}
