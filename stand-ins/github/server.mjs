#!/usr/bin/env node
// A stand-in for the GitHub addresses the article editor's sign-in calls (functions/editor.ts, sent here by
// GITHUB_STAND_IN_URL in tests only). Like GitHub, a wrong code or refresh token answers 200 { error }.
//   POST   /login/oauth/access_token?client_id&client_secret&code            a user token for a sign-in code
//   POST   /login/oauth/access_token?client_id&client_secret&grant_type=refresh_token&refresh_token   a new token
//   DELETE /applications/{client_id}/token                                   signing out: the token is revoked
//   GET    /__requests    what it was asked, oldest first (method, path, query, whether Basic auth was sent)
//   POST   /__codes       { "code": "…" } a code that signs in once (as GitHub's are)
// Port: --port N, env GITHUB_STANDIN_PORT, default 8792.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { listen, portFrom, readJson, sendJson } from '../lib.mjs';

const token = (prefix) => `${prefix}_${randomBytes(18).toString('hex')}`;

export function createGitHubStandIn() {
  const codes = new Set();
  const refreshTokens = new Set();
  /** @type {Array<{ method: string, path: string, query: Record<string, string>, basicAuth: boolean }>} */
  const requests = [];

  const tokens = () => {
    const refresh = token('ghr');
    refreshTokens.add(refresh);
    return {
      access_token: token('ghu'),
      expires_in: 28800,
      refresh_token: refresh,
      refresh_token_expires_in: 15897600,
      scope: '',
      token_type: 'bearer',
    };
  };

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/__requests' && req.method === 'GET') return sendJson(res, 200, requests);
      if (url.pathname === '/__codes' && req.method === 'POST') {
        const { code } = await readJson(req);
        codes.add(String(code));
        return sendJson(res, 200, { ok: true });
      }
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        basicAuth: /^Basic /.test(req.headers.authorization ?? ''),
      });
      if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
        const query = url.searchParams;
        if (query.get('grant_type') === 'refresh_token') {
          if (!refreshTokens.delete(query.get('refresh_token') ?? ''))
            return sendJson(res, 200, {
              error: 'bad_refresh_token',
              error_description: 'The refresh token passed is incorrect or expired.',
            });
          return sendJson(res, 200, tokens());
        }
        if (!codes.delete(query.get('code') ?? ''))
          return sendJson(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        return sendJson(res, 200, tokens());
      }
      if (/^\/applications\/[^/]+\/token$/.test(url.pathname) && req.method === 'DELETE') {
        res.writeHead(204).end();
        return;
      }
      return sendJson(res, 404, { message: 'Not Found' });
    } catch (error) {
      return sendJson(res, 400, { message: String(error) });
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await listen(createGitHubStandIn(), portFrom(process.argv, 'GITHUB_STANDIN_PORT', 8792), 'GitHub sign-in stand-in');
}
