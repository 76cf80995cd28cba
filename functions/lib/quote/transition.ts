/**
 * The one way a move's state changes (issue 42 will make it the only door): the rules of src/lib/move-status.ts say
 * whether a change may happen now, by whom, and what the move becomes; the change is one D1 batch whose UPDATE is guarded
 * by the quote's version, every later statement chained on the one before (`afterChange`), so a change refused or raced
 * writes nothing. The move page (manage.ts applyChange), the office and a card payment (payments/fulfil.ts) all come here.
 */
import { londonToday } from '~/lib/dates';
import { estimateHolds } from '~/lib/estimate-validity';
import {
  ACTION_ACTORS,
  MOVE_REFUSALS,
  moveRefusal,
  newDateRefusal,
  statusAfter,
  type CancelledFee,
  type MoveAction,
  type MoveActor,
  type MoveEvent,
} from '~/lib/move-status';
import { ADDRESS_REFUSALS, mergedAddresses, missingAddress, type MoveAddresses } from '~/lib/move-facts';
import type { CrewAssignment } from '~/lib/office/diary';
import { insertValues } from '../d1';
import { priceFor } from './price';
import { addressAssignments } from './store';
import type { MoveNotes, StoredQuote } from './stored-quote';

export type MoveChange =
  | { action: 'change_date'; date: string }
  /** `addresses`: what the form gave of the street addresses; a part left blank keeps what is stored. */
  | { action: 'access'; access: StoredQuote['access']; notes: MoveNotes | null; addresses?: MoveAddresses }
  | { action: 'request_booking' }
  /** `shortNotice` and `fee` by the clock (payments/cancel-refund.ts cancelCost), worked out before the change. */
  | { action: 'cancel'; shortNotice?: boolean; fee?: CancelledFee }
  /** `reason`: staff booking a move its deposit has not booked say why (issue 40 item 4; move-status.ts). */
  | { action: 'confirm' | 'decline'; note: string; reason?: string }
  | { action: 'book'; crew: CrewAssignment; reason?: string }
  /** `note`: the payment that booked it, as the history says it ("deposit of £75.00 paid by card"). */
  | { action: 'book_paid'; note: string }
  | { action: 'review'; rating: number; text: string };

export type Refused = { ok: false; message: string; field?: 'moveDate' };

export type Planned = { ok: true; next: StoredQuote; event: MoveEvent } | Refused;

export type Applied = { ok: true; quote: StoredQuote; event: MoveEvent } | Refused;

export const CHANGED_MEANWHILE = 'This move changed while you were looking at it. Here it is as it stands now.';

export const moveFacts = (quote: StoredQuote) => ({
  status: quote.status,
  moveDate: quote.moveDate,
  priced: quote.pricing !== null,
  reviewed: quote.reviewed,
  jobDone: !!quote.jobDoneAt,
  accepted: quote.accepted !== null,
});

