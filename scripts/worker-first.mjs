// Writes wrangler.jsonc's `run_worker_first` from the Worker (issue 42 item 1): RUN_WORKER_FIRST of
// functions/lib/worker-paths.ts (every page, not the files that are not pages), once every route of the one route list
// (functions/worker.ts) is found to run the Worker first. `--check` (in `npm run check`) writes nothing and fails when
// wrangler.jsonc or a route disagrees. Usage: node scripts/worker-first.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const CONFIG = 'wrangler.jsonc';
const check = process.argv.includes('--check');
const root = fileURLToPath(new URL('..', import.meta.url));

const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  resolve: {
    alias: [
      { find: '~', replacement: `${root}src` },
      { find: /^@astrojs\/cloudflare\/handler$/, replacement: fileURLToPath(new URL('./lib/no-page-handler.mjs', import.meta.url)) },
    ],
  },
});
let worker, paths;
try {
  worker = await vite.ssrLoadModule('/functions/worker.ts');
  paths = await vite.ssrLoadModule('/functions/lib/worker-paths.ts');
} finally {
  await vite.close();
}

const problems = worker.routes
  .list()
  .filter((route) => !paths.runsWorkerFirst(route.path.replaceAll('*', 'x')))
  .map((route) => `${route.method} ${route.path} is a route, but run_worker_first sends it straight to the assets`);

const text = readFileSync(CONFIG, 'utf8');
const listed = /("run_worker_first": \[)([^\]]*)(\])/;
const found = listed.exec(text);
if (!found) problems.push(`${CONFIG} has no "run_worker_first" list`);
const lines = paths.RUN_WORKER_FIRST.map((pattern) => `\n      ${JSON.stringify(pattern)},`).join('');
const written = found ? text.replace(listed, `$1${lines}\n    $3`) : text;

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
if (written === text) {
  console.log(`${CONFIG}: run_worker_first agrees with the ${worker.routes.list().length} routes`);
} else if (check) {
  console.error(`${CONFIG}: run_worker_first is not RUN_WORKER_FIRST (functions/lib/worker-paths.ts); run npm run worker-first`);
  process.exit(1);
} else {
  writeFileSync(CONFIG, written);
  console.log(`${CONFIG}: run_worker_first written from functions/lib/worker-paths.ts`);
}
