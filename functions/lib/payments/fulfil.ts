/**
 * The one fulfil function (issue 39 item 3, as Stripe's "Fulfill orders" guide has it): whatever tells us about a
 * Checkout Session (its signed event, the customer coming back with `?payment=cs_…`, the move page while a session is
 * open, the cron for sessions still open or unfulfilled after 10 minutes) hands Stripe's own view of it here, and it is
 * idempotent: each payment's state only moves forward, each step chained on the one before it.
 *
 * 1. Record (sessionStatements): the session's state on its payment: paid, waiting for the bank, refused by the bank,
 *    closed unpaid, or NOT paid because Stripe took another amount or currency (an urgent task and an alert).
 * 2. Fulfil (fulfilPaid, once per payment by `fulfilled_at`): money owed books its move through the move's one state
 *    change (transition()); money not owed (paid twice, after cancelling, for a day gone) goes back through the one
 *    refund path, the customer told and the office given a task naming both payments. Then any other open session no
 *    longer wanted is expired (closeUnwanted, here with fulfilSession: a session paid as it closes is fulfilled).
 */
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { CHANGED_MEANWHILE } from '../quote/transition';
import { CHECK_SESSION_AFTER_MINUTES, PAYMENT_PURPOSES, PURPOSE_LABELS, type PaymentPurpose } from '~/lib/payments';
import { MOVE_REFUSALS } from '~/lib/move-status';
import type { Env } from '../../env';
import { issueDocumentsSafely } from '../documents';
import { mailContext } from '../mail-context';
import { auditStatement } from '../office/audit';
import { quoteLeadAt } from '../office/office-leads';
import { holdsDay, onlineHold, onlineHoldReleased, partnerHold } from '../office/diary';
import { eligiblePartners } from '../partners/offers';
import { taskStatement, taskWhenStatement } from '../office/tasks';
import { offerIfDiaryFull, ONLINE_BOOKING_BY } from '../quote/instant';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { findQuote } from '../quote/store';
import type { StoredQuote } from '../quote/stored-quote';
import { transition } from '../quote/transition';
import { minutesAfter, paymentsFor, paymentsWhere, paymentWhere, type PaymentRow } from './checkout';
import { cardAccount, isPaid, keptOf, moneyOwed } from './due';
import { businessAlert, notOwedNotice, toCustomer, unpaidNotice } from './money-emails';
import { receiptEmail } from './receipt-email';
import { chargeFactsOrNull } from './charge-facts';
import { askStripe, refundInsert } from './refund';
import { stripeClient, type Stripe } from './stripe';

/** A bank payment is asked about again this often until the bank has answered. */
const PROCESSING_CHECK_MINUTES = 60;

/** Stripe's view of a session with its payment intent, whose state says how a bank payment stands. */
export async function retrieveSession(env: Env, id: string): Promise<Stripe.Checkout.Session> {
  const stripe = stripeClient(env);
  if (!stripe) throw new Error('Payments are not set up here.');
  return stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
}

/** SQL every statement of a webhook's delivery is guarded by ("this delivery stored the event"), with its values. */
export interface Guard {
  sql: string;
  binds: unknown[];
}

export interface Recorded {
  statements: D1PreparedStatement[];
  /** Outbox keys to queue once the batch is stored. */
  emails: string[];
  paymentId: number | null;
}

const isPurpose = (value: unknown): value is PaymentPurpose => PAYMENT_PURPOSES.some((purpose) => purpose === value);
const intentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
const intentStatus = (session: Stripe.Checkout.Session) =>
  session.payment_intent && typeof session.payment_intent === 'object' ? session.payment_intent.status : null;

