import type { Server } from 'node:http';
export function listenOn(server: Server, port: number): Promise<number>;
export function postcodesIoReachable(timeoutMs?: number): Promise<boolean>;
export function startStandIns(options?: { forceStandIns?: boolean; env?: NodeJS.ProcessEnv }): Promise<{
  postcodesUrl: string;
  resendUrl: string;
  resendKey: string;
  mailCatcherUrl?: string;
  lines: string[];
  close: () => Promise<unknown>;
}>;
