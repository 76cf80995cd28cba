// @ts-check
// Astro's `security.csp` meta lists the hashes of every inline script and style of the whole build. After a post-build
// step rewrites a page, `rehashCsp` lists only that page's own, and only those Astro's policy already trusted: inline
// code that arrived as raw markup in content is never hashed (the build refuses it too; this is the second line).
import { createHash } from 'node:crypto';
import { INLINE_SCRIPT, INLINE_STYLE, inlineBodies, policyHashes, withHashes } from '../lib/csp.ts';

export { INLINE_SCRIPT };
const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/;

/** @param {string} text */
export const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** @param {string} html */
export function trustedHashes(html) {
  const policy = META.exec(html)?.[1] ?? '';
  return { scripts: policyHashes(policy, 'script-src'), styles: policyHashes(policy, 'style-src') };
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
  const own = (/** @type {RegExp} */ pattern, /** @type {Set<string>} */ allowed) =>
    inlineBodies(html, pattern)
      .map(sha256)
      .filter((hash) => allowed.has(hash));
  const directives = withHashes(meta[1] ?? '', {
    'script-src': own(INLINE_SCRIPT, trusted.scripts),
    'style-src': own(INLINE_STYLE, trusted.styles),
  });
  return html.replace(META, () => `<meta http-equiv="content-security-policy" content="${directives.join(';')}">`);
}