/** What `change` makes of the move now, or why it may not happen (`actor` defaults to the one its action has). */
export function planChange(quote: StoredQuote, change: MoveChange, now: Date, actor: MoveActor = ACTION_ACTORS[change.action]): Planned {
  const today = londonToday(now);
  const action: MoveAction = change.action;
  if (ACTION_ACTORS[action] !== actor) return { ok: false, message: MOVE_REFUSALS.notYours };
  const reason = 'reason' in change ? change.reason : undefined;
  const refusal = moveRefusal(action, { ...moveFacts(quote), ...(reason ? { staffReason: reason } : {}) }, today);
  if (refusal) return { ok: false, message: refusal };
  // A move is booked only with the full address at both ends (issue 40 item 1): the crew must find the door. A card
  // payment ('book_paid') is taken only on an accepted written quote, whose accept step asks for both addresses.
  if ((action === 'confirm' || action === 'book') && Object.keys(missingAddress(quote.addresses)).length > 0) {
    return { ok: false, message: ADDRESS_REFUSALS.office };
  }
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
    case 'access': {
      // The access is priced (the access table): an estimate is worked out again with it. A written quote the customer
      // accepted stays the price until the office agrees a new one in writing (the office gets the change as a task).
      const pricing = quote.accepted ? quote.pricing : (priceFor(quote, quote.moveDate, change.access) ?? quote.pricing);
      const repriced = pricing !== quote.pricing && pricing?.total !== quote.pricing?.total;
      const addresses = change.addresses ? mergedAddresses(quote.addresses, change.addresses) : quote.addresses;
      const next = {
        ...quote,
        addresses,
        access: change.access,
        moveNotes: change.notes,
        pricing,
        pricedAt: repriced ? at : quote.pricedAt,
      };
      return { ok: true, next, event: { kind: 'access', ...(repriced && pricing ? { total: pricing.total } : {}) } };
    }
    case 'request_booking': {
      // After 28 days the estimate is worked out again before it is booked (issue 19, item 5).
      const repriced = !!quote.pricedAt && !estimateHolds(quote.pricedAt, today);
      const pricing = repriced ? priceFor(quote, quote.moveDate) : quote.pricing;
      const next = { ...quote, status, pricing, pricedAt: repriced ? at : quote.pricedAt };
      return { ok: true, next, event: { kind: 'booking_requested', total: pricing?.total ?? null, repriced } };
    }
    case 'cancel': {
      const shortNotice = quote.status === 'booked' && !!change.shortNotice;
      const event: MoveEvent = { kind: 'cancelled', shortNotice, ...(shortNotice && change.fee ? { fee: change.fee } : {}) };
      return { ok: true, next: { ...quote, status }, event };
    }
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
    case 'book_paid':
      // The history reads "Booking confirmed by Shiftly: deposit of £75.00 paid by card".
      return { ok: true, next: { ...quote, status }, event: { kind: 'confirmed', note: change.note, byPayment: true } };
  }
}

function updateQuote(db: D1Database, before: StoredQuote, next: StoredQuote): D1PreparedStatement {
  const addresses = addressAssignments(next);
  return db
    .prepare(
      `UPDATE quote_requests SET status = ?, move_date = ?, pricing = ?, total = ?, priced_at = ?, access = ?, move_notes = ?,
         ${addresses.sql}, version = version + 1
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
      ...addresses.values,
      before.reference,
      before.version,
    );
}

/**
 * A history event, the one writer of quote_events: by default written only if the batch's statement before it changed a
 * row (the move's own change); `{ afterChange: false }` for an event that changes no row of the quote (the crew's).
 */
export const eventInsert = (db: D1Database, reference: string, at: string, event: MoveEvent, { afterChange = true } = {}) =>
  db
    .prepare(`INSERT INTO quote_events (reference, created_at, event) ${insertValues(3, { afterChange })}`)
    .bind(reference, at, JSON.stringify(event));

/**
 * Writes a planned change: the version-guarded UPDATE, its history event, then `following` (each chained on the one
 * before) and `anywhere` (statements that check for themselves that the change was stored). False when the version had
 * moved on: nothing was written. A statement that throws (a unique index) leaves nothing written either.
 */
export async function commitChange(
  db: D1Database,
  quote: StoredQuote,
  planned: Extract<Planned, { ok: true }>,
  now: Date,
  following: D1PreparedStatement[] = [],
  anywhere: D1PreparedStatement[] = [],
): Promise<boolean> {
  const [updated] = await db.batch([
    updateQuote(db, quote, planned.next),
    eventInsert(db, quote.reference, now.toISOString(), planned.event),
    ...following,
    ...anywhere,
  ]);
  return updated?.meta.changes === 1;
}

/**
 * Plans and writes `change` by `actor` in one go, for a caller with nothing to add but its own chained statements
 * (`following(planned)`): refused by the rules, or CHANGED_MEANWHILE when the quote changed under it.
 */
export async function transition(
  db: D1Database,
  quote: StoredQuote,
  change: MoveChange,
  actor: MoveActor,
  now: Date,
  following: (planned: Extract<Planned, { ok: true }>) => D1PreparedStatement[] = () => [],
): Promise<Applied> {
  const planned = planChange(quote, change, now, actor);
  if (!planned.ok) return planned;
  if (!(await commitChange(db, quote, planned, now, following(planned)))) return { ok: false, message: CHANGED_MEANWHILE };
  return { ok: true, quote: planned.next, event: planned.event };
}