/** The session's payment: by its id, by the id the session was made with, or (money taken on a session we hold no row for) a new row. */
async function paymentOf(db: D1Database, session: Stripe.Checkout.Session, now: Date): Promise<PaymentRow | null> {
  const bySession = await paymentWhere(db, 'p.checkout_session_id = ?', session.id);
  if (bySession) return bySession;
  const { payment_id: paymentId, reference, purpose } = session.metadata ?? {};
  // The event can come before the session's id is stored with its payment.
  const id = Number(paymentId);
  const byId = Number.isInteger(id)
    ? await paymentWhere(db, 'p.id = ? AND p.reference = ? AND p.checkout_session_id IS NULL', id, reference ?? '')
    : null;
  if (byId) return byId;
  if (session.status !== 'complete' || !reference || !isPurpose(purpose)) return null;
  // An older deployment's session, say: the money is ours to account for (and, not owed, to send back).
  await db
    .prepare(
      `INSERT INTO payments (reference, purpose, amount_pence, checkout_session_id, status, created_at)
       VALUES (?, ?, ?, ?, 'created', ?) ON CONFLICT (checkout_session_id) DO NOTHING`,
    )
    .bind(reference, purpose, session.amount_subtotal ?? session.amount_total ?? 0, session.id, now.toISOString())
    .run();
  return paymentWhere(db, 'p.checkout_session_id = ?', session.id);
}

export interface OwedDecision {
  keepPence: number;
  /** Why the rest is not owed, as the customer and the office read it after "We did not need this payment: ". */
  why: string;
  /** The payment this one repeats, for the office's task. */
  other: PaymentRow | null;
}

/** How much of `payment` its move owes now: the rest goes back (issue 39 item 2). */
export async function owedDecision(db: D1Database, quote: StoredQuote | null, payment: PaymentRow, now: Date): Promise<OwedDecision> {
  const none = (why: string, other: PaymentRow | null = null): OwedDecision => ({ keepPence: 0, why, other });
  if (!quote) return none('its move is no longer on our records');
  if (quote.status === 'cancelled') return none('the move had been cancelled when it arrived');
  if (quote.status === 'declined') return none('the booking had been declined');
  if (payment.purpose === 'deposit' && quote.status !== 'booked' && quote.moveDate < londonToday(now)) {
    return none('the move date had passed, so the move could not be booked');
  }
  const { payments, written } = await cardAccount(db, quote.reference);
  if (!written) return none('there was nothing to pay for this move');
  const others = payments.filter((row) => row.id !== payment.id && keptOf(row) > 0);
  const latest = others.at(-1) ?? null;
  if (payment.purpose === 'deposit') {
    const deposit = others.find((row) => row.purpose === 'deposit');
    if (deposit) return none('the deposit had been paid already', deposit);
    if (quote.status !== 'booked' && written.createdBy === ONLINE_BOOKING_BY && !(await dayTaken(db, quote, now))) {
      return none(
        `the last place in our diary for ${formatLongDate(quote.moveDate)} was taken before your payment reached us, so the move could not be booked`,
      );
    }
    return { keepPence: payment.amount_pence, why: '', other: null };
  }
  const owed = Math.max(0, written.totalPence - others.reduce((sum, row) => sum + keptOf(row), 0));
  if (owed >= payment.amount_pence) return { keepPence: payment.amount_pence, why: '', other: null };
  return owed === 0
    ? none('the move had been paid in full already', latest)
    : { keepPence: owed, why: `it was ${formatPence(payment.amount_pence - owed)} more than was left to pay`, other: latest };
}

/**
 * A move booked online (issue 41 item 2) whose deposit arrives: its place in the diary, taken now if a session that
 * expired had let it go and the day still has room (one guarded statement: diary.ts onlineHold), so two payments for
 * the last place never both book. False: the day is full, and the deposit goes back.
 */
async function dayTaken(db: D1Database, quote: StoredQuote, now: Date): Promise<boolean> {
  if (await holdsDay(db, quote.reference, quote.moveDate)) return true;
  await onlineHold(db, quote.reference, quote.moveDate, ONLINE_BOOKING_BY, now).run();
  if (await holdsDay(db, quote.reference, quote.moveDate)) return true;
  // The firm's day went meanwhile: a partner who fits may still take the move (issue 43 item 4).
  if ((await eligiblePartners(db, quote)).length === 0) return false;
  await partnerHold(db, quote.reference, quote.moveDate, ONLINE_BOOKING_BY, now).run();
  return true;
}

