// @ts-check
// The browser editor (Keystatic, src/editor/) beside the site, never inside it: `astro dev` answers /keystatic and
// /api/keystatic/* (local mode) in its own middleware; `astro build` with PUBLIC_KEYSTATIC_GITHUB_REPO set builds the
// page on its own, in GitHub mode, for the Worker to serve (functions/editor.ts). Without it no editor is built.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EDITOR_ASSETS_DIR, EDITOR_PAGE_HEADERS, editorPolicy, isEditorApi, isEditorPage } from '../../lib/editor-policy.ts';
import { isGitHubRepo } from '../storage.ts';
import { INLINE_SCRIPT, inlineBodies } from '../../lib/csp.ts';
import { sha256 } from '../../build/csp-meta.ts';
import { isRunnableDevEnvironment } from 'vite';
import { keystaticPatches } from './keystatic-patches.mjs';

const TEMPLATE = 'src/editor/index.html';
const CONFIG_MODULE = '/src/editor/keystatic.config.ts';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** @param {string} html */
const inlineScriptHashes = (html) => inlineBodies(html, INLINE_SCRIPT).map(sha256);

/**
 * @param {import('vite').ViteDevServer} server
 * @param {string} root
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function answerLocalApi(server, root, req, res) {
  // Local mode reads and writes this copy's files: only for this computer, even when the dev server listens on the
  // network (`astro dev --host`).
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
    res
      .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end('The article editor only works on the computer running npm run dev.');
    return;
  }
  const origin = `http://${req.headers.host}`;
  // A page elsewhere must not write files here: the editor's own page sends its origin (Keystatic's requests also
  // carry a custom header, which no other site can send without a preflight this server never allows).
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.headers.origin !== origin) {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The editor only accepts changes from its own page.');
    return;
  }
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(/** @type {Buffer} */ (chunk));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const request = new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
  });
  // Loaded on every request, so an edit of the editor's fields needs no restart.
  const { editorConfig } = await nodeRunner(server).import(CONFIG_MODULE);
  const { makeGenericAPIRouteHandler } = await import('@keystatic/core/api/generic');
  const handler = makeGenericAPIRouteHandler({ config: editorConfig({ kind: 'local' }), localBaseDirectory: root });
  const answer = await handler(request);
  res.statusCode = answer.status ?? 200;
  new Headers(answer.headers).forEach((value, name) => res.setHeader(name, value));
  res.end(answer.body ?? '');
}

/**
 * The dev server's module runner in Node (the Cloudflare adapter runs the pages' `ssr` environment in workerd, which
 * cannot read the articles folder): Astro's prerender environment.
 * @param {import('vite').ViteDevServer} server
 */
function nodeRunner(server) {
  for (const environment of Object.values(server.environments)) {
    if (environment.name !== 'client' && isRunnableDevEnvironment(environment)) return environment.runner;
  }
  throw new Error(
    `No dev environment runs in Node (${Object.keys(server.environments).join(', ')}): the editor's API cannot load its config.`,
  );
}

/**
 * @param {import('vite').ViteDevServer} server
 * @param {string} root
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function answerDevPage(server, root, req, res) {
  const template = await readFile(join(root, TEMPLATE), 'utf8');
  const html = await server.transformIndexHtml(req.url ?? '/keystatic', template);
  const policy = editorPolicy({
    mode: 'local',
    scriptHashes: inlineScriptHashes(html),
    devSocket: `ws://${req.headers.host}`,
    asHeader: true,
  });
  res.writeHead(200, { ...EDITOR_PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy });
  res.end(html);
}

/**
 * @param {{ root: string, outDir: string, githubRepo: string, appSlug?: string, previewHost?: string }} options appSlug,
 *   the GitHub App's URL name, lets Keystatic link editors without access to the app's page; previewHost, the Worker's
 *   workers.dev host, gives each article a Preview link to its branch's preview version (src/lib/preview.ts)
 */
export async function buildEditorPage({ root, outDir, githubRepo, appSlug, previewHost }) {
  if (!isGitHubRepo(githubRepo))
    throw new Error(`PUBLIC_KEYSTATIC_GITHUB_REPO must name the repository as owner/name, e.g. shiftly/website (it is "${githubRepo}").`);
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const work = await mkdtemp(join(tmpdir(), 'shiftly-editor-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'error',
      define: {
        // React's production build whatever the calling process is (a test runner sets NODE_ENV=test).
        'process.env.NODE_ENV': JSON.stringify('production'),
        'import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO': JSON.stringify(githubRepo),
        'import.meta.env.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG': JSON.stringify(appSlug ?? ''),
        'import.meta.env.PUBLIC_PREVIEW_HOST': JSON.stringify(previewHost ?? ''),
      },
      resolve: { alias: { '~': join(root, 'src') } },
      plugins: [react(), keystaticPatches()],
      build: {
        outDir: work,
        emptyOutDir: true,
        assetsDir: EDITOR_ASSETS_DIR,
        // One app of about a megabyte gzip, loaded by editors only: the size warning is about public pages.
        chunkSizeWarningLimit: 10_000,
        reportCompressedSize: false,
        rolldownOptions: { input: join(root, TEMPLATE) },
      },
    });
    const built = await readFile(join(work, TEMPLATE), 'utf8');
    const policy = editorPolicy({ mode: 'github', scriptHashes: inlineScriptHashes(built) });
    const html = built.replace(
      '<meta charset="utf-8" />',
      `<meta charset="utf-8" />\n    <meta http-equiv="content-security-policy" content="${policy}" />`,
    );
    await writeFile(join(outDir, 'keystatic.html'), html);
    await cp(join(work, EDITOR_ASSETS_DIR), join(outDir, EDITOR_ASSETS_DIR), { recursive: true });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * @param {{ githubRepo?: string, appSlug?: string, previewHost?: string }} options
 * @returns {import('astro').AstroIntegration}
 */
export function browserEditor({ githubRepo, appSlug, previewHost }) {
  let root = process.cwd();
  return {
    name: 'shiftly:browser-editor',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        root = fileURLToPath(config.root);
        if (command !== 'dev') return;
        updateConfig({
          vite: {
            plugins: [keystaticPatches()],
            optimizeDeps: {
              // Prebundled when the server starts, so the first visit to /keystatic does not reload the page.
              entries: ['src/editor/main.tsx'],
              rolldownOptions: { plugins: [keystaticPatches()] },
            },
          },
        });
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const { pathname } = new URL(req.url ?? '/', 'http://localhost');
          const answer = isEditorApi(pathname) ? answerLocalApi : isEditorPage(pathname) ? answerDevPage : undefined;
          if (!answer) return next();
          answer(server, root, req, res).catch(next);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!githubRepo) return;
        const started = Date.now();
        await buildEditorPage({ root, outDir: fileURLToPath(dir), githubRepo, appSlug, previewHost });
        logger.info(`editor page for ${githubRepo} built in ${Date.now() - started} ms`);
      },
    },
  };
}
