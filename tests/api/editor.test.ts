/**
 * The article editor's production side in the Worker (functions/editor.ts), over HTTP against `wrangler dev --env
 * test`: signing in with GitHub (the OAuth flow of the GitHub App, against the GitHub stand-in the test environment
 * sends Keystatic's calls to), refreshing the token kept encrypted in a cookie, signing out, and what the Worker
 * never offers (the local mode's file access). The test environment's made-up secrets are in wrangler.jsonc.
 */
import { describe, expect, it } from 'vitest';
import { apiSite } from './helpers';

const base = () => apiSite().apiBase;
const github = () => apiSite().githubUrl;
const CLIENT_ID = 'Iv1.test-client-id';
const CLIENT_SECRET = 'test-client-secret';

interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  basicAuth: boolean;
}

async function standInRequests(): Promise<StandInRequest[]> {
  return (await fetch(`${github()}/__requests`)).json() as Promise<StandInRequest[]>;
}

/** A sign-in code GitHub would hand the editor's browser after it approves the app, valid once. */
async function codeFromGitHub(): Promise<string> {
  const code = `code${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  await fetch(`${github()}/__codes`, { method: 'POST', body: JSON.stringify({ code }) });
  return code;
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base()}${path}`, { redirect: 'manual', headers });

/** name → whole Set-Cookie line. */
function cookiesOf(response: Response): Map<string, string> {
  return new Map(response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));
}
const valueOf = (line: string | undefined) => line?.slice(line.indexOf('=') + 1).split(';')[0] ?? '';

async function signIn(): Promise<Map<string, string>> {
  const answer = await get(`/api/keystatic/github/oauth/callback?code=${await codeFromGitHub()}`);
  expect(answer.status).toBe(307);
  return cookiesOf(answer);
}

describe('the article editor in production: signing in with GitHub through the Worker', () => {
  it("sends an editor to GitHub with the app's client ID and this site's own callback address", async () => {
    const answer = await get('/api/keystatic/github/login');
    expect(answer.status).toBe(307);
    const to = new URL(answer.headers.get('location') ?? '');
    expect(`${to.origin}${to.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe(`${base()}/api/keystatic/github/oauth/callback`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('remembers the page the editor was on, in a cookie scripts cannot read, and returns there after signing in', async () => {
    const answer = await get('/api/keystatic/github/login?from=branch/main/collection/articles');
    const state = new URL(answer.headers.get('location') ?? '').searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{20}$/);
    const cookie = cookiesOf(answer).get(`ks-${state}`);
    expect(cookie).toMatch(/HttpOnly/i);
    const back = await get(`/api/keystatic/github/oauth/callback?code=${await codeFromGitHub()}&state=${state}`, {
      Cookie: `ks-${state}=${valueOf(cookie)}`,
    });
    expect(back.headers.get('location')).toBe('/keystatic/branch/main/collection/articles');
  });

  it("exchanges GitHub's code for the editor's tokens: the access token for the editor, the refresh token encrypted", async () => {
    const code = await codeFromGitHub();
    const answer = await get(`/api/keystatic/github/oauth/callback?code=${code}`);
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe('/keystatic');
    const exchange = (await standInRequests()).findLast((request) => request.query.code === code);
    expect(exchange).toMatchObject({
      method: 'POST',
      path: '/login/oauth/access_token',
      query: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
    });
    const cookies = cookiesOf(answer);
    expect(valueOf(cookies.get('keystatic-gh-access-token'))).toMatch(/^ghu_/);
    const refresh = cookies.get('keystatic-gh-refresh-token');
    expect(refresh).toMatch(/HttpOnly/i);
    expect(valueOf(refresh)).not.toMatch(/ghr_/);
    expect(valueOf(refresh).length).toBeGreaterThan(40);
  });

  it('refuses a code GitHub does not recognise, and one used twice', async () => {
    expect((await get('/api/keystatic/github/oauth/callback?code=made-up')).status).toBe(401);
    const code = await codeFromGitHub();
    expect((await get(`/api/keystatic/github/oauth/callback?code=${code}`)).status).toBe(307);
    expect((await get(`/api/keystatic/github/oauth/callback?code=${code}`)).status).toBe(401);
  });

  it('refreshes the access token with the refresh token it decrypts from its own cookie', async () => {
    const refresh = valueOf((await signIn()).get('keystatic-gh-refresh-token'));
    const answer = await fetch(`${base()}/api/keystatic/github/refresh-token`, {
      method: 'POST',
      headers: { Cookie: `keystatic-gh-refresh-token=${refresh}` },
    });
    expect(answer.status).toBe(200);
    expect(valueOf(cookiesOf(answer).get('keystatic-gh-access-token'))).toMatch(/^ghu_/);
    const sent = (await standInRequests()).findLast((request) => request.query.grant_type === 'refresh_token');
    expect(sent?.query.refresh_token).toMatch(/^ghr_/);
    expect(sent?.query.client_secret).toBe(CLIENT_SECRET);
  });

  it('refuses a refresh without the cookie, or with one it did not encrypt', async () => {
    const refresh = async (cookie?: string) =>
      (
        await fetch(`${base()}/api/keystatic/github/refresh-token`, {
          method: 'POST',
          headers: cookie ? { Cookie: cookie } : {},
        })
      ).status;
    expect(await refresh()).toBe(401);
    expect(await refresh('keystatic-gh-refresh-token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(401);
  });

  it('signs out: the token is revoked at GitHub and both cookies are cleared', async () => {
    const access = valueOf((await signIn()).get('keystatic-gh-access-token'));
    const answer = await get('/api/keystatic/github/logout', { Cookie: `keystatic-gh-access-token=${access}` });
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe('/keystatic');
    for (const name of ['keystatic-gh-access-token', 'keystatic-gh-refresh-token'])
      expect(cookiesOf(answer).get(name)).toMatch(/Max-Age=0/i);
    const revoked = (await standInRequests()).findLast((request) => request.method === 'DELETE');
    expect(revoked).toMatchObject({ path: `/applications/${CLIENT_ID}/token`, basicAuth: true });
  });

  it("never offers the local mode's access to files, nor the app set-up meant for a developer's machine", async () => {
    expect((await get('/api/keystatic/tree', { 'no-cors': '1' })).status).toBe(404);
    const update = await fetch(`${base()}/api/keystatic/update`, {
      method: 'POST',
      headers: { 'no-cors': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ additions: [], deletions: [{ path: 'src/content/articles/x.mdx' }] }),
    });
    expect(update.status).toBe(404);
    expect((await get('/api/keystatic/github/created-app?code=abc')).status).toBeGreaterThanOrEqual(400);
  });
});

describe('the editor page in a build without the editor', () => {
  it('is the 404 page, at /keystatic and at any address inside it, and never indexed', async () => {
    for (const path of ['/keystatic', '/keystatic/branch/main/collection/articles']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(await answer.text(), path).toContain('<html');
    }
  });
});
