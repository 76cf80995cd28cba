// Astro sends an on-demand page's policy as a header naming the hash of every inline script and style of the whole build
// (about 1.3 KB of header on every such page), without `frame-ancestors`, which only a header can carry. The answer
// names only the page's own, of those Astro trusted, as the build does for the prebuilt pages' <meta> (src/lib/csp.ts).
import { pagePolicy } from '~/lib/csp';
import type { Env } from '../env';
import { withIslandSheets } from './island-sheets';
import { PAGE_SECURITY_POLICY } from './security-headers';

const POLICY = 'Content-Security-Policy';

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

async function withPagePolicy(response: Response, html: string): Promise<Response> {
  const policy = response.headers.get(POLICY);
  // Never a page without a policy: if Astro stops sending it this way (astro.config.mjs security.csp), this says so.
  if (!policy) throw new Error('An on-demand page came from Astro without its Content-Security-Policy header');
  const directives = await pagePolicy(policy, html, sha256);
  const named = new Set(directives.map((directive) => directive.split(/\s+/)[0]));
  const added = PAGE_SECURITY_POLICY.split(';')
    .map((directive) => directive.trim())
    .filter((directive) => !named.has(directive.split(/\s+/)[0]));
  const headers = new Headers(response.headers);
  headers.set(POLICY, [...directives, ...added].join('; '));
  headers.delete('Content-Length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** An on-demand page (astro-page.ts) as it is sent: its island hosts' sheets, and its own hashes only. */
export async function pageAsSent(env: Env, requestUrl: string, page: Response): Promise<Response> {
  if (!page.headers.get('Content-Type')?.startsWith('text/html')) return page;
  return withPagePolicy(page, await withIslandSheets(env, requestUrl, await page.text()));
}
