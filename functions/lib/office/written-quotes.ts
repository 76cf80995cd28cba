/**
 * Written quotes (issue 33 item 3): the office sends a version, the customer accepts the newest. Each change is one
 * batch with its audit line and its e-mails, stored before anything is queued. `acceptWrittenQuote` is the one place
 * a customer accepts, so the deposit payment (issue 34) extends it rather than adding a second way in.
 */
import { formatLongDate, londonToday } from '~/lib/dates';
import { ADDRESS_REFUSALS, missingAddress } from '~/lib/move-facts';
import { acceptable, lastDayToAccept, type WrittenLine, type WrittenQuote, type WrittenQuoteDraft } from '~/lib/office/written-quote';
import type { Env } from '../../env';
import { insertValues, isUniqueViolation } from '../d1';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import type { AcceptedPrice } from '~/lib/price-to-pay';
import type { StoredQuote } from '../quote/stored-quote';
import { auditStatement } from './audit';
import type { StaffMember } from '~/lib/views/office';
import { acceptedBusinessEmail, acceptedCustomerEmail, writtenQuoteEmail } from './written-quote-emails';
import { mailContext } from '../mail-context';
import { quoteLeadAt } from './office-leads';
import { formatPence } from '~/lib/money';
import { paymentsFor } from '../payments/checkout';
import { keptPence } from '../payments/due';
import { currentWrittenQuote, writtenQuoteInsert } from './written-quote-rows';
import { askStoredRefunds, refundRowsOf, refusedRefundTasks } from '../payments/refund-run';

/**
 * A standard move booked online (issue 41 item 2): its estimate, with the customer's code, as version 1, sent and
 * accepted at once, so the deposit and balance are owed exactly as for any accepted written quote (payments/due.ts).
 */
export function instantVersion(
  db: D1Database,
  quote: StoredQuote,
  lines: readonly WrittenLine[],
  totals: { discountPence: number; totalPence: number; code: string | null },
  depositPence: number,
  createdBy: string,
  now: Date,
): D1PreparedStatement {
  const at = now.toISOString();
  // Chained on the batch's statement before it: the day's hold (quote/instant.ts).
  return writtenQuoteInsert(
    db,
    quote.reference,
    {
      version: 1,
      lines: [...lines],
      code: totals.code,
      discountPence: totals.discountPence,
      totalPence: totals.totalPence,
      depositPence,
      // Never valid past the move date (issue 41 item 1).
      validUntil: quote.moveDate,
      included: null,
      // As the estimate: a new date is priced again.
      datePriced: true,
      createdBy,
      createdAt: at,
      sentAt: at,
      acceptedAt: at,
    },
    { afterChange: true },
  );
}

/**
 * A booked move's new date (issue 34 item 3), or extras the customer signed for on the day (issue 44 item 6), as the
 * next version of its accepted written quote: its lines and the change's, the same code, discount, deposit and terms,
 * sent and accepted at once, so the written quote stays the one record of what is owed (payments/due.ts reads it).
 * Written only if the batch's previous statement changed a row.
 */
export function rebookedVersion(
  db: D1Database,
  reference: string,
  accepted: WrittenQuote,
  added: readonly WrittenLine[],
  now: Date,
  // The office's list of versions says "sent … by <createdBy>"; a signed change on the day says so (issue 44 item 6).
  createdBy = "the customer's new move date",
): { written: WrittenQuote; statement: D1PreparedStatement } {
  const at = now.toISOString();
  const addedPence = added.reduce((sum, line) => sum + line.pence, 0);
  const written: WrittenQuote = {
    ...accepted,
    version: accepted.version + 1,
    lines: [...accepted.lines, ...added],
    totalPence: accepted.totalPence + addedPence,
    createdBy,
    createdAt: at,
    sentAt: at,
    acceptedAt: at,
  };
  return { written, statement: writtenQuoteInsert(db, reference, written, { afterChange: true }) };
}

/** A written quote's figures as the price of its move (StoredQuote.accepted, as store.ts reads it). */
export const acceptedPriceOf = (written: WrittenQuote): AcceptedPrice => ({
  linesPence: written.totalPence + written.discountPence,
  discountPence: written.discountPence,
  totalPence: written.totalPence,
  code: written.code,
});

