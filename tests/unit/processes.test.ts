/**
 * scripts/lib/processes.mjs: a server started through startGroup() never outlives the process that started it, nor
 * the run's global teardown, however that process ends (issue 42: a timed-out test left its server running and held
 * vitest open for 30 minutes).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY_ENV, startGroup, stopAllRegistered } from '../../scripts/lib/processes.mjs';

const PROCESSES = new URL('../../scripts/lib/processes.mjs', import.meta.url).href;

const alive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A parent that starts a child that starts a grandchild, all waiting forever (a server that never ends by itself). */
const SERVER = `
const { spawn } = require('node:child_process');
spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });
setInterval(() => {}, 1000);
`;

/** Runs `code` in a Node process of its own and answers the first line it prints, and the process. */
function starter(code: string, env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const firstLine = new Promise<string>((resolve) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
  });
  return { child, firstLine };
}

const startingServer = `
import { startGroup } from '${PROCESSES}';
const group = startGroup(process.execPath, ['-e', ${JSON.stringify(SERVER)}]);
console.log(group.pgid);
setInterval(() => {}, 1000);
`;

/** Polls until `condition` holds: each check is an event (a process gone), the test's timeout the only ceiling. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('a started process group', () => {
  it('stops with stop(), the whole group', async () => {
    const group = startGroup(process.execPath, ['-e', SERVER]);
    expect(alive(group.pgid)).toBe(true);
    await group.stop();
    expect(alive(group.pgid)).toBe(false);
  });

  it('ends when the process that started it is killed with SIGKILL (no exit handler runs)', async () => {
    const { child, firstLine } = starter(startingServer);
    const pgid = Number(await firstLine);
    expect(alive(pgid)).toBe(true);
    child.kill('SIGKILL');
    await until(() => !alive(pgid));
  });

  it('holds none of its starter’s output streams: a leftover cannot keep a test runner open', async () => {
    // The starter's stdout is our pipe: it closes once the starter is gone, though its group was running then.
    const { child, firstLine } = starter(startingServer);
    const pgid = Number(await firstLine);
    const closed = new Promise((resolve) => child.stdout.once('close', resolve));
    child.kill('SIGKILL');
    await closed;
    await until(() => !alive(pgid));
  });

  it('is swept by the registry’s teardown when its starter lives on without stopping it', async () => {
    const registry = mkdtempSync(join(tmpdir(), 'shiftly-processes-test-'));
    const { child, firstLine } = starter(startingServer, { ...process.env, [REGISTRY_ENV]: registry });
    const pgid = Number(await firstLine);
    expect(readdirSync(registry)).toEqual([String(pgid)]);
    const left = await stopAllRegistered(registry);
    expect(left).toEqual([expect.stringContaining(`(process group ${pgid})`)]);
    // Gone by /proc already; the starter reaps the tether's exit when its loop next runs (later under load).
    await until(() => !alive(pgid));
    child.kill('SIGKILL');
  });
});
