// @ts-check
/**
 * The browser editor's body field (src/editor/body-roundtrip.ts: Keystatic's browser build with the changes of
 * keystatic-patches.mjs, and mdx-bridge.ts) bundled into one module that plain Node runs in a simulated page
 * (editor-body-worker.mjs), so the article check opens and saves every body with the editor's own code. It is bundled
 * as the editor's page is (Vite, browser conditions, the same changes) and kept in node_modules/.cache: bundled again
 * when a file it was made from, the installed packages or this machinery change.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keystaticPatches } from './keystatic-patches.mjs';

const ENTRY = 'src/editor/body-roundtrip.ts';
const CACHE_DIR = 'node_modules/.cache/shiftly-editor-body';
/** What the bundle is made by, besides the modules in it. */
const MACHINERY = [
  'src/editor/build/editor-body-bundle.mjs',
  'src/editor/build/editor-body-worker.mjs',
  'src/editor/build/keystatic-patches.mjs',
  'src/build/assumptions.ts',
];
/** The changes that decide what a body is saved as; the others are in modules the body field never loads. */
export const SAVING_CHANGES = ["write list items with '-'", 'write a blank line after the frontmatter'];

const codeRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** @param {string | Buffer} data */
const sha = (data) => createHash('sha256').update(data).digest('hex');

/** What is installed: npm rewrites this file on every install. */
function installedPackages() {
  const lock = join(codeRoot, 'node_modules/.package-lock.json');
  return existsSync(lock) ? sha(readFileSync(lock)) : sha(readFileSync(join(codeRoot, 'node_modules/@keystatic/core/package.json')));
}

/** @param {readonly string[]} files relative to the project */
function fingerprints(files) {
  return Object.fromEntries(files.map((file) => [file, existsSync(join(codeRoot, file)) ? sha(readFileSync(join(codeRoot, file))) : '']));
}

/**
 * @typedef {{ bundle: string, packages: string, inputs: Record<string, string> }} Manifest
 * @returns {Manifest | undefined} the manifest, when every input is as it was
 */
function freshManifest() {
  const file = join(codeRoot, CACHE_DIR, 'manifest.json');
  if (!existsSync(file)) return undefined;
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  if (manifest.packages !== installedPackages() || !existsSync(join(codeRoot, CACHE_DIR, manifest.bundle))) return undefined;
  const now = fingerprints(Object.keys(manifest.inputs));
  return Object.entries(manifest.inputs).every(([path, hash]) => now[path] === hash) ? manifest : undefined;
}

/** Written whole under a temporary name, then renamed: a check running beside this one never reads half a file. */
function writeAtomically(/** @type {string} */ path, /** @type {string} */ text) {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

async function bundle() {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root: codeRoot,
    mode: 'production',
    // Keystatic's packages say 'use client' at the top of each module: a warning per module, meaningless here.
    logLevel: 'error',
    publicDir: false,
    // React's production build and JSX whatever the calling process is (a test runner sets NODE_ENV=test).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { development: false } },
    resolve: { alias: { '~': join(codeRoot, 'src') } },
    plugins: [keystaticPatches({ required: SAVING_CHANGES })],
    build: {
      write: false,
      minify: false,
      reportCompressedSize: false,
      lib: { entry: join(codeRoot, ENTRY), formats: ['es'], fileName: 'editor-body' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const [chunk] = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${ENTRY} was bundled into no module`);
  const ownModules = chunk.moduleIds
    .filter((id) => !id.startsWith('\0') && !id.includes(`${sep}node_modules${sep}`) && id.startsWith(codeRoot))
    .map((id) =>
      relative(codeRoot, id.split('?')[0] ?? id)
        .split(sep)
        .join('/'),
    );
  return { code: chunk.code, inputs: [...new Set([...ownModules, ...MACHINERY])].sort() };
}

/** The list of bodies a bundle saved byte for byte, by the bundle and what ran it. */
const passedList = (/** @type {string} */ bundleName, /** @type {string} */ packages) =>
  join(codeRoot, CACHE_DIR, `passed-${sha(bundleName + packages).slice(0, 16)}.txt`);

/**
 * The bundled body field's file, bundled first if it is missing or out of date (seconds, once), and the file listing
 * the bodies it has already saved unchanged (editor-pool.ts keeps it).
 * @returns {Promise<{ file: string, passed: string, bundled: boolean }>}
 */
export async function editorBodyBundle() {
  const dir = join(codeRoot, CACHE_DIR);
  const fresh = freshManifest();
  if (fresh) return { file: join(dir, fresh.bundle), passed: passedList(fresh.bundle, fresh.packages), bundled: false };
  const { code, inputs } = await bundle();
  mkdirSync(dir, { recursive: true });
  const name = `editor-body-${sha(code).slice(0, 16)}.mjs`;
  const packages = installedPackages();
  writeAtomically(join(dir, name), code);
  writeAtomically(join(dir, 'manifest.json'), JSON.stringify({ bundle: name, packages, inputs: fingerprints(inputs) }));
  const passed = passedList(name, packages);
  // Older bundles and their lists, once no check can still be starting from them.
  for (const old of readdirSync(dir))
    if (
      ![name, basename(passed), 'manifest.json'].includes(old) &&
      /^(editor-body-.*\.mjs|passed-.*\.txt)$/.test(old) &&
      Date.now() - statSync(join(dir, old)).mtimeMs > 3_600_000
    )
      rmSync(join(dir, old), { force: true });
  return { file: join(dir, name), passed, bundled: true };
}

/** Forgets a bundle that failed to run, so the next check bundles again instead of failing the same way. */
export function discardEditorBodyBundle(/** @type {string} */ file) {
  const manifest = join(codeRoot, CACHE_DIR, 'manifest.json');
  if (existsSync(manifest) && join(codeRoot, CACHE_DIR, JSON.parse(readFileSync(manifest, 'utf8')).bundle) === file)
    rmSync(manifest, { force: true });
}
