// Every server and tool a test or measuring script starts goes through startGroup(), so none outlives its run:
// - it runs in a process group of its own, led by scripts/lib/tether.mjs, so stopping it stops everything it started
//   (serve.mjs's wrangler and workerd, xvfb-run's Xvfb and browser);
// - the tether ends the group when the starter goes away however it went (a test runner's worker killed after a
//   timeout runs no exit handler, but its pipe to the tether closes);
// - its output is piped to the starter, never inherited: a leftover holding the test runner's own stdout or stderr kept
//   vitest from ever exiting (issue 42: a CI run hung for 30 minutes);
// - it is listed in the run's registry (a folder named by SHIFTLY_PROCESS_REGISTRY, made by the runners' global
//   setup, tests/shared/process-registry.ts), which their global teardown sweeps: stopAllRegistered().
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { groupHasMembers, startTime } from './process-group.mjs';

export const REGISTRY_ENV = 'SHIFTLY_PROCESS_REGISTRY';
const TETHER = join(import.meta.dirname, 'tether.mjs');
const GRACE_MS = 5000;

/** What this process started and has not stopped yet. */
const running = new Set();

const groupAlive = (pgid) => groupHasMembers(pgid);

const signalGroup = (pgid, signal) => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // gone already
  }
};

/** SIGTERM to the group, and SIGKILL to whatever is left after the grace period. Resolves once the group is gone. */
async function endGroup(pgid, graceMs = GRACE_MS) {
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await delay(50);
  if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
  const killed = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < killed) await delay(20);
}

/**
 * Starts `command args` in a tethered process group of its own.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, onStdout?: (text: string) => void, onStderr?: (text: string) => void,
 *   label?: string }} [options]  output goes to the callbacks (stdout is dropped, stderr copied to ours, by default)
 */
export function startGroup(command, args, { cwd, env, onStdout, onStderr, label = [command, ...args].join(' ') } = {}) {
  const child = spawn(process.execPath, [TETHER, command, ...args], {
    cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const pgid = /** @type {number} */ (child.pid);
  child.stdout.on('data', (chunk) => onStdout?.(String(chunk)));
  child.stderr.on('data', (chunk) => (onStderr ? onStderr(String(chunk)) : process.stderr.write(chunk)));
  // The tether's stdin stays open for as long as this process lives: its closing is the tether's signal.
  child.stdin.on('error', () => undefined);

  const registry = process.env[REGISTRY_ENV];
  const entry = registry ? join(registry, String(pgid)) : undefined;
  if (entry) {
    mkdirSync(registry, { recursive: true });
    const record = { label, cwd: cwd ?? process.cwd(), startedBy: process.pid, startTime: startTime(pgid) };
    writeFileSync(entry, JSON.stringify(record));
  }

  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const group = {
    child,
    pgid,
    label,
    /** Resolves with the tether's status once it has exited (after the rest of its group). */
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    /** Ends the whole group: SIGTERM, then SIGKILL after the grace period. Safe to call twice. */
    stop: async (graceMs = GRACE_MS) => {
      await endGroup(pgid, graceMs);
      await exited;
      running.delete(group);
      if (entry) rmSync(entry, { force: true });
    },
  };
  running.add(group);
  exited.then(() => {
    if (!groupAlive(pgid)) {
      running.delete(group);
      if (entry) rmSync(entry, { force: true });
    }
  });
  return group;
}

/** Other things to stop with them (startSite's in-process stand-ins); answers a function that forgets it. */
const stoppers = new Set();
export function track(stop) {
  stoppers.add(stop);
  return () => stoppers.delete(stop);
}

/** Stops every group this process started that is still running (a test file's afterAll: tests/shared/stop-started.ts). */
export async function stopAllStarted() {
  await Promise.all([...stoppers].map((stop) => stop()));
  await Promise.all([...running].map((group) => group.stop()));
}

// An exit without stop() (an uncaught error, process.exit) must not leave a group behind; the tether would notice the
// closed pipe too, but this is immediate.
process.on('exit', () => {
  for (const group of running) signalGroup(group.pgid, 'SIGKILL');
});

/**
 * The global teardown's sweep: ends every group still listed in the registry (whoever started it) and removes the
 * folder. Answers the labels of those that were still running: a test that left a server behind.
 * @param {string} [registry]
 * @returns {Promise<string[]>}
 */
export async function stopAllRegistered(registry = process.env[REGISTRY_ENV]) {
  if (!registry) return [];
  let names = [];
  try {
    names = readdirSync(registry);
  } catch {
    return [];
  }
  const left = [];
  await Promise.all(
    names.map(async (name) => {
      const pgid = Number(name);
      if (!Number.isInteger(pgid) || !groupAlive(pgid)) return;
      let record;
      try {
        record = JSON.parse(readFileSync(join(registry, name), 'utf8'));
      } catch {
        return; // removed meanwhile: stopped by its starter
      }
      // A number is never given again while its group has a member; but once the group is gone, a new process may get
      // it as leader of a group of its own: that one is not ours.
      const leaderStart = startTime(pgid);
      if (leaderStart !== undefined && record.startTime !== undefined && leaderStart !== record.startTime) return;
      const label = record.label;
      left.push(`${label} (process group ${pgid})`);
      await endGroup(pgid);
    }),
  );
  rmSync(registry, { recursive: true, force: true });
  return left;
}
