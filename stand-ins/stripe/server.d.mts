import type { Server } from 'node:http';
export const STAND_IN_SECRET_KEY: string;
export const STAND_IN_WEBHOOK_SECRET: string;
export function stripeSignature(payload: string, secret: string, timestamp?: number): string;
export function parseStripeForm(text: string): Record<string, unknown>;
export function createStripeStandIn(options?: {
  /** A function is asked at each delivery. */
  webhookUrl?: string | (() => string | undefined);
  webhookSecret?: string;
  retryBaseMs?: number;
  maxAttempts?: number;
}): Server;
