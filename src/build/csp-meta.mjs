// @ts-check
/**
 * Astro's `security.csp` writes a `<meta http-equiv="content-security-policy">` into every page with a sha256 hash
 * for every inline script and style of the whole build. After a post-build step rewrites a page's inline styles
 * or scripts, `rehashCsp` gives that page a policy listing exactly the hashes of its own inline scripts and styles
 * (fewer bytes, and nothing stale): the other directives are kept as Astro wrote them.
 *
 * Only the site's own code is hashed: Astro's policy lists every script and style the site's components produce,
 * and nothing that arrived as raw markup in content (an article's <script> or <style>; the build refuses those,
 * this is the second line). `trustedHashes` reads that list from the page as Astro wrote it, and `rehashCsp` hashes
 * only inline code found in it (plus the styles the post-build step rewrote from trusted ones).
 */
import { createHash } from 'node:crypto';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/;
/** Executable inline scripts: no src, and not a data block such as JSON-LD. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/** @param {string} text */
export const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The script and style hashes of a page's policy as Astro wrote it: the site's own inline code.
 * @param {string} html
 * @returns {{ scripts: Set<string>, styles: Set<string> }}
 */
export function trustedHashes(html) {
  const trusted = { scripts: new Set(), styles: new Set() };
  for (const directive of (META.exec(html)?.[1] ?? '').split(';')) {
    const [name = '', ...sources] = directive.trim().split(/\s+/);
    const into = name === 'script-src' ? trusted.scripts : name === 'style-src' ? trusted.styles : undefined;
    for (const source of sources) if (into && source.startsWith("'sha256-")) into.add(source);
  }
  return trusted;
}

/**
 * @param {string} html a page with Astro's CSP meta
 * @param {{ scripts: Set<string>, styles: Set<string> }} [trusted] hashes that may be listed (default: the page's own policy's)
 * @returns {string} the page with a policy that lists exactly the hashes of its own trusted inline scripts and styles
 * @throws {Error} when the page has no policy meta (the message reads after the page's name)
 */
export function rehashCsp(html, trusted = trustedHashes(html)) {
  const meta = META.exec(html);
  // Never a page without a policy: if Astro stops writing the meta this way, the build says so instead.
  if (!meta)
    throw new Error(
      'it has no <meta http-equiv="content-security-policy" content="…"> where Astro\'s security.csp writes one (astro.config.mjs). Has Astro changed how it writes the policy? src/build/csp-meta.mjs reads it.',
    );
  const hashes = (/** @type {RegExp} */ pattern, /** @type {Set<string>} */ allowed) => [
    ...new Set([...html.matchAll(pattern)].map(([, body]) => sha256(body ?? '')).filter((hash) => allowed.has(hash))),
  ];
  const scripts = hashes(INLINE_SCRIPT, trusted.scripts);
  const styles = hashes(INLINE_STYLE, trusted.styles);
  const directives = (meta[1] ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name = '', ...sources] = directive.split(/\s+/);
      if (name !== 'script-src' && name !== 'style-src') return directive;
      const kept = sources.filter((source) => !source.startsWith("'sha256-"));
      return [name, ...kept, ...(name === 'script-src' ? scripts : styles)].join(' ');
    });
  return html.replace(META, () => `<meta http-equiv="content-security-policy" content="${directives.join(';')}">`);
}
