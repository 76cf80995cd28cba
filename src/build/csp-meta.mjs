// @ts-check
// Astro's `security.csp` meta lists the hashes of every inline script and style of the whole build. After a post-build
// step rewrites a page, `rehashCsp` lists only that page's own, and only those Astro's policy already trusted: inline
// code that arrived as raw markup in content is never hashed (the build refuses it too; this is the second line).
import { createHash } from 'node:crypto';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/;
/** Executable inline scripts: no src, and not a data block such as JSON-LD. */
export const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/** @param {string} text */
export const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
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
 * @param {string} html
 * @param {{ scripts: Set<string>, styles: Set<string> }} [trusted]
 * @returns {string}
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
