/**
 * Changing a stored quote (issue 19, item 3): the state machine says whether (src/lib/move-status.ts), the engine
 * prices a new date or an expired estimate, and one D1 batch stores the change, its history entry, its two e-mails
 * and the links they carry. The change is guarded by the quote's version as read (each change adds one), and each
 * later statement runs only if the one before it changed a row, so two posts racing (a double click) change it once
 * and send one pair of e-mails. Stored before any e-mail, as every lead is.
 */
import { addDays, londonToday } from '../../../src/lib/dates';
import { estimateHolds } from '../../../src/lib/estimate-validity';
import { moveRefusal, newDateRefusal, statusAfter, type MoveAction, type MoveEvent } from '../../../src/lib/move-status';
import { calculatePricing, type PricingResult } from '../../../src/lib/pricing';
import type { Env } from '../../env';
import { config } from '../config';
import { insertValues } from '../d1';
import { deliverNow, outboxInserts, type OutboxEmail } from '../outbox';
import { newViewToken, viewTokenInsert } from '../view-token';
import { moveBusinessEmail, moveCustomerEmail } from './move-emails';
import { newStaffToken, spendStaffLinks } from './staff-link';
import type { MoveNotes, StoredQuote } from './stored-quote';
import { propertyTitle, quoteService } from './summary';

export type MoveChange =
  | { action: 'change_date'; date: string }
  | { action: 'access'; access: StoredQuote['access']; notes: MoveNotes | null }
  | { action: 'request_booking' }
  | { action: 'cancel' }
  | { action: 'confirm' | 'decline'; note: string }
  | { action: 'review'; rating: number; text: string };

/** A refusal names the field it is about when it is one (the new date). */
export type Refused = { ok: false; message: string; field?: 'moveDate' };

export type Planned = { ok: true; next: StoredQuote; event: MoveEvent } | Refused;

/** The engine's price for the quote on `date`, from the distance it was measured at; null for an unpriced quote. */
export function priceFor(quote: StoredQuote, date: string): PricingResult | null {
  if (!quote.pricing || quote.distanceMiles === null) return null;
  return calculatePricing({
    propertyId: quote.propertyId,
    distanceMiles: quote.distanceMiles,
    moveDate: date,
    furnitureIds: quote.furnitureIds,
  });
}

/** What the state machine needs to know of a stored quote. */
export const moveFacts = (quote: StoredQuote) => ({
  status: quote.status,
  moveDate: quote.moveDate,
  priced: quote.pricing !== null,
  reviewed: quote.reviewed,
});

/** What the change would make of the quote, or why it cannot be made (`now` decides today and the estimate's age). */
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
  }
}

/**
 * A booked move cancelled less than 48 hours before: our cancellation terms' fees may apply. Days, not hours, as a
 * move has no start time here: the day after tomorrow counts as short notice too.
 */
const isShortNotice = (quote: StoredQuote, today: string) => quote.status === 'booked' && quote.moveDate <= addDays(today, 2);

/** A review as /reviews publishes it: the first name and the surname's initial. */
export function publishedName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The guarded UPDATE: it changes the row only if it is still at the version it was read at, and counts one more. */
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

/** A history entry, stored only if the statement before it in the batch changed a row. */
const eventInsert = (db: D1Database, reference: string, at: string, event: MoveEvent) =>
  db
    .prepare(`INSERT INTO quote_events (reference, created_at, event) ${insertValues(3, { afterChange: true })}`)
    .bind(reference, at, JSON.stringify(event));

/** The review, waiting for a staff link to publish it (OR IGNORE: a second one racing the first changes nothing). */
function reviewInsert(db: D1Database, quote: StoredQuote, review: { rating: number; text: string }, at: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO move_reviews (reference, created_at, move_date, rating, text, name, service)
       ${insertValues(7, { afterChange: true })}`,
    )
    .bind(quote.reference, at, quote.moveDate, review.rating, review.text, publishedName(quote.name), reviewedService(quote));
}

/** What the move was, as a review names it: the service a page started it for, else the home's size. */
const reviewedService = (quote: StoredQuote) => quoteService(quote)?.label ?? propertyTitle(quote);

export type Applied = { ok: true; quote: StoredQuote; event: MoveEvent } | Refused;

/** The message when another change got there first. */
export const CHANGED_MEANWHILE = 'This move changed while you were looking at it. Here it is as it stands now.';

/** Makes the change: stored with its history and e-mails in one batch, then the e-mails sent. */
export async function applyChange(env: Env, quote: StoredQuote, change: MoveChange, now = new Date()): Promise<Applied> {
  const planned = planChange(quote, change, now);
  if (!planned.ok) return planned;
  const { next, event } = planned;
  const db = env.DB;
  const at = now.toISOString();
  const mail = config(env).mail;
  const view = await newViewToken();
  // A booking request's and a review's business e-mails carry a staff link to answer them.
  const purpose = event.kind === 'booking_requested' ? 'booking' : event.kind === 'reviewed' ? 'review' : null;
  const staff = purpose ? await newStaffToken(db, quote.reference, now, purpose, { afterChange: true }) : null;
  const key = `${quote.reference}:${event.kind}:${now.getTime()}`;
  const emails: OutboxEmail[] = [
    {
      recordType: 'move',
      recordReference: quote.reference,
      kind: 'customer',
      draft: moveCustomerEmail(mail, next, event),
      idempotencyKey: `move:${key}:customer`,
      linkToken: view.token,
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
      ...(staff ? { linkToken: staff.token } : {}),
    },
  ];
  const statements = [
    updateQuote(db, quote, next),
    eventInsert(db, quote.reference, at, event),
    viewTokenInsert(db, quote.reference, view, at, { afterChange: true }),
    ...outboxInserts(db, emails, now, { afterChange: true }),
    ...(staff ? [staff.insert] : []),
    ...(change.action === 'review' ? [reviewInsert(db, quote, change, at)] : []),
    // A booking request answered (whichever link answered it) or cancelled spends its staff links.
    ...(event.kind === 'confirmed' || event.kind === 'declined' || event.kind === 'cancelled'
      ? [spendStaffLinks(db, quote.reference, now, 'booking', { afterChange: true })]
      : []),
  ];
  const [updated] = await db.batch(statements);
  if (!updated || updated.meta.changes !== 1) return { ok: false, message: CHANGED_MEANWHILE };
  await deliverNow(env, 'move', quote.reference, emails, now);
  return { ok: true, quote: next, event };
}

export interface HistoryEntry {
  at: string;
  event: MoveEvent;
}

/** The quote's history, oldest first, starting with the quote itself. */
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

/** The quote's review, or null. */
export const reviewOf = (db: D1Database, reference: string): Promise<PendingReview | null> =>
  db.prepare('SELECT rating, text, name, status FROM move_reviews WHERE reference = ?').bind(reference).first<PendingReview>();

/**
 * A staff link's answer to a review: published on /reviews as a verified move, or withheld. Recorded in the quote's
 * history; the review's staff links are spent. False when it was already decided.
 */
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
