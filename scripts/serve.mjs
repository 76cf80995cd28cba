#!/usr/bin/env node
// Builds the site, applies the D1 migrations to a local database and serves both with `wrangler dev`
// (the same workerd runtime as production). `npm start` runs it with the defaults; the tests run it
// with their own port, state folder and wrangler environment.
//
//   node scripts/serve.mjs [--no-build] [--port 8788] [--state .wrangler/state] [--fresh] [--env test]
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { offlineEnv } from './lib/offline-env.mjs';

const { values: opts } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '8788' },
    state: { type: 'string', default: '.wrangler/state' },
    fresh: { type: 'boolean', default: false },
    env: { type: 'string' },
  },
});

const node = process.execPath;
const wrangler = ['node_modules/wrangler/bin/wrangler.js'];
const envArgs = opts.env ? ['--env', opts.env] : [];
const env = { ...offlineEnv };

function run(label, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(node, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✗ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

if (!opts['no-build']) run('Building the site (astro build)', ['node_modules/astro/bin/astro.mjs', 'build']);
if (opts.fresh) rmSync(opts.state, { recursive: true, force: true });
run('Applying database migrations to the local D1', [
  ...wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', opts.state, ...envArgs,
]);

console.log(`\n▶ Serving on http://127.0.0.1:${opts.port} (Worker + static assets + local D1 in ${opts.state})`);
const server = spawn(
  node,
  [...wrangler, 'dev', '--ip', '127.0.0.1', '--port', opts.port, '--persist-to', opts.state, '--show-interactive-dev-session=false', ...envArgs],
  { stdio: 'inherit', env },
);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
