// A temporary copy of the project to build and serve with other articles, so the real src/ and dist/ are never touched.
// node_modules is a folder of links, so the copy's Astro and Vite caches stay in the copy.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { offlineEnv } from './offline-env.mjs';
import { startGroup } from './processes.mjs';

export const projectRoot = resolve(import.meta.dirname, '../..');

const TO_BUILD = ['src', 'public', 'scripts', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
const TO_SERVE = ['functions', 'migrations', 'stand-ins', 'wrangler.jsonc', 'budgets.json'];

/**
 * @param {{ prefix?: string, cold?: boolean }} [options]
 * @returns {string} the copy's folder
 */
export function copyProject({ prefix = 'shiftly-copy-', cold = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of [...TO_BUILD, ...TO_SERVE]) cpSync(join(projectRoot, entry), join(work, entry), { recursive: true });
  mkdirSync(join(work, 'node_modules'));
  for (const name of readdirSync(join(projectRoot, 'node_modules'))) {
    if (name === '.astro' || name === '.vite') continue;
    symlinkSync(join(projectRoot, 'node_modules', name), join(work, 'node_modules', name));
  }
  const imageCache = join(projectRoot, 'node_modules/.astro/assets');
  if (!cold && existsSync(imageCache)) cpSync(imageCache, join(work, 'node_modules/.astro/assets'), { recursive: true });
  return work;
}

/**
 * Without what vitest puts into process.env (NODE_ENV=test, Vite's MODE, DEV…): an `astro build` reading DEV=1 would
 * publish drafts.
 * @param {Record<string, string>} [extra]
 */
export function toolEnv(extra = {}) {
  const env = { ...offlineEnv, ...extra };
  for (const name of Object.keys(env)) if (RUNNER_VARIABLES.has(name) || name.startsWith('VITEST')) delete env[name];
  return env;
}

const RUNNER_VARIABLES = new Set(['NODE_ENV', 'TEST', 'MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL']);

/**
 * @param {string} cwd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ status: number | null, output: string, seconds: number }>}
 */
export async function runIn(cwd, args, env = {}) {
  const started = process.hrtime.bigint();
  let output = '';
  // A process group of its own: a timed-out test's build or budgets run (and the server it started) is stopped with
  // the test file (tests/shared/stop-started.ts), never left running.
  const run = startGroup(process.execPath, args, {
    cwd,
    env: toolEnv(env),
    label: `node ${args.join(' ')} in ${cwd}`,
    onStdout: (text) => (output += text),
    onStderr: (text) => (output += text),
  });
  // 'close': exited, and both pipes read to their end.
  const status = await new Promise((resolve) => run.child.once('close', resolve));
  return { status, output, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

export const buildIn = (cwd, env) => runIn(cwd, ['node_modules/astro/bin/astro.mjs', 'build'], env);
