/**
 * A refund through Stripe's refunds API (issue 34): the refund's row is stored before Stripe is asked (its idempotency key
 * is the row's id), and the payment's refunded total moves only once Stripe has answered, never past what was paid.
 */
import type { Env } from '../../env';
import type { PaymentRow } from './checkout';
import { stripeClient } from './stripe';

export type RefundOutcome = { ok: true; refundId: number; stripeRefundId: string } | { ok: false; refundId: number | null; error: string };

export async function refundPayment(
  env: Env,
  { paymentId, amountPence, reason }: { paymentId: number; amountPence: number; reason: string },
  now: Date,
): Promise<RefundOutcome> {
  const db = env.DB;
  const stripe = stripeClient(env);
  const payment = await db.prepare('SELECT * FROM payments WHERE id = ?').bind(paymentId).first<PaymentRow>();
  const left = payment ? payment.amount_pence - payment.refunded_pence : 0;
  if (!stripe || !payment?.payment_intent || (payment.status !== 'paid' && payment.status !== 'partially_refunded')) {
    return { ok: false, refundId: null, error: 'This payment cannot be refunded.' };
  }
  if (!Number.isInteger(amountPence) || amountPence < 1 || amountPence > left) {
    return { ok: false, refundId: null, error: `A refund must be between 1p and the ${left}p not yet refunded.` };
  }
  const stored = await db
    .prepare("INSERT INTO refunds (payment_id, amount_pence, reason, status, created_at) VALUES (?, ?, ?, 'created', ?) RETURNING id")
    .bind(paymentId, amountPence, reason, now.toISOString())
    .first<{ id: number }>();
  if (!stored) return { ok: false, refundId: null, error: 'The refund could not be stored.' };
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: payment.payment_intent,
        amount: amountPence,
        metadata: { refund_id: String(stored.id), reference: payment.reference },
      },
      { idempotencyKey: `refund-${stored.id}` },
    );
    const at = new Date().toISOString();
    await db.batch([
      db.prepare("UPDATE refunds SET stripe_refund_id = ?, status = 'succeeded', done_at = ? WHERE id = ?").bind(refund.id, at, stored.id),
      // In SQL, so two refunds at once each add their own amount.
      db
        .prepare(
          `UPDATE payments SET refunded_pence = refunded_pence + ?1,
             status = CASE WHEN refunded_pence + ?1 >= amount_pence THEN 'refunded' ELSE 'partially_refunded' END
           WHERE id = ?2 AND refunded_pence + ?1 <= amount_pence`,
        )
        .bind(amountPence, paymentId),
    ]);
    return { ok: true, refundId: stored.id, stripeRefundId: refund.id };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    console.error(`refund ${stored.id} of payment ${paymentId}: Stripe refused it: ${said}`);
    await db.prepare("UPDATE refunds SET status = 'failed', done_at = ? WHERE id = ?").bind(new Date().toISOString(), stored.id).run();
    return { ok: false, refundId: stored.id, error: said };
  }
}
