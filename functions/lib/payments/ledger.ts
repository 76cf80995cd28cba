/** A move's card payments, each with its refunds, as the office's lead page lists them (issue 34 item 3). */
import type { LedgerRefund, LedgerPayment } from '~/lib/views/office';

export async function paymentLedger(db: D1Database, reference: string): Promise<LedgerPayment[]> {
  const [payments, refunds] = await db.batch([
    db
      .prepare(
        `SELECT id, purpose, amount_pence AS amountPence, status, refunded_pence AS refundedPence, created_at AS createdAt,
           paid_at AS paidAt, payment_intent AS paymentIntent, received_pence AS receivedPence,
           received_currency AS receivedCurrency, disputed_at AS disputedAt
         FROM payments WHERE reference = ? ORDER BY id`,
      )
      .bind(reference),
    db
      .prepare(
        `SELECT r.id, r.payment_id AS paymentId, r.amount_pence AS amountPence, r.status, coalesce(r.done_at, r.created_at) AS at,
           r.stripe_refund_id AS stripeRefundId, r.next_attempt_at AS nextAttemptAt, r.source
         FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ? ORDER BY r.id`,
      )
      .bind(reference),
  ]);
  const all = (refunds?.results ?? []) as Array<LedgerRefund & { paymentId: number }>;
  return ((payments?.results ?? []) as Array<Omit<LedgerPayment, 'refunds'>>).map((payment) => ({
    ...payment,
    refunds: all.filter((refund) => refund.paymentId === payment.id).map(({ paymentId: _, ...refund }) => refund),
  }));
}
