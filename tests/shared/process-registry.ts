/**
 * Global setup of both runners (vitest.config.ts, playwright.config.ts): a fresh registry for the servers this run
 * starts (scripts/lib/processes.mjs), named in the environment the test workers inherit. Its teardown ends every
 * process group still listed, whichever test or setup started it and however it ended (a timed-out test, a file that
 * threw, a setup that gave up), and says which were left running.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRY_ENV, stopAllRegistered } from '../../scripts/lib/processes.mjs';

export default function processRegistry(): () => Promise<void> {
  // Always a registry of its own: an outer one (a script that runs this runner) is left to its owner.
  const outer = process.env[REGISTRY_ENV];
  const registry = mkdtempSync(join(tmpdir(), 'shiftly-processes-'));
  process.env[REGISTRY_ENV] = registry;
  return async () => {
    const left = await stopAllRegistered(registry);
    if (left.length) console.warn(`\nStopped ${left.length} process group(s) left running by a test or setup:\n  ${left.join('\n  ')}`);
    if (outer === undefined) delete process.env[REGISTRY_ENV];
    else process.env[REGISTRY_ENV] = outer;
  };
}