/** "Deposit of £123.75 (pi_…, paid Tuesday 24 November 2026)": a payment as the office's task names it. */
const paymentWords = (row: PaymentRow) => {
  const said = [row.payment_intent, row.paid_at ? `paid ${formatLongDate(londonToday(new Date(row.paid_at)))}` : null].filter(Boolean);
  return `${PURPOSE_LABELS[row.purpose]} of ${formatPence(row.amount_pence)}${said.length ? ` (${said.join(', ')})` : ''}`;
};

/**
 * Step 1: the statements that record how `session` stands on its payment, each guarded by `guard` (the webhook's
 * delivery) and by the payment's own state, so a replay, a second caller or an older event changes nothing.
 */
export async function sessionStatements(
  env: Env,
  session: Stripe.Checkout.Session,
  now: Date,
  { eventId = null, guard = null }: { eventId?: string | null; guard?: Guard | null } = {},
): Promise<Recorded> {
  const db = env.DB;
  const row = await paymentOf(db, session, now);
  if (!row || session.status === 'open') return { statements: [], emails: [], paymentId: row?.id ?? null };
  const quote = await findQuote(db, { reference: row.reference });
  const mail = await mailContext(env);
  const at = now.toISOString();
  const intent = intentOf(session);
  const update = (set: string, binds: unknown[], from: string) =>
    db
      .prepare(
        `UPDATE payments SET ${set}, checkout_session_id = coalesce(checkout_session_id, ?) WHERE id = ? AND ${from}${guard ? ` AND ${guard.sql}` : ''}`,
      )
      .bind(...binds, session.id, row.id, ...(guard?.binds ?? []));
  // The state change first; each later statement runs only if the one before it changed a row (`afterChange`).
  const then = (
    first: D1PreparedStatement,
    emails: OutboxEmail[],
    more: D1PreparedStatement[] = [],
    alerts: OutboxEmail[] = [],
  ): Recorded => ({
    statements: [
      first,
      ...outboxInserts(db, emails, now, { afterChange: true }),
      ...more,
      ...outboxInserts(db, alerts, now, { afterChange: true }),
    ],
    emails: [...emails, ...alerts].map((email) => email.idempotencyKey),
    paymentId: row.id,
  });
  const stillOwed = quote ? (await moneyOwed(db, quote)).due[row.purpose] !== undefined : false;
  const facts = { purpose: row.purpose, amountPence: row.amount_pence, paymentIntent: intent };
  const unpaidEmail = (how: 'expired' | 'refused') =>
    quote && stillOwed ? [toCustomer(mail, quote, `move:${row.reference}:payment:${row.id}:${how}`, unpaidNotice(facts, how))] : [];

  if (session.status === 'expired') {
    // Closed unpaid: its purpose is free to be paid again. Closed by us (replaced, not wanted), the row says so already.
    // A move being booked online lets its day go in the diary (it checks for itself that nothing booked or pays it).
    return then(update("status = 'expired', open_key = NULL, next_check_at = NULL", [], "status = 'created'"), unpaidEmail('expired'), [
      onlineHoldReleased(db, row.reference, ONLINE_BOOKING_BY),
    ]);
  }
  const refused = session.payment_status === 'unpaid' && ['requires_payment_method', 'canceled'].includes(intentStatus(session) ?? '');
  if (refused) {
    return then(
      update(
        "status = 'payment_failed', payment_intent = coalesce(payment_intent, ?), open_key = NULL, next_check_at = NULL",
        [intent],
        "status IN ('created', 'processing', 'expired')",
      ),
      unpaidEmail('refused'),
    );
  }
  const unsettled = "status IN ('created', 'processing', 'expired', 'payment_failed', 'failed')";
  const received = session.amount_total ?? 0;
  const currency = (session.currency ?? '').toLowerCase();
  if (currency !== 'gbp' || received !== row.amount_pence) {
    // Never taken as paid (issue 39 item 4): the office checks it in Stripe, and it stays on the lead's page.
    const said = `${formatPence(row.amount_pence)} asked for the ${PURPOSE_LABELS[row.purpose].toLowerCase()}; Stripe took ${(received / 100).toFixed(2)} ${currency.toUpperCase()}${intent ? ` (${intent})` : ''}`;
    const detail = `${said}: NOT counted as paid. Check it in Stripe, then refund it or ask for the difference.`;
    return then(
      update(
        "status = 'mismatch', payment_intent = ?, received_pence = ?, received_currency = ?, open_key = NULL, next_check_at = NULL, fulfilled_at = ?",
        [intent, received, currency, at],
        unsettled,
      ),
      [],
      [
        taskStatement(db, { reference: row.reference, kind: 'payment_mismatch', detail }, now, { afterChange: true }),
        auditStatement(db, { actor: 'system', action: 'payment_mismatch', reference: row.reference, detail }, now, { afterChange: true }),
      ],
      [
        businessAlert(mail, row.reference, `alert:${row.reference}:payment:${row.id}:mismatch`, {
          headline: 'a card payment did not match what was asked',
          rows: [
            ['What happened', said],
            ['What to do', 'Check it in Stripe, then refund it or ask the customer for the difference. It is not counted as paid.'],
          ],
        }),
      ],
    );
  }
  if (session.payment_status === 'paid') {
    // Dated by Stripe's charge, as its balance transaction is, whoever confirms it (the webhook, the move page, the cron
    // long after); its fee with it. Stripe not answering here: dated now, the fee left for readMissingFees.
    const charge = await chargeFactsOrNull(env, intent);
    const paidAt = charge?.paidAt ?? at;
    const decision = await owedDecision(db, quote, row, now);
    const paidWords = `${PURPOSE_LABELS[row.purpose]} of ${formatPence(row.amount_pence)} paid by card`;
    // Money not owed gets no receipt: fulfilPaid sends it back and says so.
    const receipt: OutboxEmail[] =
      quote && decision.keepPence > 0 && intent
        ? [
            {
              recordType: 'move',
              recordReference: row.reference,
              kind: 'customer',
              draft: receiptEmail(mail, quote, {
                purpose: row.purpose,
                amountPence: row.amount_pence,
                paidAt: new Date(paidAt),
                paymentIntent: intent,
              }),
              idempotencyKey: `move:${row.reference}:payment:${row.id}:receipt`,
            },
          ]
        : [];
    return then(
      update(
        "status = 'paid', payment_intent = ?, paid_at = ?, stripe_fee_pence = ?, paid_event_id = ?, open_key = NULL, next_check_at = NULL",
        [intent, paidAt, charge?.feePence ?? null, eventId],
        unsettled,
      ),
      receipt,
      [
        auditStatement(db, { actor: 'customer', action: 'payment_received', reference: row.reference, detail: paidWords }, now, {
          afterChange: true,
        }),
      ],
    );
  }
  // Complete but not yet paid: a bank payment on its way. It keeps its purpose's place, so nothing is paid twice meanwhile.
  return then(
    update(
      "status = 'processing', payment_intent = ?, next_check_at = ?",
      [intent, minutesAfter(now, PROCESSING_CHECK_MINUTES)],
      "status IN ('created', 'expired')",
    ),
    [],
  );
}

