/**
 * Stripe's events (issue 34). The signature is checked by the SDK; each event is stored by its id in the same batch as
 * the change it makes, and every statement of that change runs only for the delivery that stored the event (its random
 * `delivery` value), so a replay or a second delivery changes nothing. A payment is marked paid only from 'created' and
 * only for its own amount, so events in any order (or two sessions' events) never pay it twice.
 */
import type { Context } from 'hono';
import { formatPence } from '~/lib/money';
import { PURPOSE_LABELS } from '~/lib/payments';
import type { MoveEvent } from '~/lib/move-status';
import type { AppBindings, Env } from '../../env';
import { config } from '../config';
import { readBounded } from '../body';
import { jsonError } from '../http';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { findQuote } from '../quote/store';
import type { PaymentRow } from './checkout';
import { receiptEmail } from './receipt-email';
import { stripeClient, subtleCrypto, type Stripe } from './stripe';
import { mailContext } from '../mail-context';

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

export async function stripeWebhook(c: Context<AppBindings>): Promise<Response> {
  const stripe = stripeClient(c.env);
  const secret = config(c.env).stripe.webhookSecret;
  if (!stripe || !secret) return jsonError(c, 503, 'payments_unavailable', 'Payments are not set up here.');
  const body = await readBounded(c.req.raw, MAX_EVENT_BYTES);
  if (body.tooLarge) return jsonError(c, 413, 'payload_too_large', 'This is too large to be a Stripe event.');
  // The signature is over these exact bytes, so they are checked as they came.
  const payload = new TextDecoder().decode(body.bytes);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, c.req.header('stripe-signature') ?? '', secret, undefined, subtleCrypto);
  } catch {
    return jsonError(c, 400, 'bad_signature', 'The Stripe-Signature header does not match this event.');
  }
  await handleEvent(c.env, event, new Date());
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

/** Stores the event once; a completed Checkout Session also pays its payment (and books a deposit's move). */
export async function handleEvent(env: Env, event: Stripe.Event, now: Date): Promise<void> {
  const db = env.DB;
  const delivery = crypto.randomUUID();
  const stored = db
    .prepare('INSERT INTO stripe_events (id, type, received_at, delivery, payload) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING')
    .bind(event.id, event.type, now.toISOString(), delivery, storedPayload(event));
  const paid = event.type === 'checkout.session.completed' ? await paidStatements(env, event.data.object, event.id, delivery, now) : null;
  await db.batch([stored, ...(paid?.statements ?? [])]);
  if (paid) await queueEmails(env, paid.emails);
}

async function paidStatements(
  env: Env,
  session: Stripe.Checkout.Session,
  eventId: string,
  delivery: string,
  now: Date,
): Promise<{ statements: D1PreparedStatement[]; emails: string[] } | null> {
  const db = env.DB;
  const paymentId = Number(session.metadata?.payment_id);
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!Number.isInteger(paymentId) || session.payment_status !== 'paid' || !paymentIntent) return null;
  const payment = await db.prepare('SELECT * FROM payments WHERE id = ?').bind(paymentId).first<PaymentRow>();
  if (!payment || payment.status !== 'created') return null;
  const quote = await findQuote(db, { reference: payment.reference });
  if (!quote) return null;
  const at = now.toISOString();
  // "This delivery stored the event, and this event paid the payment": true for one delivery of one event only.
  const first = 'EXISTS (SELECT 1 FROM stripe_events WHERE id = ?1 AND delivery = ?2)';
  const paidHere = `${first} AND EXISTS (SELECT 1 FROM payments WHERE id = ?3 AND paid_event_id = ?1)`;
  const email: OutboxEmail = {
    recordType: 'move',
    recordReference: payment.reference,
    kind: 'customer',
    draft: receiptEmail(await mailContext(env), quote, {
      purpose: payment.purpose,
      amountPence: payment.amount_pence,
      paidAt: now,
      paymentIntent,
    }),
    idempotencyKey: `move:${payment.reference}:payment:${payment.id}:receipt`,
  };
  const paidWords = `${PURPOSE_LABELS[payment.purpose]} of ${formatPence(payment.amount_pence)} paid by card`;
  // The history reads "Booking confirmed by Shiftly: deposit of £75.00 paid by card".
  const booked: MoveEvent = { kind: 'confirmed', note: paidWords.charAt(0).toLowerCase() + paidWords.slice(1), byPayment: true };
  const statements = [
    db
      .prepare(
        `UPDATE payments SET status = 'paid', payment_intent = ?4, checkout_session_id = coalesce(checkout_session_id, ?5),
           paid_event_id = ?1, paid_at = ?6
         WHERE id = ?3 AND status = 'created' AND amount_pence = ?7 AND (checkout_session_id IS NULL OR checkout_session_id = ?5)
           AND ${first}`,
      )
      .bind(eventId, delivery, payment.id, paymentIntent, session.id, at, session.amount_total ?? -1),
    // Right after the UPDATE: stored only if it paid the payment.
    ...outboxInserts(db, [email], now, { afterChange: true }),
    db
      .prepare(
        `INSERT INTO audit_log (created_at, actor, action, record_reference, detail)
         SELECT ?4, 'customer', 'payment_received', ?5, ?6 WHERE ${paidHere}`,
      )
      .bind(eventId, delivery, payment.id, at, payment.reference, paidWords),
    ...(payment.purpose === 'deposit'
      ? [
          // The deposit books the move: the one way a move becomes booked and paid.
          db
            .prepare(
              `UPDATE quote_requests SET status = 'booked', version = version + 1
               WHERE reference = ?4 AND status IN ('quoted', 'booking_requested', 'declined') AND ${paidHere}`,
            )
            .bind(eventId, delivery, payment.id, payment.reference),
          db
            .prepare('INSERT INTO quote_events (reference, created_at, event) SELECT ?, ?, ? WHERE changes() = 1')
            .bind(payment.reference, at, JSON.stringify(booked)),
          db
            .prepare(
              `INSERT INTO office_leads (reference, record_type, stage, updated_at) SELECT ?5, 'quote', 'booked', ?4 WHERE ${paidHere}
               ON CONFLICT (reference) DO UPDATE SET stage = 'booked', lost_reason = NULL, updated_at = excluded.updated_at`,
            )
            .bind(eventId, delivery, payment.id, at, payment.reference),
        ]
      : []),
  ];
  return { statements, emails: [email.idempotencyKey] };
}
