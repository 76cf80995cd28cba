/**
 * Starts the two stand-ins (in this process) and `wrangler dev --env test` (through scripts/serve.mjs, with a
 * fresh D1 state folder) for the API tests, and stops them afterwards. Ports: API_PORT / E2E_PORT (site,
 * default 8799), POSTCODES_STANDIN_PORT (8790), MAIL_CATCHER_PORT (8791); a busy stand-in port falls back to a free one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { createMailCatcher } from '../../stand-ins/mail/server.mjs';
import { createPostcodesStandIn } from '../../stand-ins/postcodes/server.mjs';
import { listenOn } from '../../scripts/lib/stand-ins.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    mailUrl: string;
    postcodesUrl: string;
    statePath: string;
  }
}

const STATE = '.wrangler/api-test-state';

async function waitFor(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API test server exited (${server.exitCode}) before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // wrangler needs the assets folder to exist; /api does not need a build.
  if (!existsSync('dist')) mkdirSync('dist');
  const postcodes: Server = createPostcodesStandIn();
  const mail: Server = createMailCatcher();
  const postcodesUrl = `http://127.0.0.1:${await listenOn(postcodes, Number(process.env.POSTCODES_STANDIN_PORT ?? 8790))}`;
  const mailUrl = `http://127.0.0.1:${await listenOn(mail, Number(process.env.MAIL_CATCHER_PORT ?? 8791))}`;
  const port = Number(process.env.API_PORT ?? process.env.E2E_PORT ?? 8799);
  const apiBase = `http://127.0.0.1:${port}`;

  const server = spawn(
    process.execPath,
    ['scripts/serve.mjs', '--no-build', '--port', String(port), '--state', STATE, '--fresh', '--env', 'test'],
    {
      env: { ...process.env, POSTCODES_API_URL: postcodesUrl, RESEND_BASE_URL: mailUrl, RESEND_API_KEY: 're_api_tests' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  await waitFor(`${apiBase}/api/health`, server, 120_000);

  project.provide('apiBase', apiBase);
  project.provide('mailUrl', mailUrl);
  project.provide('postcodesUrl', postcodesUrl);
  project.provide('statePath', STATE);

  return async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        server.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    await Promise.all([postcodes, mail].map((s) => new Promise((resolve) => s.close(resolve))));
  };
}
