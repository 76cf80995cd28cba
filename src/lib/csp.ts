/**
 * A page's Content-Security-Policy names the hashes of its own inline scripts and styles only: Astro's names those of
 * the whole build. The build rewrites each prebuilt page's `<meta>` (src/build/csp-meta.ts) and the Worker each
 * on-demand page's header (functions/lib/page-policy.ts), both with `pagePolicy()`.
 */

/** Executable inline scripts: no src, and not a data block such as JSON-LD. */
export const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;
export const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

export type HashedDirective = 'script-src' | 'style-src';

/** The bodies of a page's inline scripts or styles, in order. */
export const inlineBodies = (html: string, pattern: RegExp): string[] => [...html.matchAll(pattern)].map(([, body]) => body ?? '');

const directivesOf = (policy: string) =>
  policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);

/** The `'sha256-…'` sources the policy gives a directive. */
export function policyHashes(policy: string, name: HashedDirective): Set<string> {
  const directive = directivesOf(policy).find((each) => each.split(/\s+/)[0] === name);
  return new Set((directive?.split(/\s+/).slice(1) ?? []).filter((source) => source.startsWith("'sha256-")));
}

/** The policy's directives with each hashed one's `'sha256-…'` sources replaced by `hashes`' for it. */
export function withHashes(policy: string, hashes: Record<HashedDirective, readonly string[]>): string[] {
  return directivesOf(policy).map((directive) => {
    const [name = '', ...sources] = directive.split(/\s+/);
    if (name !== 'script-src' && name !== 'style-src') return directive;
    return [name, ...sources.filter((source) => !source.startsWith("'sha256-")), ...new Set(hashes[name])].join(' ');
  });
}

type Trusted = Record<HashedDirective, Set<string>>;

/**
 * The policy's directives naming only the hashes of `html`'s own inline scripts and styles, and of those only the ones
 * `trusted` names (by default the policy's own): inline code that arrived as raw markup in content is never trusted.
 */
export async function pagePolicy(
  policy: string,
  html: string,
  sha256: (text: string) => string | Promise<string>,
  trusted: Trusted = { 'script-src': policyHashes(policy, 'script-src'), 'style-src': policyHashes(policy, 'style-src') },
): Promise<string[]> {
  const own = async (pattern: RegExp, name: HashedDirective) =>
    (await Promise.all(inlineBodies(html, pattern).map(sha256))).filter((hash) => trusted[name].has(hash));
  return withHashes(policy, { 'script-src': await own(INLINE_SCRIPT, 'script-src'), 'style-src': await own(INLINE_STYLE, 'style-src') });
}
