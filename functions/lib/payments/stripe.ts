/**
 * The official Stripe SDK in the Worker: its fetch-based HTTP client, and its API host from config (the stand-in locally).
 * Webhook signatures are checked with the SDK's SubtleCrypto provider, as Workers have no Node crypto.
 */
import Stripe from 'stripe';
import type { Env } from '../../env';
import { config } from '../config';

const clients = new WeakMap<Env, Stripe>();

/** Null without STRIPE_SECRET_KEY: no payment can start. */
export function stripeClient(env: Env): Stripe | null {
  const { secretKey, api } = config(env).stripe;
  if (!secretKey) return null;
  let client = clients.get(env);
  if (!client) {
    client = new Stripe(secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      host: api.host,
      port: api.port,
      protocol: api.protocol,
      // Creating a session carries an idempotency key, so the SDK's retries never make two.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(env, client);
  }
  return client;
}

export const subtleCrypto = Stripe.createSubtleCryptoProvider();

export type { Stripe };
