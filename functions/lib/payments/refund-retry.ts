/**
 * The cron's second try, and later ones, at refunds Stripe refused (issue 39 item 6): each due refund is asked for
 * again under its own idempotency key (refund.ts askStripe), so nothing is refunded twice. Made, the customer is told
 * it has gone through; refused at the last try, the office gets an urgent task to make it by hand and the customer is
 * told so. A refund whose first try never got an answer (the Worker stopped) is asked for the same way.
 */
import { formatPence } from '~/lib/money';
import { PURPOSE_LABELS, REFUND_RETRY_MINUTES } from '~/lib/payments';
import type { Env } from '../../env';
import { mailContext } from '../mail-context';
import { auditStatement } from '../office/audit';
import { taskStatement } from '../office/tasks';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { findQuote } from '../quote/store';
import { minutesAfter, paymentWhere } from './checkout';
import { refundArrivedNotice, refundByHandNotice, toCustomer } from './money-emails';
import { askStripe, type RefundRow } from './refund';

/** A first try with no answer after this long is taken as lost. */
const UNANSWERED_MINUTES = 5;
/** While one cron run asks, another leaves the refund alone. */
const CLAIM_MINUTES = 10;

export async function retryRefunds(env: Env, now: Date): Promise<{ made: number; gaveUp: number }> {
  const db = env.DB;
  const at = now.toISOString();
  const { results: due } = await db
    .prepare(
      `SELECT * FROM refunds WHERE (status = 'failed' AND next_attempt_at <= ?1)
         OR (status = 'created' AND created_at <= ?2 AND (next_attempt_at IS NULL OR next_attempt_at <= ?1))
       ORDER BY id LIMIT 50`,
    )
    .bind(at, minutesAfter(now, -UNANSWERED_MINUTES))
    .all<RefundRow>();
  let made = 0;
  let gaveUp = 0;
  for (const refund of due) {
    // Claimed by counting this try, as read: a run racing this one finds it changed and leaves it.
    const claimed = await db
      .prepare(
        `UPDATE refunds SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND status = ? AND attempts = ?
           AND coalesce(next_attempt_at, '') = coalesce(?, '')`,
      )
      .bind(minutesAfter(now, CLAIM_MINUTES), refund.id, refund.status, refund.attempts, refund.next_attempt_at)
      .run();
    if (claimed.meta.changes !== 1) continue;
    const outcome = await askStripe(env, refund.id, now);
    if (outcome.ok) made += 1;
    else if (outcome.retryAt === null) gaveUp += 1;
    await tellAfterRetry(
      env,
      refund,
      outcome.ok ? outcome.stripeRefundId : null,
      outcome.ok ? null : outcome.error,
      outcome.ok || outcome.retryAt === null,
      now,
    );
  }
  return { made, gaveUp };
}

/** Made: the customer hears it has gone through. Given up: an urgent task, and the customer hears the office makes it. */
async function tellAfterRetry(
  env: Env,
  refund: RefundRow,
  stripeRefundId: string | null,
  error: string | null,
  final: boolean,
  now: Date,
): Promise<void> {
  if (!final) return;
  const db = env.DB;
  const payment = await paymentWhere(db, 'p.id = ?', refund.payment_id);
  if (!payment) return;
  const quote = await findQuote(db, { reference: payment.reference });
  const facts = { purpose: payment.purpose, amountPence: payment.amount_pence, paymentIntent: payment.payment_intent };
  const mail = await mailContext(env);
  const emails: OutboxEmail[] = quote
    ? [
        stripeRefundId
          ? toCustomer(
              mail,
              quote,
              `move:${quote.reference}:refund:${refund.id}:arrived`,
              refundArrivedNotice(facts, { amountPence: refund.amount_pence, stripeRefundId }, now),
            )
          : toCustomer(
              mail,
              quote,
              `move:${quote.reference}:refund:${refund.id}:by-hand`,
              refundByHandNotice(facts, { amountPence: refund.amount_pence }),
            ),
      ]
    : [];
  const hours = Math.round(REFUND_RETRY_MINUTES.reduce((sum, minutes) => sum + minutes, 0) / 60);
  const detail = stripeRefundId
    ? `${formatPence(refund.amount_pence)} refunded on card payment ${payment.payment_intent} (${stripeRefundId}) at try ${refund.attempts + 1}`
    : `${PURPOSE_LABELS[payment.purpose]}: ${formatPence(refund.amount_pence)} to refund by hand on card payment ${payment.payment_intent ?? `#${payment.id}`}: Stripe refused it ${refund.attempts + 1} times over ${hours} hours. It last said: ${error}`;
  await db.batch([
    ...(stripeRefundId ? [] : [taskStatement(db, { reference: payment.reference, kind: 'refund_failed', detail }, now)]),
    auditStatement(
      db,
      { actor: 'system', action: stripeRefundId ? 'payment_refunded' : 'refund_failed', reference: payment.reference, detail },
      now,
    ),
    ...outboxInserts(db, emails, now),
  ]);
  await queueEmails(
    env,
    emails.map((email) => email.idempotencyKey),
  );
}