/** Stored once for a payment: only the first caller to set it goes on to book the move or refund the money. */
const markFulfilled = (db: D1Database, paymentId: number, now: Date, { afterChange = false } = {}) =>
  db
    .prepare(`UPDATE payments SET fulfilled_at = ? WHERE id = ? AND fulfilled_at IS NULL${afterChange ? ' AND changes() = 1' : ''}`)
    .bind(now.toISOString(), paymentId);

/** The deposit books the lead in the office too, whatever stage it was at. */
const bookedStage = (db: D1Database, reference: string, now: Date) =>
  quoteLeadAt(db, reference, 'booked', now.toISOString(), { afterChange: true });

/**
 * A move booked online (issue 41 item 2): the office's task to book its crew (its day is held: owedDecision). Only for
 * a move whose written quote was its own estimate; chained on the booking.
 */
const onlineBooked = (db: D1Database, quote: StoredQuote, now: Date): D1PreparedStatement[] => [
  taskWhenStatement(
    db,
    {
      reference: quote.reference,
      kind: 'instant_booking',
      detail: `Booked and paid online for ${formatLongDate(quote.moveDate)} at the estimate: book a crew, a van and an arrival window in the diary.`,
    },
    now,
    'EXISTS (SELECT 1 FROM written_quotes WHERE reference = ?1 AND version = 1 AND created_by = ?5)',
    [ONLINE_BOOKING_BY],
  ),
];

