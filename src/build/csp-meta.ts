// Astro's `security.csp` meta lists the hashes of every inline script and style of the whole build; after a page is
// rewritten, its meta lists only that page's own (src/lib/csp.ts).
import { createHash } from 'node:crypto';
import { pagePolicy, policyHashes } from '../lib/csp.ts';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/;

export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
export const metaPolicy = (html: string) => META.exec(html)?.[1];

/** `styles`: the hashes of the page's own styles as rewritten, in place of those the policy trusted before. */
export async function rehashCsp(html: string, styles?: Set<string>): Promise<string> {
  const policy = metaPolicy(html);
  if (policy === undefined)
    throw new Error(
      'it has no <meta http-equiv="content-security-policy" content="…"> where Astro\'s security.csp writes one (astro.config.mjs). Has Astro changed how it writes the policy? src/build/csp-meta.ts reads it.',
    );
  const trusted = styles && { 'script-src': policyHashes(policy, 'script-src'), 'style-src': styles };
  const directives = await pagePolicy(policy, html, sha256, trusted);
  return html.replace(META, () => `<meta http-equiv="content-security-policy" content="${directives.join(';')}">`);
}
