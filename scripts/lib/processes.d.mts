import type { ChildProcess } from 'node:child_process';

export const REGISTRY_ENV: string;

export interface StartedGroup {
  child: ChildProcess;
  /** The group's id (the tether's pid). */
  pgid: number;
  label: string;
  /** The tether's status once it has exited (after the rest of its group). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running: () => boolean;
  /** SIGTERM to the whole group, SIGKILL after the grace period (default 5 s). */
  stop: (graceMs?: number) => Promise<void>;
}

export function startGroup(
  command: string,
  args: string[],
  options?: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    onStdout?: (text: string) => void;
    onStderr?: (text: string) => void;
    label?: string;
  },
): StartedGroup;

export function stopAllStarted(): Promise<void>;
export function stopAllRegistered(registry?: string): Promise<string[]>;
/** Something else to stop with stopAllStarted() (e.g. in-process servers); answers a function that forgets it. */
export function track(stop: () => Promise<void>): () => void;
