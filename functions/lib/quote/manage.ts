// Changing a stored quote (issue 19, item 3): the customer's and the office's changes, with what each brings (the diary,
// a booked date's written quote, e-mails, refunds), written through the move's one state change (transition.ts): the
// UPDATE is guarded by the version as read and each later statement runs only if the one before changed a row, so two
// racing posts (a double click) change it and e-mail once.
import { MOVE_REFUSALS, type MoveEvent } from '~/lib/move-status';
import { FULL_DAY_MESSAGE } from '~/lib/office/diary-forms';
import type { Env } from '../../env';
import { insertValues, isUniqueViolation } from '../d1';
import { dayIsFull, entryMoved } from '../office/diary';
import { moveEventTask } from '../office/tasks';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { cancelRefund, lateCancellation, refundOnCancel } from '../payments/cancel-refund';
import { closeUnwanted } from '../payments/fulfil';
import { dateRefundRows, rebookingFor, refundBeyondPrice, type Rebooking } from '../payments/date-change';
import { acceptedPriceOf, rebookedVersion } from '../office/written-quotes';
import { moveBusinessEmail, moveCustomerEmail } from './move-emails';
import { spendStaffLinks } from './staff-link';
import type { StoredQuote } from './stored-quote';
import { CHANGED_MEANWHILE, commitChange, eventInsert, planChange, type Applied, type MoveChange, type Planned } from './transition';
import { eventLine, propertyTitle, quoteService } from './summary';
import { mailContext } from '../mail-context';

export { CHANGED_MEANWHILE, moveFacts, planChange, type Applied, type MoveChange, type Planned, type Refused } from './transition';

