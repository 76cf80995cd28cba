export interface StartedDevServer {
  /** The address the dev server printed, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Everything it printed so far (without colours). */
  output: () => string;
  /** Stops the dev server (its whole process group). */
  stop: () => Promise<void>;
}

export function startDevServer(options?: { timeoutMs?: number; env?: Record<string, string>; cwd?: string }): Promise<StartedDevServer>;
