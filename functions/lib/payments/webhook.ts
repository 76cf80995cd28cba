/**
 * Stripe's events (issue 34, issue 39 item 5). The signature is checked by the SDK; an event that is not one (`[]`,
 * `null`, no data), is dated more than 5 minutes ahead, or is of the other mode than our key (live or test) is refused
 * (400). Each event is stored once by its id, in the same batch as the change it makes; a session's change is guarded
 * by "this delivery stored the event" as well as by the payment's own state, so a replay or a second delivery changes
 * nothing. What each type does:
 *   checkout.session.completed, .async_payment_succeeded, .async_payment_failed, .expired: Stripe's view of the session
 *     (retrieved, as Stripe's fulfilment guide asks) to the one fulfil function (fulfil.ts)
 *   charge.refunded: refunds made outside the site (Stripe's dashboard) recorded (charge-events.ts)
 *   charge.dispute.created: an urgent office task and an alert (charge-events.ts)
 *   account.updated: a partner's connected account, as Stripe says it stands now (partners/payouts.ts); after a
 *     charge.refunded, the partner's part of the refund is taken back from a transfer already made (issue 43 item 5)
 *   anything else: stored and acknowledged.
 */
import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppBindings, Env } from '../../env';
import { requestNow } from '../clock';
import { config } from '../config';
import { readBounded } from '../body';
import { jsonError } from '../http';
import { issueDocumentsSafely } from '../documents';
import { queueEmails } from '../outbox';
import { paymentWhere } from './checkout';
import { disputeStatements, refundedStatements } from './charge-events';
import { afterwards, retrieveSession, sessionStatements, type Recorded } from './fulfil';
import { accountUpdated, reversePartnerShares } from '../partners/payouts';
import { stripeClient, subtleCrypto, type Stripe } from './stripe';

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;
/** An event, or its signature, dated further ahead than this is refused: Stripe's own tolerance, the other way. */
export const FUTURE_TOLERANCE_SECONDS = 300;

/** What every event has, by Stripe's API reference; anything else signed is not an event we can act on. */
const eventShape = z.object({
  id: z.string().check(z.startsWith('evt_')),
  type: z.string().check(z.minLength(1)),
  created: z.number(),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** A live key takes live events only, a test key test events only. */
export const isLiveKey = (secretKey: string): boolean => /^(sk|rk)_live_/.test(secretKey);

export async function stripeWebhook(c: Context<AppBindings>): Promise<Response> {
  const stripe = stripeClient(c.env);
  const { webhookSecret: secret, secretKey } = config(c.env).stripe;
  if (!stripe || !secret || !secretKey) return jsonError(c, 503, 'payments_unavailable', 'Payments are not set up here.');
  const body = await readBounded(c.req.raw, MAX_EVENT_BYTES);
  if (body.tooLarge) return jsonError(c, 413, 'payload_too_large', 'This is too large to be a Stripe event.');
  // The signature is over these exact bytes, so they are checked as they came.
  const payload = new TextDecoder().decode(body.bytes);
  const signature = c.req.header('stripe-signature') ?? '';
  let signed: unknown;
  try {
    signed = await stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, subtleCrypto);
  } catch {
    return jsonError(c, 400, 'bad_signature', 'The Stripe-Signature header does not match this event.');
  }
  const checked = eventShape.safeParse(signed);
  if (!checked.success) return jsonError(c, 400, 'malformed_event', 'This is signed, but it is not a Stripe event.');
  const event = signed as Stripe.Event;
  const now = new Date();
  const ahead = Math.floor(now.getTime() / 1000) + FUTURE_TOLERANCE_SECONDS;
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1] ?? 0);
  if (event.created > ahead || signedAt > ahead) return jsonError(c, 400, 'event_in_future', 'This event is dated in the future.');
  if (event.livemode !== isLiveKey(secretKey)) {
    return jsonError(
      c,
      400,
      'wrong_mode',
      `This is a ${event.livemode ? 'live' : 'test'} event; this site takes ${event.livemode ? 'test' : 'live'} ones.`,
    );
  }
  try {
    // Dated by the test clock where there is one (the Stripe stand-in's POST /clock): the future check keeps real time.
    await handleEvent(c.env, event, requestNow(c));
  } catch (error) {
    // Stripe could not be asked how the session stands: not stored, so Stripe delivers it again later.
    console.error(`Stripe event ${event.id} (${event.type}) not handled yet: ${String(error)}`);
    return jsonError(c, 503, 'try_again', 'This event could not be handled just now.');
  }
  return c.json({ received: true });
}