/**
 * Step 2, once per paid payment: kept and booked, or sent back. The booking goes through the move's one state change
 * (transition()), which refuses a move cancelled or whose date has passed; a move changed under it is read again.
 */
export async function fulfilPaid(env: Env, paymentId: number, now: Date): Promise<void> {
  const db = env.DB;
  for (let round = 0; round < 3; round += 1) {
    const payment = await paymentWhere(db, 'p.id = ?', paymentId);
    if (!payment || !isPaid(payment) || payment.fulfilled_at) return;
    const quote = await findQuote(db, { reference: payment.reference });
    const decision = await owedDecision(db, quote, payment, now);
    if (!quote || decision.keepPence < payment.amount_pence) return sendBack(env, quote, payment, decision, now);
    if (payment.purpose !== 'deposit' || quote.status === 'booked') {
      await markFulfilled(db, payment.id, now).run();
      return;
    }
    const note = `${PURPOSE_LABELS[payment.purpose].toLowerCase()} of ${formatPence(payment.amount_pence)} paid by card`;
    const booked = await transition(db, quote, { action: 'book_paid', note }, 'payment', now, () => [
      bookedStage(db, quote.reference, now),
      markFulfilled(db, payment.id, now, { afterChange: true }),
      ...onlineBooked(db, quote, now),
    ]);
    if (booked.ok) {
      // Booked online on a day the firm's diary had no room for: the partners who fit get it at once.
      await offerIfDiaryFull(db, quote.reference, now).catch((error: unknown) => {
        console.error(`payment ${payment.id}: the move ${quote.reference} was not offered to partners: ${String(error)}`);
      });
      return;
    }
    // Changed meanwhile (a racing caller booked it, or the customer changed something): read it again.
    if (booked.message !== CHANGED_MEANWHILE && booked.message !== MOVE_REFUSALS.alreadyBooked) {
      console.error(`payment ${payment.id}: the move ${quote.reference} was not booked: ${booked.message}`);
      return;
    }
  }
}

