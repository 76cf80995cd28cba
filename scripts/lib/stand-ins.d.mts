export const POSTCODES_IO: string;
export const RESEND_API: string;
export const CATCHER_API_KEY: string;
export function postcodesIoReachable(timeoutMs?: number): Promise<boolean>;
export function startStandIns(options?: { forceStandIns?: boolean; env?: NodeJS.ProcessEnv; strictPorts?: boolean }): Promise<{
  postcodesUrl: string;
  resendUrl: string;
  resendKey: string;
  mailCatcherUrl?: string;
  /** The GitHub sign-in stand-in, when the stand-ins are forced (tests) or GITHUB_STAND_IN_URL names one. */
  githubUrl?: string;
  lines: string[];
  close: () => Promise<unknown>;
}>;
