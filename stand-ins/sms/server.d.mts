import type { Server } from 'node:http';
export const STAND_IN_ACCOUNT_SID: string;
export const STAND_IN_AUTH_TOKEN: string;
export const STAND_IN_NUMBER: string;
export const STAND_IN_MESSAGING_SERVICE_SID: string;
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string;
export function createSmsStandIn(options?: {
  accountSid?: string;
  authToken?: string;
  number?: string;
  messagingServiceSid?: string;
  /** Where a text from a phone goes; a function is asked at each text. */
  inboundUrl?: string | (() => string | undefined);
}): Server;