/** Money not owed: back to the card through the one refund path, the customer told, the office given both payments. */
async function sendBack(env: Env, quote: StoredQuote | null, payment: PaymentRow, decision: OwedDecision, now: Date): Promise<void> {
  const db = env.DB;
  const refundPence = payment.amount_pence - payment.refunded_pence - payment.pending_refund_pence - decision.keepPence;
  const detail = `${paymentWords(payment)} was not owed: ${decision.why}.${decision.other ? ` The payment before it: ${paymentWords(decision.other)}.` : ''} ${formatPence(Math.max(0, refundPence))} goes back to the card automatically.`;
  const reason = `not owed: ${decision.why}`;
  const [, stored] = await db.batch([
    markFulfilled(db, payment.id, now),
    ...(refundPence > 0 ? [refundInsert(db, { paymentId: payment.id, amountPence: refundPence, reason }, now, { afterChange: true })] : []),
    taskStatement(db, { reference: payment.reference, kind: 'payment_not_owed', detail }, now, { afterChange: true }),
    auditStatement(db, { actor: 'system', action: 'payment_not_owed', reference: payment.reference, detail }, now, { afterChange: true }),
  ]);
  const refundId = refundPence > 0 ? (stored?.results[0] as { id?: number } | undefined)?.id : undefined;
  if (refundId === undefined) return;
  const outcome = await askStripe(env, refundId, now);
  if (!outcome.ok && outcome.retryAt === null) {
    // It cannot be asked for at all: the office makes it by hand, now.
    const task = `${PURPOSE_LABELS[payment.purpose]}: ${formatPence(refundPence)} to refund by hand on card payment ${payment.payment_intent ?? `#${payment.id}`}: ${outcome.error}`;
    await taskStatement(db, { reference: payment.reference, kind: 'refund_failed', detail: task }, now).run();
  }
  if (!quote) return;
  const email = toCustomer(
    await mailContext(env),
    quote,
    `move:${quote.reference}:payment:${payment.id}:not-owed`,
    notOwedNotice(
      { purpose: payment.purpose, amountPence: payment.amount_pence, paymentIntent: payment.payment_intent },
      { amountPence: refundPence, why: decision.why, stripeRefundId: outcome.ok ? outcome.stripeRefundId : null },
      now,
    ),
  );
  await db.batch(outboxInserts(db, [email], now));
  await queueEmails(env, [email.idempotencyKey]);
}

/** Steps 1 and 2 for a session as Stripe describes it (a listed one lacks its payment intent: it is asked for). */
export async function fulfilSession(env: Env, session: Stripe.Checkout.Session, now: Date): Promise<void> {
  const seen =
    session.status === 'complete' && session.payment_status === 'unpaid' && intentStatus(session) === null && intentOf(session)
      ? await retrieveSession(env, session.id)
      : session;
  const recorded = await sessionStatements(env, seen, now);
  if (recorded.statements.length > 0) {
    await env.DB.batch(recorded.statements);
    await queueEmails(env, recorded.emails);
  }
  if (recorded.paymentId !== null) await afterwards(env, recorded.paymentId, now);
}

/** Step 2, then the move's other sessions no longer wanted are closed. */
export async function afterwards(env: Env, paymentId: number, now: Date): Promise<void> {
  await fulfilPaid(env, paymentId, now);
  const row = await paymentWhere(env.DB, 'p.id = ?', paymentId);
  if (row && row.status !== 'created') await closeUnwanted(env, row.reference, now);
  // Taken: its receipt at its tax point, and the invoice if this paid the move in full (issue 45 item 2).
  if (row?.paid_at) await issueDocumentsSafely(env, row.reference, now);
}

/**
 * The move page (issue 39 item 3): coming back from Checkout (`returned`, the session's id) or opened while a session
 * is open, it asks Stripe how each stands first, so a payment whose event is late or lost is booked at once and no
 * Pay button shows for it. False when there was nothing to ask.
 */
export async function reconcileMove(env: Env, reference: string, returned: string | null, now: Date): Promise<boolean> {
  if (!stripeClient(env)) return false;
  const rows = await paymentsFor(env.DB, reference);
  const asking = rows.filter(
    (row) => row.checkout_session_id && (row.status === 'created' || (row.status === 'processing' && row.checkout_session_id === returned)),
  );
  const unfulfilled = rows.filter((row) => isPaid(row) && !row.fulfilled_at);
  for (const row of asking.slice(0, 3)) {
    await retrieveSession(env, row.checkout_session_id!)
      .then((session) => fulfilSession(env, session, now))
      .catch((error: unknown) => console.error(`payment ${row.id}: could not ask Stripe about its session: ${String(error)}`));
  }
  for (const row of unfulfilled) await afterwards(env, row.id, now).catch((error: unknown) => console.error(String(error)));
  return asking.length + unfulfilled.length > 0;
}

