// Starts `astro dev` for a test and resolves with the address the server itself printed: one that found its port taken
// moves and says so. `--ignore-lock` runs it beside a developer's own `npm run dev` (Astro allows one per project).
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import { offlineEnv } from './offline-env.mjs';
import { freePort } from './start-site.mjs';

const READY = /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//;

/**
 * @param {{ timeoutMs?: number, env?: Record<string, string>, cwd?: string }} [options] cwd: the project to serve
 *   (a temporary copy, say), this one by default
 * @returns {Promise<{ url: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startDevServer({ timeoutMs = 180_000, env = {}, cwd } = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'dev', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'],
    {
      cwd,
      env: { ...offlineEnv, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stopping it stops everything it started.
      detached: true,
    },
  );
  let output = '';
  const onData = (/** @type {Buffer} */ chunk) => (output += stripVTControlCharacters(String(chunk)));
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const running = () => child.exitCode === null && child.signalCode === null;
  const killGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      process.kill(-(child.pid ?? 0), signal);
    } catch {
      child.kill(signal);
    }
  };
  const killOnExit = () => running() && killGroup('SIGKILL');
  process.on('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (!running()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup('SIGTERM');
    await Promise.race([exited, delay(5000)]);
    if (running()) killGroup('SIGKILL');
  };

  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const ready = new Promise((resolve, reject) => {
    const check = () => {
      const found = READY.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout.on('data', check);
    child.once('exit', (code, signal) => reject(new Error(`astro dev stopped (${code ?? signal}) before it was ready:\n${output}`)));
    timer = setTimeout(() => reject(new Error(`astro dev did not start within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
  });
  try {
    const url = /** @type {string} */ (await ready);
    return { url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