export const SENT_MEANWHILE = 'Someone sent another version of this quote while you were writing. Check it below, then send again.';

/**
 * Stores version n + 1 as sent, moves the lead to 'quoted' (never back from 'booked' or 'done'), and queues the
 * customer's e-mail. Null if another version raced it.
 */
export async function sendWrittenQuote(
  env: Env,
  quote: StoredQuote,
  staff: StaffMember,
  draft: WrittenQuoteDraft,
  now: Date,
): Promise<WrittenQuote | null> {
  // The office's page refuses first, with the fields to fill in (functions/office/written-quotes.ts).
  if (Object.keys(missingAddress(quote.addresses)).length > 0) throw new Error('a written quote is never sent without both full addresses');
  const db = env.DB;
  const at = now.toISOString();
  const newest = await db
    .prepare('SELECT coalesce(max(version), 0) AS version FROM written_quotes WHERE reference = ?')
    .bind(quote.reference)
    .first<{ version: number }>();
  const written: WrittenQuote = {
    version: (newest?.version ?? 0) + 1,
    lines: draft.lines,
    code: draft.totals.code?.code ?? null,
    discountPence: draft.totals.discountPence,
    totalPence: draft.totals.totalPence,
    depositPence: draft.depositPence,
    validUntil: draft.validUntil,
    included: draft.included,
    datePriced: draft.datePriced,
    createdBy: staff.email,
    createdAt: at,
    sentAt: at,
    acceptedAt: null,
  };
  const email: OutboxEmail = {
    recordType: 'move',
    recordReference: quote.reference,
    kind: 'customer',
    draft: writtenQuoteEmail(await mailContext(env), quote, written),
    idempotencyKey: `move:${quote.reference}:written-quote:${written.version}:customer`,
  };
  try {
    await db.batch([
      writtenQuoteInsert(db, quote.reference, written),
      quoteLeadAt(db, quote.reference, 'quoted', at, { from: ['new', 'contacted', 'survey_booked', 'lost'] }),
      auditStatement(
        db,
        {
          actor: staff.email,
          action: 'written_quote_sent',
          reference: quote.reference,
          detail: `Written quote version ${written.version} sent: ${formatLongDate(lastDayToAccept(written.validUntil, quote.moveDate))} is its last day`,
        },
        now,
      ),
      ...outboxInserts(db, [email], now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'written_quotes.reference')) return null;
    throw error;
  }
  await queueEmails(env, [email.idempotencyKey]);
  return written;
}

export const ACCEPT_REFUSALS = {
  none: 'There is no written quote to accept for this move yet.',
  replaced: 'We have sent you a newer written quote, shown below: please read it before you accept.',
  expired: (validUntil: string) =>
    `This written quote ended on ${formatLongDate(validUntil)}. Call or e-mail us and we will send you a new one.`,
  closed: 'This move is cancelled, so its written quote can no longer be accepted.',
  addresses: ADDRESS_REFUSALS.customer,
} as const;

const LOWER_PRICE_REFUND_REASON = 'written quote accepted: new price lower than paid';

export type AcceptOutcome = { ok: true; written: WrittenQuote; already: boolean } | { ok: false; message: string };

/**
 * The customer accepts version `version`: only the newest sent one, before the end of its last day, once (accepting
 * again changes nothing and says it is accepted). Its total becomes the price (StoredQuote.accepted); the office gets a
 * task and an audit line; the customer and the business get an e-mail.
 */
export async function acceptWrittenQuote(env: Env, quote: StoredQuote, version: number, now: Date): Promise<AcceptOutcome> {
  const db = env.DB;
  const current = await currentWrittenQuote(db, quote.reference);
  if (!current) return { ok: false, message: ACCEPT_REFUSALS.none };
  if (current.version !== version) return { ok: false, message: ACCEPT_REFUSALS.replaced };
  if (current.acceptedAt) return { ok: true, written: current, already: true };
  const today = londonToday(now);
  if (!acceptable(current, today, quote.moveDate)) {
    return { ok: false, message: ACCEPT_REFUSALS.expired(lastDayToAccept(current.validUntil, quote.moveDate)) };
  }
  if (quote.status === 'cancelled' || quote.status === 'declined') return { ok: false, message: ACCEPT_REFUSALS.closed };
  // Accepting books the move once the deposit is paid: never without the full address at both ends (issue 40 item 1).
  if (Object.keys(missingAddress(quote.addresses)).length > 0) return { ok: false, message: ACCEPT_REFUSALS.addresses };

  const at = now.toISOString();
  const accepted: WrittenQuote = { ...current, acceptedAt: at };
  const priced: StoredQuote = { ...quote, accepted: acceptedPriceOf(current) };
  // A new version below what the customer has already paid (the office lowered the price after the deposit or the
  // whole was paid): what was paid beyond it goes back to the card, as for a booked date moved to a lower price. Its
  // refund rows are stored in this batch, then Stripe is asked; each refund made gets its credit note (documents.ts),
  // which is the only document the lower price makes (docs/architecture.md, "Money").
  const payments = await paymentsFor(db, quote.reference);
  const paidPence = keptPence(payments);
  const beyondPence = Math.max(0, paidPence - current.totalPence);
  const refunds = beyondPence > 0 ? refundRowsOf(db, payments, beyondPence, LOWER_PRICE_REFUND_REASON, now) : [];
  const mail = await mailContext(env);
  const key = `move:${quote.reference}:written-quote:${version}:accepted`;
  const emails: OutboxEmail[] = [
    {
      recordType: 'move',
      recordReference: quote.reference,
      kind: 'customer',
      draft: acceptedCustomerEmail(mail, priced, accepted, paidPence),
      idempotencyKey: `${key}:customer`,
    },
    {
      recordType: 'move',
      recordReference: quote.reference,
      kind: 'business',
      draft: acceptedBusinessEmail(mail, priced, accepted),
      idempotencyKey: `${key}:business`,
    },
  ];
  const detail = `Written quote version ${version} accepted`;
  // Each statement after the UPDATE runs only if the one before changed a row: a second accept racing the first adds nothing.
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE written_quotes SET accepted_at = ?1
         WHERE reference = ?2 AND version = ?3 AND sent_at IS NOT NULL AND accepted_at IS NULL AND valid_until >= ?4
           AND NOT EXISTS (SELECT 1 FROM written_quotes n WHERE n.reference = ?2 AND n.version > ?3 AND n.sent_at IS NOT NULL)`,
      )
      .bind(at, quote.reference, version, today),
    db
      .prepare(`INSERT INTO office_tasks (record_reference, kind, detail, created_at) ${insertValues(4, { afterChange: true })}`)
      .bind(quote.reference, 'quote_accepted', detail, at),
    auditStatement(db, { actor: 'customer', action: 'written_quote_accepted', reference: quote.reference, detail }, now, {
      afterChange: true,
    }),
    ...outboxInserts(db, emails, now, { afterChange: true }),
    ...refunds,
  ]);
  if (updated?.meta.changes !== 1) {
    const again = await currentWrittenQuote(db, quote.reference);
    return again?.version === version && again.acceptedAt
      ? { ok: true, written: again, already: true }
      : { ok: false, message: ACCEPT_REFUSALS.replaced };
  }
  await queueEmails(
    env,
    emails.map((email) => email.idempotencyKey),
  );
  if (beyondPence > 0) {
    const run = await askStoredRefunds(env, quote.reference, LOWER_PRICE_REFUND_REASON, beyondPence, now);
    const said = `Written quote version ${version} accepted at ${formatPence(current.totalPence)}: ${formatPence(beyondPence)} paid beyond it: ${run.said.join(', ')}`;
    await db.batch([
      auditStatement(db, { actor: 'customer', action: 'payment_refunded', reference: quote.reference, detail: said }, now),
      ...refusedRefundTasks(db, quote.reference, run, now),
    ]);
  }
  return { ok: true, written: accepted, already: false };
}
