// Prebuilt pages of dist/ the Worker answers with as they are built (the 404, a public page the request changes nothing
// on), and the named parts a form's saved state shows on its twin. Pages that depend on a request are Astro pages.
import type { Env } from '../env';
import { assetRequest } from './account/header';
import { PAGE_SECURITY_POLICY } from './security-headers';

/** In a response of our own: the asset server's headers are immutable, and the security headers are set on the way out. */
export async function pageAsBuilt(env: Env, request: Request): Promise<Response> {
  const asset = await env.ASSETS.fetch(assetRequest(request));
  return new Response(asset.body, { status: asset.status, statusText: asset.statusText, headers: new Headers(asset.headers) });
}

export { ACCOUNT_PAGE, PRIVATE_PAGE } from '~/lib/page-headers';

/** A form's saved state's named parts (`data-fill` texts, `data-show` parts, `data-href` links), src/lib/form-view.ts. */
export interface Fill {
  text: Record<string, string>;
  show: string[];
  href?: Record<string, string>;
}

export function mergeFills(...fills: Array<Partial<Fill>>): Fill {
  return {
    text: Object.assign({}, ...fills.map((fill) => fill.text ?? {})),
    show: fills.flatMap((fill) => [...(fill.show ?? [])]),
    href: Object.assign({}, ...fills.map((fill) => fill.href ?? {})),
  };
}

/** `error:<field>` is both the text and the key that shows it, in the summary and next to the field. */
export function errorFill(errors: Record<string, string>, general?: string): Fill {
  const all = { ...errors, ...(general ? { form: general } : {}) };
  const entries = Object.entries(all).map(([field, message]) => [`error:${field}`, message] as const);
  return { text: Object.fromEntries(entries), show: entries.length ? ['errors', ...entries.map(([key]) => key)] : [] };
}

/**
 * The same answer for anything the Worker will not say exists: the prebuilt 404, from the asset server (never through the
 * Worker again), never cached. The security middleware adds the other headers; one given here wins.
 */
export async function notFoundPage(env: Env, requestUrl: string, headers: Record<string, string> = {}): Promise<Response> {
  const page = await env.ASSETS.fetch(new Request(new URL('/404', requestUrl), { method: 'GET' }));
  if (!page.ok) throw new Error(`the prebuilt page /404 answered ${page.status}`);
  return new Response(page.body, {
    status: 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': PAGE_SECURITY_POLICY,
      ...headers,
    },
  });
}