/**
 * The cron (issue 39 item 3): sessions neither paid nor closed 10 minutes after they opened, and payments recorded but
 * not fulfilled, are settled as Stripe says. One list of the sessions completed since the oldest of them answers for
 * all; a bank payment, or a session past its time, is asked about on its own. Answers how many it settled.
 */
export async function recoverPayments(env: Env, now: Date): Promise<number> {
  const stripe = stripeClient(env);
  if (!stripe) return 0;
  const db = env.DB;
  const at = now.toISOString();
  // Stored, but the request died before Stripe gave it a session: nobody can pay it, so its purpose is free again.
  await db
    .prepare(
      "UPDATE payments SET status = 'failed', open_key = NULL, last_error = 'never given a Checkout Session' WHERE status = 'created' AND checkout_session_id IS NULL AND created_at <= ?",
    )
    .bind(minutesAfter(now, -60))
    .run();
  const due = await paymentsWhere(
    db,
    "p.next_check_at <= ? AND p.status IN ('created', 'processing') AND p.checkout_session_id IS NOT NULL ORDER BY p.next_check_at LIMIT 50",
    at,
  );
  let settled = 0;
  if (due.length > 0) {
    const since = Math.floor(Math.min(...due.map((row) => Date.parse(row.created_at))) / 1000) - 60;
    const complete = new Map<string, Stripe.Checkout.Session>();
    for await (const session of stripe.checkout.sessions.list({ status: 'complete', created: { gte: since }, limit: 100 })) {
      complete.set(session.id, session);
      if (complete.size >= 1000) break;
    }
    for (const row of due) {
      const id = row.checkout_session_id!;
      try {
        const lapsed = row.expires_at !== null && row.expires_at <= at;
        const session =
          row.status === 'created' && complete.has(id)
            ? complete.get(id)!
            : row.status === 'processing' || lapsed
              ? await retrieveSession(env, id)
              : null;
        if (session && session.status !== 'open') {
          await fulfilSession(env, session, now);
          settled += 1;
        } else {
          const next = minutesAfter(now, row.status === 'processing' ? PROCESSING_CHECK_MINUTES : CHECK_SESSION_AFTER_MINUTES);
          await db
            .prepare("UPDATE payments SET next_check_at = ? WHERE id = ? AND status IN ('created', 'processing')")
            .bind(next, row.id)
            .run();
        }
      } catch (error) {
        console.error(`payment ${row.id}: the cron could not settle its session: ${String(error)}`);
      }
    }
  }
  // Within a week: older ones were recorded before fulfilment was (migration 0021 marks them fulfilled).
  const unfulfilled = await paymentsWhere(
    db,
    "p.status IN ('paid', 'partially_refunded') AND p.fulfilled_at IS NULL AND p.paid_at BETWEEN ? AND ? ORDER BY p.id LIMIT 50",
    minutesAfter(now, -7 * 24 * 60),
    minutesAfter(now, -CHECK_SESSION_AFTER_MINUTES),
  );
  for (const row of unfulfilled) {
    await afterwards(env, row.id, now).catch((error: unknown) => console.error(`payment ${row.id}: ${String(error)}`));
    settled += 1;
  }
  return settled;
}

/** A payment whose fee Stripe could not tell us is asked about again this often. */
const FEE_CHECK_MINUTES = 60;

/**
 * The cron: Stripe's fee on payments taken whose fee is not known yet (Stripe was not answering when they were
 * confirmed, or they were taken before fees were recorded), a few a run. Answers how many it read.
 *
 * Such a payment was dated by its confirmation, not by Stripe's charge (fulfilment could not read it): its paid_at
 * becomes the charge's time with the fee, so the ledger, the payments CSV and the check against Stripe's balance put it
 * on Stripe's day. Its receipt, if issued, is not touched: a document is never changed once issued (documents.ts's
 * `put` never writes a source twice), and reissuing it would take a credit note and a new receipt, with a new number,
 * for the same money and the same VAT. So the receipt keeps the day the payment was recorded (later than Stripe's by
 * however long Stripe did not answer: minutes, or the cron's next run), and the Xero CSV, which lists documents as
 * issued, agrees with the receipt the customer holds. A receipt not issued yet takes the corrected date.
 */