/**
 * What is kept of an event: its id (for once-only handling), type and time, and of its object only the payment's own
 * facts. Stripe's object also carries the customer's e-mail address, name and billing address (customer_email,
 * customer_details), which are not ours to keep once the payment is handled: "Delete my data" could not reach them.
 * migrations/0020_stripe_event_payloads.sql keeps the same fields of the events stored before.
 */
export const EVENT_OBJECT_FIELDS = [
  'id',
  'object',
  'amount_total',
  'currency',
  'payment_intent',
  'payment_status',
  'status',
  'client_reference_id',
  'metadata',
] as const;

export function storedPayload(event: Stripe.Event): string {
  const object = event.data.object as unknown as Record<string, unknown>;
  const kept = Object.fromEntries(EVENT_OBJECT_FIELDS.filter((field) => field in object).map((field) => [field, object[field]]));
  return JSON.stringify({ id: event.id, type: event.type, created: event.created, livemode: event.livemode, data: { object: kept } });
}

const nothing: Recorded = { statements: [], emails: [], paymentId: null };

/** Stores the event once, with what it changes; then a session's payment is fulfilled (idempotent: a replay too). */
export async function handleEvent(env: Env, event: Stripe.Event, now: Date): Promise<void> {
  const db = env.DB;
  const delivery = crypto.randomUUID();
  const stored = db
    .prepare('INSERT INTO stripe_events (id, type, received_at, delivery, payload) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING')
    .bind(event.id, event.type, now.toISOString(), delivery, storedPayload(event));
  const guard = { sql: 'EXISTS (SELECT 1 FROM stripe_events WHERE id = ? AND delivery = ?)', binds: [event.id, delivery] };
  const object = event.data.object as unknown as Record<string, unknown>;
  let recorded = nothing;
  if (SESSION_EVENTS.has(event.type) && isOurs(object)) {
    recorded = await sessionStatements(env, await retrieveSession(env, String(object.id)), now, { eventId: event.id, guard });
  } else if (event.type === 'charge.refunded') {
    recorded = await refundedStatements(env, object as unknown as Stripe.Charge, now);
  } else if (event.type === 'charge.dispute.created') {
    recorded = await disputeStatements(env, object as unknown as Stripe.Dispute, now);
  } else if (event.type === 'account.updated' && typeof object.id === 'string') {
    await accountUpdated(env, object.id, now);
  }
  await db.batch([stored, ...recorded.statements]);
  await queueEmails(env, recorded.emails);
  if (SESSION_EVENTS.has(event.type) && recorded.paymentId !== null) await afterwards(env, recorded.paymentId, now);
  if (event.type === 'charge.refunded' && recorded.paymentId !== null) {
    const payment = await paymentWhere(db, 'p.id = ?', recorded.paymentId);
    if (payment) await issueDocumentsSafely(env, payment.reference, now);
    // The cron sweeps again for any reversal this one could not make.
    if (payment)
      await reversePartnerShares(env, payment.reference, now).catch((error: unknown) => {
        console.error(`partner's share of ${payment.reference}'s refund not reversed yet: ${String(error)}`);
      });
  }
}

/** A session this site made: it names its payment (metadata, checkout.ts). Another integration's is acknowledged only. */
const isOurs = (object: Record<string, unknown>): boolean => {
  const metadata = object.metadata as Record<string, unknown> | undefined;
  return typeof object.id === 'string' && !!metadata && (typeof metadata.payment_id === 'string' || typeof metadata.reference === 'string');
};
