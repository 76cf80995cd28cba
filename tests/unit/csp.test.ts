/**
 * A page's policy names its own inline code only (src/lib/csp.ts), for the build's <meta> and the Worker's header alike.
 */
import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT, INLINE_STYLE, inlineBodies, policyHashes, withHashes } from '~/lib/csp';

const POLICY = "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'sha256-c'; img-src 'self' data:";

describe('a page policy', () => {
  it('reads the hashes each directive trusts', () => {
    expect(policyHashes(POLICY, 'script-src')).toEqual(new Set(["'sha256-a'", "'sha256-b'"]));
    expect(policyHashes(POLICY, 'style-src')).toEqual(new Set(["'sha256-c'"]));
    expect(policyHashes("default-src 'self'", 'script-src')).toEqual(new Set());
  });

  it('swaps the hashes for the page’s own, once each, and leaves every other source and directive as it was', () => {
    expect(withHashes(POLICY, { 'script-src': ["'sha256-b'", "'sha256-b'"], 'style-src': [] })).toEqual([
      "default-src 'self'",
      "script-src 'self' 'sha256-b'",
      "style-src 'self'",
      "img-src 'self' data:",
    ]);
  });

  it('finds inline scripts that run and inline styles, never a script file or a JSON-LD block', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script>' +
      '<script type="module">b()</script><style>p{}</style>';
    expect(inlineBodies(html, INLINE_SCRIPT)).toEqual(['a()', 'b()']);
    expect(inlineBodies(html, INLINE_STYLE)).toEqual(['p{}']);
  });
});