export async function readMissingFees(env: Env, now: Date): Promise<number> {
  if (!stripeClient(env)) return 0;
  const db = env.DB;
  const { results } = await db
    .prepare(
      `SELECT id, payment_intent FROM payments WHERE paid_at IS NOT NULL AND payment_intent IS NOT NULL AND stripe_fee_pence IS NULL
         AND (fee_checked_at IS NULL OR fee_checked_at <= ?) ORDER BY id LIMIT 20`,
    )
    .bind(minutesAfter(now, -FEE_CHECK_MINUTES))
    .all<{ id: number; payment_intent: string }>();
  let read = 0;
  for (const row of results) {
    const charge = await chargeFactsOrNull(env, row.payment_intent);
    const fee = charge?.feePence ?? null;
    await db
      .prepare(
        `UPDATE payments SET stripe_fee_pence = ?1, fee_checked_at = ?2, paid_at = coalesce(?3, paid_at)
         WHERE id = ?4 AND stripe_fee_pence IS NULL`,
      )
      .bind(fee, now.toISOString(), charge?.paidAt ?? null, row.id)
      .run();
    if (fee !== null) read += 1;
  }
  return read;
}

/**
 * Closes `row`'s session at Stripe: 'closed'; 'paid' when Stripe would not because it had been paid meanwhile (it is
 * fulfilled instead, so the money is counted, kept or sent back); 'open' when Stripe could not be asked. The row says
 * 'expired' before Stripe is asked, so the expired event Stripe sends at once finds nothing left to tell the customer.
 */
export async function expireSession(env: Env, row: PaymentRow, now: Date): Promise<'closed' | 'paid' | 'open'> {
  const stripe = stripeClient(env);
  if (!stripe || !row.checkout_session_id) return 'open';
  const db = env.DB;
  await db
    .prepare("UPDATE payments SET status = 'expired', open_key = NULL, next_check_at = NULL WHERE id = ? AND status = 'created'")
    .bind(row.id)
    .run();
  try {
    await stripe.checkout.sessions.expire(row.checkout_session_id);
    return 'closed';
  } catch {
    const session = await retrieveSession(env, row.checkout_session_id).catch(() => null);
    if (session && session.status !== 'open') {
      await fulfilSession(env, session, now);
      return session.status === 'complete' ? 'paid' : 'closed';
    }
    // Still open: open again as it was, for the cron to ask about (it cannot be reused: another may be opened).
    await db
      .prepare("UPDATE payments SET status = 'created', next_check_at = ? WHERE id = ? AND status = 'expired'")
      .bind(now.toISOString(), row.id)
      .run();
    return 'open';
  }
}

/**
 * After a payment or a cancellation: every session of the move still open that is not its purpose's open payment for
 * the amount owed now is expired at Stripe (a later payment of it would be refunded, but better never taken).
 */
export async function closeUnwanted(env: Env, reference: string, now: Date): Promise<void> {
  const quote = await findQuote(env.DB, { reference });
  const open = (await paymentsFor(env.DB, reference)).filter((row) => row.status === 'created' && row.checkout_session_id);
  if (open.length === 0) return;
  const due = quote ? (await moneyOwed(env.DB, quote)).due : {};
  for (const row of open) {
    if (row.open_key && due[row.purpose] === row.amount_pence) continue;
    await expireSession(env, row, now).catch((error: unknown) =>
      console.error(`payment ${row.id}: could not close its session: ${String(error)}`),
    );
  }
}
