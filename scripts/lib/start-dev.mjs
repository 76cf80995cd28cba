// Starts `astro dev` for a test and resolves with the address the server itself printed: one that found its port taken
// moves and says so. `--ignore-lock` runs it beside a developer's own `npm run dev` (Astro allows one per project).
import { stripVTControlCharacters } from 'node:util';
import { startGroup } from './processes.mjs';
import { toolEnv } from './project-copy.mjs';
import { freePort } from './start-site.mjs';

const READY = /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//;

/**
 * @param {{ timeoutMs?: number, env?: Record<string, string>, cwd?: string }} [options] cwd: the project to serve
 *   (a temporary copy, say), this one by default
 * @returns {Promise<{ url: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startDevServer({ timeoutMs = 180_000, env = {}, cwd } = {}) {
  // A port found free may be taken before astro binds it: Vite then moves to the next one and prints that, which is
  // the address used. Never a server it did not print.
  const port = await freePort();
  let output = '';
  const onData = (/** @type {string} */ text) => (output += stripVTControlCharacters(text));
  const server = startGroup(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'dev', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'],
    {
      cwd,
      // Without a test runner's variables (vitest's NODE_ENV=test and DEV would change what astro serves).
      env: toolEnv({ NO_COLOR: '1', FORCE_COLOR: '0', ...env }),
      label: `astro dev${cwd ? ` in ${cwd}` : ''}`,
      onStdout: onData,
      onStderr: onData,
    },
  );
  const stop = () => server.stop();

  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const ready = new Promise((resolve, reject) => {
    const check = () => {
      const found = READY.exec(output);
      if (found) resolve(found[1]);
    };
    server.child.stdout.on('data', check);
    server.exited.then(({ code, signal }) => reject(new Error(`astro dev stopped (${code ?? signal}) before it was ready:\n${output}`)));
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
