// @ts-check
/**
 * Astro's `security.csp` writes a `<meta http-equiv="content-security-policy">` into every page with a sha256 hash
 * for every inline script and style of the whole build. After a post-build step rewrites a page's inline styles
 * or scripts, `rehashCsp` gives that page a policy listing exactly the hashes of its own inline scripts and styles
 * (fewer bytes, and nothing stale): the other directives are kept as Astro wrote them.
 */
import { createHash } from 'node:crypto';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/;
/** Executable inline scripts: no src, and not a data block such as JSON-LD. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/** @param {string} text */
export const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * @param {string} html a page with Astro's CSP meta
 * @returns {string} the page with a policy that lists exactly its own inline scripts' and styles' hashes
 */
export function rehashCsp(html) {
  const meta = META.exec(html);
  if (!meta) return html;
  const scripts = [...new Set([...html.matchAll(INLINE_SCRIPT)].map(([, body]) => sha256(body ?? '')))];
  const styles = [...new Set([...html.matchAll(INLINE_STYLE)].map(([, body]) => sha256(body ?? '')))];
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
