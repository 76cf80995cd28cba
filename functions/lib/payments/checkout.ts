/**
 * A card payment through Stripe Checkout (issue 34). The payment's row is stored first; then Stripe is asked for a
 * Checkout Session (its idempotency key is the row's id, so the SDK's retries make one); the row keeps the session's id.
 * The payment counts as paid only when the signed checkout.session.completed event arrives (webhook.ts).
 */
import { MIN_CARD_PENCE, PAYMENT_WORDS, type PaymentPurpose, type PaymentStatus } from '~/lib/payments';
import type { Env } from '../../env';
import { stripeClient } from './stripe';

export interface CheckoutRequest {
  reference: string;
  purpose: PaymentPurpose;
  amountPence: number;
  /** Stripe shows it on its page and sends its own receipt there. */
  email: string;
  /** Absolute; `{CHECKOUT_SESSION_ID}` is replaced by Stripe with the session's id. */
  successUrl: string;
  cancelUrl: string;
}

export type CheckoutStarted = { ok: true; paymentId: number; url: string } | { ok: false; paymentId: number | null; message: string };

export interface PaymentRow {
  id: number;
  reference: string;
  purpose: PaymentPurpose;
  amount_pence: number;
  checkout_session_id: string | null;
  payment_intent: string | null;
  status: PaymentStatus;
  refunded_pence: number;
  paid_event_id: string | null;
  created_at: string;
  paid_at: string | null;
}

export async function startCheckout(env: Env, request: CheckoutRequest, now: Date): Promise<CheckoutStarted> {
  const stripe = stripeClient(env);
  if (!stripe || !Number.isInteger(request.amountPence) || request.amountPence < MIN_CARD_PENCE) {
    return { ok: false, paymentId: null, message: PAYMENT_WORDS.unavailable };
  }
  const stored = await env.DB.prepare(
    "INSERT INTO payments (reference, purpose, amount_pence, status, created_at) VALUES (?, ?, ?, 'created', ?) RETURNING id",
  )
    .bind(request.reference, request.purpose, request.amountPence, now.toISOString())
    .first<{ id: number }>();
  if (!stored) return { ok: false, paymentId: null, message: PAYMENT_WORDS.unavailable };
  const paymentId = stored.id;
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: request.amountPence,
              product_data: { name: PAYMENT_WORDS.lineItem(request.purpose, request.reference) },
            },
          },
        ],
        client_reference_id: request.reference,
        customer_email: request.email,
        // The webhook finds its payment by this, even if the event arrives before the session's id is stored.
        metadata: { payment_id: String(paymentId), reference: request.reference, purpose: request.purpose },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `payment-${paymentId}` },
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} came without a URL`);
    await env.DB.prepare('UPDATE payments SET checkout_session_id = ? WHERE id = ?').bind(session.id, paymentId).run();
    return { ok: true, paymentId, url: session.url };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    console.error(`payment ${paymentId}: Stripe did not start a Checkout Session: ${said}`);
    await env.DB.prepare("UPDATE payments SET status = 'failed', last_error = ? WHERE id = ? AND status = 'created'")
      .bind(said.slice(0, 500), paymentId)
      .run();
    return { ok: false, paymentId, message: PAYMENT_WORDS.unavailable };
  }
}

export const paymentsFor = async (db: D1Database, reference: string): Promise<PaymentRow[]> =>
  (await db.prepare('SELECT * FROM payments WHERE reference = ? ORDER BY id').bind(reference).all<PaymentRow>()).results;
