/**
 * What Stripe tells us about a charge after it was paid (issue 39 item 5). charge.refunded comes for every refund, ours
 * too: Stripe's list of the payment's refunds says which were made outside the site (no `refund_id` of ours), and each
 * is recorded once by its id, with the customer's e-mail and the office's note. One of ours whose answer was lost is
 * recorded as done. charge.dispute.created marks the payment and makes an urgent task and an alert.
 */
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { PURPOSE_LABELS } from '~/lib/payments';
import type { Env } from '../../env';
import { mailContext } from '../mail-context';
import { auditStatement } from '../office/audit';
import { taskStatement } from '../office/tasks';
import { outboxInserts, type OutboxEmail } from '../outbox';
import { findQuote } from '../quote/store';
import { paymentWhere } from './checkout';
import type { Recorded } from './fulfil';
import { businessAlert, outsideRefundNotice, toCustomer } from './money-emails';
import { recordRefundDone } from './refund';
import { stripeClient, type Stripe } from './stripe';

const intentOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export async function refundedStatements(env: Env, charge: Stripe.Charge, now: Date): Promise<Recorded> {
  const db = env.DB;
  const stripe = stripeClient(env);
  const intent = intentOf(charge.payment_intent);
  const payment = intent ? await paymentWhere(db, 'p.payment_intent = ?', intent) : null;
  if (!stripe || !intent || !payment) return { statements: [], emails: [], paymentId: null };
  const quote = await findQuote(db, { reference: payment.reference });
  const statements: D1PreparedStatement[] = [];
  const emails: OutboxEmail[] = [];
  const at = now.toISOString();
  for await (const refund of stripe.refunds.list({ payment_intent: intent, limit: 100 })) {
    if (refund.status !== 'succeeded') continue;
    const ours = Number(refund.metadata?.refund_id);
    if (Number.isInteger(ours) && ours > 0) {
      // Ours: done already, or its answer was lost on the way back.
      await recordRefundDone(db, ours, refund.id, now);
      continue;
    }
    const detail = `${formatPence(refund.amount)} of the ${PURPOSE_LABELS[payment.purpose].toLowerCase()} (${intent}) refunded in Stripe's dashboard (${refund.id}): recorded.`;
    const email = quote
      ? [
          toCustomer(
            await mailContext(env),
            quote,
            `move:${payment.reference}:refund:${refund.id}:outside`,
            outsideRefundNotice(
              { purpose: payment.purpose, amountPence: payment.amount_pence, paymentIntent: intent },
              { amountPence: refund.amount, stripeRefundId: refund.id },
              now,
            ),
          ),
        ]
      : [];
    emails.push(...email);
    statements.push(
      // Once by Stripe's id: a second event about the same refund inserts nothing, so nothing after it runs.
      db
        .prepare(
          `INSERT INTO refunds (payment_id, amount_pence, reason, stripe_refund_id, status, created_at, done_at, source)
           VALUES (?, ?, 'made in Stripe''s dashboard', ?, 'succeeded', ?, ?, 'stripe') ON CONFLICT (stripe_refund_id) DO NOTHING`,
        )
        .bind(payment.id, refund.amount, refund.id, new Date(refund.created * 1000).toISOString(), at),
      db
        .prepare(
          `UPDATE payments SET refunded_pence = refunded_pence + ?1,
             status = CASE WHEN status NOT IN ('paid', 'partially_refunded') THEN status
               WHEN refunded_pence + ?1 >= amount_pence THEN 'refunded' ELSE 'partially_refunded' END
           WHERE id = ?2 AND refunded_pence + ?1 <= amount_pence AND changes() = 1`,
        )
        .bind(refund.amount, payment.id),
      ...outboxInserts(db, email, now, { afterChange: true }),
      taskStatement(db, { reference: payment.reference, kind: 'refund_outside', detail }, now, { afterChange: true }),
      auditStatement(db, { actor: 'stripe', action: 'payment_refunded', reference: payment.reference, detail }, now, { afterChange: true }),
    );
  }
  return { statements, emails: emails.map((email) => email.idempotencyKey), paymentId: payment.id };
}

export async function disputeStatements(env: Env, dispute: Stripe.Dispute, now: Date): Promise<Recorded> {
  const db = env.DB;
  const intent = intentOf(dispute.payment_intent);
  const payment = intent ? await paymentWhere(db, 'p.payment_intent = ?', intent) : null;
  if (!payment) return { statements: [], emails: [], paymentId: null };
  const dueBy = dispute.evidence_details?.due_by ? formatLongDate(londonToday(new Date(dispute.evidence_details.due_by * 1000))) : null;
  const said = `${formatPence(dispute.amount)} of the ${PURPOSE_LABELS[payment.purpose].toLowerCase()} (${intent}) disputed by the card holder (${dispute.id}, reason: ${dispute.reason})`;
  const detail = `${said}. Answer it in Stripe${dueBy ? ` by ${dueBy}` : ''}, or the bank decides without us.`;
  const alert = businessAlert(await mailContext(env), payment.reference, `alert:${payment.reference}:dispute:${dispute.id}`, {
    headline: 'a card payment is disputed',
    rows: [
      ['What happened', said],
      ['What to do', `Answer the dispute in Stripe${dueBy ? ` by ${dueBy}` : ''} with the booking, the job sheet and any photos.`],
    ],
  });
  return {
    statements: [
      db.prepare('UPDATE payments SET disputed_at = ? WHERE id = ? AND disputed_at IS NULL').bind(now.toISOString(), payment.id),
      taskStatement(db, { reference: payment.reference, kind: 'payment_disputed', detail }, now, { afterChange: true }),
      auditStatement(db, { actor: 'stripe', action: 'payment_disputed', reference: payment.reference, detail }, now, { afterChange: true }),
      ...outboxInserts(db, [alert], now, { afterChange: true }),
    ],
    emails: [alert.idempotencyKey],
    paymentId: payment.id,
  };
}
