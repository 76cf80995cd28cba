/**
 * After each test file (vitest's setupFiles): stops every server the file started and did not stop, such as one a
 * timed-out test was still waiting for, so it cannot run on into the next file. The global teardown
 * (tests/shared/process-registry.ts) sweeps whatever is left at the end.
 */
import { afterAll } from 'vitest';
import { stopAllStarted } from '../../scripts/lib/processes.mjs';

afterAll(stopAllStarted, 30_000);
