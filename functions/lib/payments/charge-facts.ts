/**
 * Stripe's own facts about a card payment's charge (issue 45 item 3): when Stripe made it (the charge's `created`, the
 * time its balance transaction carries too) and the fee Stripe took, from the charge's balance transaction. Read when a
 * payment is confirmed, whichever way (the webhook, the move page, the cron), so every payment is dated by Stripe's time
 * and the ledger agrees with Stripe's balance line by line.
 */
import type { Env } from '../../env';
import { stripeClient } from './stripe';

export interface ChargeFacts {
  /** ISO: the charge's `created`. */
  paidAt: string;
  /** Pence, every fee on the balance transaction; null while Stripe has no balance transaction for it yet. */
  feePence: number | null;
}

/** Null when Stripe is not set up here or has no charge for the intent; throws when Stripe could not be asked. */
export async function chargeFacts(env: Env, paymentIntent: string): Promise<ChargeFacts | null> {
  const stripe = stripeClient(env);
  if (!stripe) return null;
  const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge.balance_transaction'] });
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const txn = charge.balance_transaction;
  // Only a GBP balance's fee is in pence we can add up (ours is a UK account: Stripe settles a charge in GBP).
  const feePence = txn && typeof txn === 'object' && txn.currency === 'gbp' ? txn.fee : null;
  return { paidAt: new Date(charge.created * 1000).toISOString(), feePence };
}

/** As chargeFacts, but a failure to ask is logged and answers null: the payment is still recorded, its fee read later. */
export const chargeFactsOrNull = (env: Env, paymentIntent: string | null): Promise<ChargeFacts | null> =>
  paymentIntent
    ? chargeFacts(env, paymentIntent).catch((error: unknown) => {
        console.error(`Stripe's charge for ${paymentIntent} could not be read yet: ${String(error)}`);
        return null;
      })
    : Promise.resolve(null);
