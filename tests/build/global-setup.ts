/**
 * A folder for this run of the build project, where tests/build/shared-build.ts keeps the one copy it builds; the
 * teardown removes that copy and the folder, whatever failed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder for the shared build (read it with sharedBuild() in tests/build/shared-build.ts). */
    buildRunDir: string;
  }
}

/** The file in the run's folder naming the shared copy, written before it is built. */
export const COPY_NAMED = 'copy-path.txt';

export default function setup(project: TestProject): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'shiftly-build-run-'));
  project.provide('buildRunDir', runDir);
  return () => {
    const named = join(runDir, COPY_NAMED);
    if (existsSync(named)) rmSync(readFileSync(named, 'utf8'), { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  };
}
