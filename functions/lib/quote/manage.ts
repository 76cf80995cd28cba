// Changing a stored quote (issue 19, item 3). The UPDATE is guarded by the version as read and each later statement in
// the batch runs only if the one before changed a row, so two racing posts (a double click) change it and e-mail once.
import { FREE_CANCELLATION_HOURS } from '~/data/promises';
import { addDays, londonToday } from '~/lib/dates';
import { estimateHolds } from '~/lib/estimate-validity';
import { MOVE_REFUSALS, moveRefusal, newDateRefusal, statusAfter, type MoveAction, type MoveEvent } from '~/lib/move-status';
import type { CrewAssignment } from '~/lib/office/diary';
import { FULL_DAY_MESSAGE } from '~/lib/office/diary-forms';
import type { Env } from '../../env';
import { insertValues, isUniqueViolation } from '../d1';
import { dayIsFull, entryMoved } from '../office/diary';
import { moveEventTask } from '../office/tasks';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { refundOnCancel } from '../payments/cancel-refund';
import { rebookingFor, refundBeyondPrice, type Rebooking } from '../payments/date-change';
import { acceptedPriceOf, rebookedVersion } from '../office/written-quotes';
import { moveBusinessEmail, moveCustomerEmail } from './move-emails';
import { priceFor } from './price';
import { spendStaffLinks } from './staff-link';
import type { MoveNotes, StoredQuote } from './stored-quote';
import { eventLine, propertyTitle, quoteService } from './summary';
import { mailContext } from '../mail-context';

export type MoveChange =
  | { action: 'change_date'; date: string }
  | { action: 'access'; access: StoredQuote['access']; notes: MoveNotes | null }
  | { action: 'request_booking' }
  | { action: 'cancel' }
  | { action: 'confirm' | 'decline'; note: string }
  | { action: 'book'; crew: CrewAssignment }
  | { action: 'review'; rating: number; text: string };

export type Refused = { ok: false; message: string; field?: 'moveDate' };

export type Planned = { ok: true; next: StoredQuote; event: MoveEvent } | Refused;

export const moveFacts = (quote: StoredQuote) => ({
  status: quote.status,
  moveDate: quote.moveDate,
  priced: quote.pricing !== null,
  reviewed: quote.reviewed,
  jobDone: !!quote.jobDoneAt,
  accepted: quote.accepted !== null,
});

export function planChange(quote: StoredQuote, change: MoveChange, now: Date): Planned {
  const today = londonToday(now);
  const action: MoveAction = change.action;
  const refusal = moveRefusal(action, moveFacts(quote), today);
  if (refusal) return { ok: false, message: refusal };
  const status = statusAfter(action, quote.status);
  const at = now.toISOString();
  switch (change.action) {
    case 'change_date': {
      const problem = newDateRefusal(quote.moveDate, change.date, today);
      if (problem) return { ok: false, message: problem, field: 'moveDate' };
      const pricing = priceFor(quote, change.date);
      const next = { ...quote, status, moveDate: change.date, pricing, pricedAt: pricing ? at : quote.pricedAt };
      return { ok: true, next, event: { kind: 'date_changed', from: quote.moveDate, to: change.date, total: pricing?.total ?? null } };
    }
    case 'access':
      return { ok: true, next: { ...quote, access: change.access, moveNotes: change.notes }, event: { kind: 'access' } };
    case 'request_booking': {
      // After 28 days the estimate is worked out again before it is booked (issue 19, item 5).
      const repriced = !!quote.pricedAt && !estimateHolds(quote.pricedAt, today);
      const pricing = repriced ? priceFor(quote, quote.moveDate) : quote.pricing;
      const next = { ...quote, status, pricing, pricedAt: repriced ? at : quote.pricedAt };
      return { ok: true, next, event: { kind: 'booking_requested', total: pricing?.total ?? null, repriced } };
    }
    case 'cancel':
      return { ok: true, next: { ...quote, status }, event: { kind: 'cancelled', shortNotice: isShortNotice(quote, today) } };
    case 'confirm':
    case 'decline':
      return {
        ok: true,
        next: { ...quote, status },
        event: { kind: change.action === 'confirm' ? 'confirmed' : 'declined', note: change.note },
      };
    case 'review':
      return { ok: true, next: { ...quote, reviewed: true }, event: { kind: 'reviewed', rating: change.rating } };
    case 'book':
      return {
        ok: true,
        next: { ...quote, status },
        event:
          quote.status === 'booked' ? { kind: 'crew_assigned', crew: change.crew } : { kind: 'confirmed', note: '', crew: change.crew },
      };
  }
}

/** Under the free-cancellation notice, when fees may apply. In days, as a move has no start time: 48 hours makes the day after tomorrow count too. */
const isShortNotice = (quote: StoredQuote, today: string) =>
  quote.status === 'booked' && quote.moveDate <= addDays(today, FREE_CANCELLATION_HOURS / 24);

export function publishedName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

function updateQuote(db: D1Database, before: StoredQuote, next: StoredQuote): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE quote_requests SET status = ?, move_date = ?, pricing = ?, total = ?, priced_at = ?, access = ?, move_notes = ?,
         version = version + 1
       WHERE reference = ? AND version = ?`,
    )
    .bind(
      next.status,
      next.moveDate,
      next.pricing ? JSON.stringify(next.pricing) : null,
      next.pricing?.total ?? null,
      next.pricedAt,
      next.access ? JSON.stringify(next.access) : null,
      next.moveNotes ? JSON.stringify(next.moveNotes) : null,
      before.reference,
      before.version,
    );
}

const eventInsert = (db: D1Database, reference: string, at: string, event: MoveEvent) =>
  db
    .prepare(`INSERT INTO quote_events (reference, created_at, event) ${insertValues(3, { afterChange: true })}`)
    .bind(reference, at, JSON.stringify(event));

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

export type Applied = { ok: true; quote: StoredQuote; event: MoveEvent } | Refused;

export const CHANGED_MEANWHILE = 'This move changed while you were looking at it. Here it is as it stands now.';

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
  const planned = planChange(quote, change, now);
  if (!planned.ok) return planned;
  const db = env.DB;
  const day = dayWanted(quote, change);
  if (day && (await dayIsFull(db, day, quote.reference))) return { ok: false, message: FULL_DAY_MESSAGE, field: 'moveDate' };
  const rebooking =
    change.action === 'change_date' && quote.status === 'booked' ? await rebookingFor(db, quote, change.date, londonToday(now)) : undefined;
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
  const statements = [
    updateQuote(db, quote, next),
    eventInsert(db, quote.reference, at, event),
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
  if (rebooked) statements.push(entryMoved(db, quote.reference, next.moveDate, quote.version + 1, now));
  let updated: D1Result | undefined;
  try {
    [updated] = await db.batch(statements);
  } catch (error) {
    // Another version of the written quote stored meanwhile (the office's, or a racing post's): nothing was written.
    if (rebooked && isUniqueViolation(error, 'written_quotes.reference')) return { ok: false, message: CHANGED_MEANWHILE };
    throw error;
  }
  if (!updated || updated.meta.changes !== 1) return { ok: false, message: CHANGED_MEANWHILE };
  const keys = emails.map((email) => email.idempotencyKey);
  await queueEmails(env, keys);
  // What was paid by card beyond the fee, or beyond a booked date's new price, goes back through Stripe (issue 34).
  if (event.kind === 'cancelled') await refundOnCancel(env, quote, now);
  if (rebooking && rebooking.cost.refundPence > 0) await refundBeyondPrice(env, quote, next.moveDate, rebooking.cost.refundPence, now);
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
