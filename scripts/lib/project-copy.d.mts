export const projectRoot: string;
export function copyProject(options?: { prefix?: string; cold?: boolean }): string;
export interface RunResult {
  status: number | null;
  output: string;
  seconds: number;
}
export function toolEnv(extra?: Record<string, string>): Record<string, string>;
export function runIn(cwd: string, args: string[], env?: Record<string, string>): Promise<RunResult>;
export function buildIn(cwd: string, env?: Record<string, string>): Promise<RunResult>;