export function publishedName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** OR IGNORE: a second review racing the first changes nothing. */
function reviewInsert(db: D1Database, quote: StoredQuote, review: { rating: number; text: string }, at: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO move_reviews (reference, created_at, move_date, rating, text, name, service)
       ${insertValues(7, { afterChange: true })}`,
    )
    .bind(quote.reference, at, quote.moveDate, review.rating, review.text, publishedName(quote.name), reviewedService(quote));
}

const reviewedService = (quote: StoredQuote) => quoteService(quote)?.label ?? propertyTitle(quote);

/** The day a customer's change would take in the diary (a new date, or the day asked for), if it asks for one. */
const dayWanted = (quote: StoredQuote, change: MoveChange): string | null =>
  change.action === 'change_date' ? change.date : change.action === 'request_booking' ? quote.moveDate : null;

/**
 * `office`: the office's own lines for the change (its diary entry, stage and audit line), written in the same batch
 * straight after the change's event, each chained on the one before (`afterChange`), so a refused change writes none.
 * A customer's new date or booking request is refused on a day the diary has no room left on (issue 33 item 4).
 */
export async function applyChange(
  env: Env,
  quote: StoredQuote,
  change: MoveChange,
  now = new Date(),
  office: D1PreparedStatement[] = [],
): Promise<Applied> {
  const db = env.DB;
  // Notice is counted by the clock to the arrival window (issue 39 item 7): the event records what a late one costs.
  const wanted: MoveChange = change.action === 'cancel' ? { ...change, ...(await lateCancellation(db, quote, now)) } : change;
  const planned = planChange(quote, wanted, now);
  if (!planned.ok) return planned;
  const day = dayWanted(quote, change);
  if (day && (await dayIsFull(db, day, quote.reference))) return { ok: false, message: FULL_DAY_MESSAGE, field: 'moveDate' };
  const rebooking =
    change.action === 'change_date' && quote.status === 'booked' ? await rebookingFor(db, quote, change.date, now) : undefined;
  if (rebooking === null) return { ok: false, message: MOVE_REFUSALS.withMover };
  const rebooked = rebooking && rebookedChange(db, quote, planned, rebooking, now);
  const { next, event } = rebooked ?? planned;
  const at = now.toISOString();
  const mail = await mailContext(env);
  const purpose = event.kind === 'booking_requested' ? 'booking' : event.kind === 'reviewed' ? 'review' : null;
  const key = `${quote.reference}:${event.kind}:${now.getTime()}`;
  const emails: OutboxEmail[] = [
    {
      recordType: 'move',
      recordReference: quote.reference,
      kind: 'customer',
      draft: moveCustomerEmail(mail, next, event),
      idempotencyKey: `move:${key}:customer`,
    },
    {
      recordType: purpose === 'booking' ? 'staff' : purpose === 'review' ? 'review' : 'move',
      recordReference: quote.reference,
      kind: 'business',
      draft: moveBusinessEmail(
        mail,
        next,
        event,
        change.action === 'review'
          ? [
              ['Rating', `${change.rating} out of 5`],
              ['Review', change.text],
            ]
          : [],
      ),
      idempotencyKey: `move:${key}:business`,
    },
  ];
  // What goes back to the card is stored with the change itself, so a request cut short still leaves the cron refunds
  // to ask Stripe for; each row runs only if the one before it changed a row, straight after the change's event.
  const cancelling = event.kind === 'cancelled' ? await cancelRefund(db, quote, now) : null;
  const beyondPrice = rebooking?.cost.refundPence ?? 0;
  const refunds = cancelling?.rows ?? (rebooking && beyondPrice > 0 ? dateRefundRows(db, rebooking, now) : []);
  const following = [
    ...refunds,
    ...(rebooked?.version ?? []),
    ...office,
    ...moveEventTask(db, quote.reference, event, eventLine(next, event), now),
    ...outboxInserts(db, emails, now, { afterChange: true }),
    ...(change.action === 'review' ? [reviewInsert(db, quote, change, at)] : []),
    // A booking request answered (whichever link answered it) or cancelled spends its staff links.
    ...(event.kind === 'confirmed' || event.kind === 'declined' || event.kind === 'cancelled'
      ? [spendStaffLinks(db, quote.reference, now, 'booking', { afterChange: true })]
      : []),
  ];
  // Anywhere in the batch: it checks the change was stored itself.
  const anywhere = rebooked ? [entryMoved(db, quote.reference, next.moveDate, quote.version + 1, now)] : [];
  let stored: boolean;
  try {
    stored = await commitChange(db, quote, { ok: true, next, event }, now, following, anywhere);
  } catch (error) {
    // Another version of the written quote stored meanwhile (the office's, or a racing post's): nothing was written.
    if (rebooked && isUniqueViolation(error, 'written_quotes.reference')) return { ok: false, message: CHANGED_MEANWHILE };
    throw error;
  }
  if (!stored) return { ok: false, message: CHANGED_MEANWHILE };
  const keys = emails.map((email) => email.idempotencyKey);
  await queueEmails(env, keys);
  // What was paid by card beyond the fee, or beyond a booked date's new price, goes back through Stripe (issue 34).
  if (event.kind === 'cancelled') {
    if (cancelling) await refundOnCancel(env, quote, cancelling.cost, now);
    // Any Checkout still open for it is closed; one paid meanwhile is refunded in full (payments/fulfil.ts).
    await closeUnwanted(env, quote.reference, now);
  }
  if (beyondPrice > 0) await refundBeyondPrice(env, quote, next.moveDate, beyondPrice, now);
  // A Checkout still open for the old amount is closed: the Pay button opens one for the new.
  if (rebooking) await closeUnwanted(env, quote.reference, now);
  return { ok: true, quote: next, event };
}

/**
 * A booked date moved (issue 34 item 3): still booked, its cost in the event, and, when it costs or saves anything, its
 * written quote's next version, whose total is then the price (StoredQuote.accepted) for the e-mails and every page.
 */
function rebookedChange(
  db: D1Database,
  quote: StoredQuote,
  planned: Extract<Planned, { ok: true }>,
  { accepted, cost, lines }: Rebooking,
  now: Date,
): { next: StoredQuote; event: MoveEvent; version: D1PreparedStatement[] } {
  const event = planned.event.kind === 'date_changed' ? { ...planned.event, booked: cost } : planned.event;
  if (lines.length === 0) return { next: planned.next, event, version: [] };
  const { written, statement } = rebookedVersion(db, quote.reference, accepted, lines, now);
  return { next: { ...planned.next, accepted: acceptedPriceOf(written) }, event, version: [statement] };
}

export interface HistoryEntry {
  at: string;
  event: MoveEvent;
}

export async function moveHistory(db: D1Database, quote: StoredQuote): Promise<HistoryEntry[]> {
  const { results } = await db
    .prepare('SELECT created_at, event FROM quote_events WHERE reference = ? ORDER BY id')
    .bind(quote.reference)
    .all<{ created_at: string; event: string }>();
  return [
    { at: quote.createdAt, event: { kind: 'quoted' } },
    ...results.map((row) => ({ at: row.created_at, event: JSON.parse(row.event) as MoveEvent })),
  ];
}

export interface PendingReview {
  rating: number;
  text: string;
  name: string;
  status: 'pending' | 'published' | 'withheld';
}

export const reviewOf = (db: D1Database, reference: string): Promise<PendingReview | null> =>
  db.prepare('SELECT rating, text, name, status FROM move_reviews WHERE reference = ?').bind(reference).first<PendingReview>();

export async function decideReview(db: D1Database, reference: string, publish: boolean, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const event: MoveEvent = { kind: publish ? 'review_published' : 'review_withheld' };
  const [decided] = await db.batch([
    db
      .prepare("UPDATE move_reviews SET status = ?, decided_at = ? WHERE reference = ? AND status = 'pending'")
      .bind(publish ? 'published' : 'withheld', at, reference),
    eventInsert(db, reference, at, event),
    spendStaffLinks(db, reference, now, 'review'),
  ]);
  return decided?.meta.changes === 1;
}
