/** The article editor in production (Keystatic in GitHub mode; docs/adding-an-article.md): its page and its GitHub sign-in. */
import type { Context } from 'hono';
import type { Config } from '@keystatic/core';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { EDITOR_PAGE_HEADERS, EDITOR_PAGE_PATH, editorPolicy } from '~/lib/editor-policy';
import type { AppBindings, Env } from './env';
import { refusalJson, REFUSALS } from './lib/http';

export { isEditorPage } from '~/lib/editor-policy';

/** The sign-in settings when all three secrets are set; Keystatic needs no more (its handler reads only the mode). */
function signInSettings(env: Env) {
  const { KEYSTATIC_GITHUB_CLIENT_ID: clientId, KEYSTATIC_GITHUB_CLIENT_SECRET: clientSecret, KEYSTATIC_SECRET: secret } = env;
  if (!clientId || !clientSecret || !secret) return undefined;
  const config = { storage: { kind: 'github', repo: 'configured/by-the-editor-page' } } as Config;
  return { clientId, clientSecret, secret, config };
}

/** Test environments only: GitHub's sign-in addresses answered by the stand-in (GITHUB_STAND_IN_URL). */
function throughStandIn(standIn: string): typeof fetch {
  const original = globalThis.fetch;
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== 'https://github.com' && url.origin !== 'https://api.github.com') return original(request);
    return original(new Request(`${standIn}${url.pathname}${url.search}`, request));
  };
}

let standInInstalled = false;

export async function keystaticApi(c: Context<AppBindings>): Promise<Response> {
  const settings = signInSettings(c.env);
  if (!settings) return refusalJson(c, REFUSALS.notFound);
  // Keystatic calls github.com with the global fetch and has no setting for another address.
  const standIn = c.env.GITHUB_STAND_IN_URL;
  if (standIn && !standInInstalled) {
    globalThis.fetch = throughStandIn(standIn);
    standInInstalled = true;
  }
  const handler = makeGenericAPIRouteHandler(settings, { slugEnvName: 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG' });
  const { body, status = 200, headers } = await handler(c.req.raw);
  return new Response(body, { status, headers });
}

export async function serveEditorPage(request: Request, assets: Fetcher): Promise<Response> {
  const page = await assets.fetch(new Request(new URL(EDITOR_PAGE_PATH, request.url), { method: request.method }));
  const headers = new Headers(page.headers);
  for (const [name, value] of Object.entries(EDITOR_PAGE_HEADERS)) headers.set(name, value);
  if (page.ok) headers.set('Content-Security-Policy', editorPolicy({ mode: 'github', asHeader: true }));
  return new Response(page.body, { status: page.status, headers });
}
