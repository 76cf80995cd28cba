/** A quote's life after it is sent, as one state machine the Worker and the manage page both ask (issue 19, item 3). */
import { site } from '../site.config';
import { addDays, formatLongDate } from './dates';
import { moveDateProblem } from './move-date';
import { crewLine, type CrewAssignment } from './office/diary';
import { arrivalWindowLabel } from './office/arrival-windows';
import { dateChangeDoneLine, type DateChangeCost } from './date-change';
import { formatPence } from './money';
import { BOOKING_ANSWER_HOURS, FREE_CANCELLATION_HOURS } from '../data/promises';

export const MOVE_STATUSES = ['quoted', 'booking_requested', 'booked', 'declined', 'cancelled'] as const;
export type MoveStatus = (typeof MOVE_STATUSES)[number];

/**
 * `book`: the office books the move into its diary (issue 33 item 4), whether or not the customer asked first.
 * `book_paid`: the deposit's payment books it (issue 34), never a move cancelled or whose date has passed (issue 39).
 */
export type MoveAction = 'change_date' | 'access' | 'request_booking' | 'cancel' | 'confirm' | 'decline' | 'review' | 'book' | 'book_paid';

/** Who makes a change: the customer on their move page, the office's staff, or a card payment Stripe confirmed. */
export type MoveActor = 'customer' | 'staff' | 'payment';

/** Each change has one kind of actor (transition() in functions/lib/quote/transition.ts refuses any other). */
export const ACTION_ACTORS: Record<MoveAction, MoveActor> = {
  change_date: 'customer',
  access: 'customer',
  request_booking: 'customer',
  cancel: 'customer',
  review: 'customer',
  confirm: 'staff',
  decline: 'staff',
  book: 'staff',
  book_paid: 'payment',
};

export const STATUS_LABELS: Record<MoveStatus, string> = {
  quoted: 'Quoted',
  booking_requested: 'Booking requested',
  booked: 'Booked',
  declined: 'Not booked',
  cancelled: 'Cancelled',
};

export const STATUS_TEXT: Record<MoveStatus, string> = {
  quoted: 'This is an estimate. Nothing is booked yet.',
  booking_requested: `You have asked to book this move. We answer within ${BOOKING_ANSWER_HOURS} hours with a written quote; there is nothing to pay now.`,
  booked: 'Your move is booked. Anything left to pay is on your move page, with the day it is due.',
  declined: 'We could not book this move as it stands. Choose another date and ask again, or call us.',
  cancelled: 'This move is cancelled.',
};

/** The move page's own words: the e-mails' pointer to "your move page" would point the page at itself. */
export const PAGE_STATUS_TEXT: Record<MoveStatus, string> = { ...STATUS_TEXT, booked: 'Your move is booked.' };

/** Says exactly what pressing it commits the customer to (issue 19, item 5). */
export const REQUEST_BOOKING_LABEL = `Request this booking: no payment now; we answer within ${BOOKING_ANSWER_HOURS} hours`;

export const CANCELLATION_RIGHTS = `A removal on a fixed date is a transport-of-goods service, so the 14-day cancellation period of the Consumer Contracts Regulations 2013 does not apply. Our own cancellation terms apply instead: cancel ${FREE_CANCELLATION_HOURS} hours or more before and there is nothing to pay.`;

export const MOVE_REFUSALS = {
  cancelled: 'This move is cancelled, so it can no longer be changed. Ask for a new quote if you are moving after all.',
  moved: 'The move date has passed, so this move can no longer be changed.',
  onTheDay: `Your move is today. To change or cancel it, please call us on ${site.phone.display}.`,
  withMover: `Your booking is with a mover. To change its date, please call us on ${site.phone.display}.`,
  declinedFirst: 'Please choose another date first; then you can ask to book again.',
  notQuoted: 'This move is not waiting for a booking request.',
  unpriced: 'We are still pricing this move. You can ask to book once we have sent you the price.',
  dateUnbookable: 'This move date can no longer be booked online. Please choose another date first.',
  notRequested: 'This booking request has already been answered.',
  sameDate: 'That is already the move date.',
  notMovedYet: 'You can review your move once it has taken place.',
  notBooked: 'Only a move booked with us can be reviewed.',
  reviewed: 'You have already reviewed this move. Thank you!',
  alreadyBooked: 'This move is booked already.',
  notYours: 'This change is not yours to make.',
  unpaid: 'No deposit has been paid for this move: it can be booked without one only by staff who say why.',
} as const;

export interface MoveFacts {
  status: MoveStatus;
  /** `YYYY-MM-DD`. */
  moveDate: string;
  priced: boolean;
  reviewed?: boolean;
  /** The crew has reported "Job done" on its job sheet: the move has taken place, whatever the date says. */
  jobDone?: boolean;
  /** The customer accepted a written quote: a booked date can then be moved online, on its terms (issue 34 item 3). */
  accepted?: boolean;
  /**
   * Why staff book a move whose deposit has not booked it (issue 40 item 4): a move becomes booked by the paid deposit
   * of its accepted written quote, or by staff who give a reason, which the audit trail keeps.
   */
  staffReason?: string;
}

/** Why `action` cannot be taken now (`today` is a UK day), or null. */
export function moveRefusal(action: MoveAction, facts: MoveFacts, today: string): string | null {
  const { status, moveDate } = facts;
  if (status === 'cancelled') return MOVE_REFUSALS.cancelled;
  const moved = moveDate < today;
  switch (action) {
    // Reviews come only from real moves (issue 19, item 6).
    case 'review':
      if (status !== 'booked') return MOVE_REFUSALS.notBooked;
      if (!moved && !facts.jobDone) return MOVE_REFUSALS.notMovedYet;
      return facts.reviewed ? MOVE_REFUSALS.reviewed : null;
    // A booked move whose price is an accepted written quote moves on that quote's terms; one booked any other way, or
    // on its day, is a phone call.
    case 'change_date':
      if (moved || facts.jobDone) return MOVE_REFUSALS.moved;
      if (status === 'booking_requested' || (status === 'booked' && !facts.accepted)) return MOVE_REFUSALS.withMover;
      return status === 'booked' && moveDate === today ? MOVE_REFUSALS.onTheDay : null;
    case 'access':
      return moved ? MOVE_REFUSALS.moved : null;
    // On the day the crew is already on its way: a phone call, not a button.
    case 'cancel':
      if (moved) return MOVE_REFUSALS.moved;
      return moveDate === today ? MOVE_REFUSALS.onTheDay : null;
    case 'request_booking':
      if (moved) return MOVE_REFUSALS.moved;
      if (status === 'declined') return MOVE_REFUSALS.declinedFirst;
      if (status !== 'quoted') return MOVE_REFUSALS.notQuoted;
      if (!facts.priced) return MOVE_REFUSALS.unpriced;
      if (moveDateProblem(moveDate, today)) return MOVE_REFUSALS.dateUnbookable;
      return null;
    case 'confirm':
      if (status !== 'booking_requested') return MOVE_REFUSALS.notRequested;
      if (moved) return MOVE_REFUSALS.moved;
      return facts.staffReason ? null : MOVE_REFUSALS.unpaid;
    case 'decline':
      return status === 'booking_requested' ? null : MOVE_REFUSALS.notRequested;
    // A move already booked (by its deposit, issue 34) is booked again in the diary for its crew and arrival window,
    // and may be again if the office changes them: the customer is told each time. Any other needs staff's reason.
    case 'book':
      if (moved) return MOVE_REFUSALS.moved;
      return status === 'booked' || facts.staffReason ? null : MOVE_REFUSALS.unpaid;
    case 'book_paid':
      if (moved) return MOVE_REFUSALS.moved;
      return status === 'booked' ? MOVE_REFUSALS.alreadyBooked : null;
  }
}

export function newDateRefusal(current: string, wanted: string, today: string): string | null {
  const problem = moveDateProblem(wanted, today);
  if (problem) return problem.message;
  return wanted === current ? MOVE_REFUSALS.sameDate : null;
}

export function statusAfter(action: MoveAction, status: MoveStatus): MoveStatus {
  switch (action) {
    // A booked date moved stays booked; any other quote's new date is a new estimate.
    case 'change_date':
      return status === 'booked' ? 'booked' : 'quoted';
    case 'access':
    case 'review':
      return status;
    case 'request_booking':
      return 'booking_requested';
    case 'confirm':
    case 'book':
    case 'book_paid':
      return 'booked';
    case 'decline':
      return 'declined';
    case 'cancel':
      return 'cancelled';
  }
}

/** Where the move page's "Report damage" form posts (functions/pages/move-damage.ts). */
export const MOVE_DAMAGE_PATH = '/move-damage';
/** Damage can be reported until this many days after the move date (issue 34 item 5). */
export const DAMAGE_REPORT_DAYS = 7;

export const DAMAGE_REFUSALS = {
  notBooked: 'Only a move booked with us can have damage reported here. Please call us.',
  notMovedYet: 'You can report damage once your move has taken place.',
  tooLate: `Damage can be reported here for ${DAMAGE_REPORT_DAYS} days after the move. Please call us.`,
} as const;

/**
 * Why the customer cannot report damage from the move page today, or null: a booked move, from its day (or the
 * crew's "Job done") until DAMAGE_REPORT_DAYS days after it.
 */
export function damageReportRefusal(facts: MoveFacts, today: string): string | null {
  if (facts.status !== 'booked') return DAMAGE_REFUSALS.notBooked;
  if (facts.moveDate > today && !facts.jobDone) return DAMAGE_REFUSALS.notMovedYet;
  return today > addDays(facts.moveDate, DAMAGE_REPORT_DAYS) ? DAMAGE_REFUSALS.tooLate : null;
}

export const customerActions = (facts: MoveFacts, today: string): MoveAction[] =>
  (['change_date', 'access', 'request_booking', 'cancel', 'review'] as const).filter(
    (action) => moveRefusal(action, facts, today) === null,
  );

/** What the move's own page is about (issue 30, item 9): its status, and whether its day has passed. */
export type MovePageState = MoveStatus | 'moved' | 'past';

export function movePageState(facts: MoveFacts, today: string): MovePageState {
  if (facts.status === 'cancelled') return 'cancelled';
  if (facts.moveDate < today) return facts.status === 'booked' ? 'moved' : 'past';
  return facts.status;
}

/** The page's heading and its title. A quote's first is the spec's. */
export const MOVE_PAGE_HEADINGS: Record<MovePageState, string> = {
  quoted: 'Quote Request Sent Successfully!',
  booking_requested: 'Booking requested',
  booked: 'Your move is booked',
  declined: 'We could not book this move',
  cancelled: 'This move is cancelled',
  moved: 'Your moving day has passed',
  past: 'This move date has passed',
};

/** The line under the heading: the customer's first name, and the move date as written on the page. */
export const MOVE_PAGE_SUMMARIES: Record<MovePageState, (name: string, date: string) => string> = {
  quoted: (name) => `Thank you, ${name}.`,
  booking_requested: (name) => `Thank you, ${name}. Your booking request is with our office, and we will e-mail you our answer.`,
  booked: (name, date) => `${name}, your move on ${date} is booked.`,
  declined: (name) => `Sorry, ${name}: we could not book this move as it stands. You can choose another date below and ask again.`,
  cancelled: (name, date) => `${name}, your move on ${date} is cancelled. If you are moving after all, ask us for a new quote.`,
  moved: (name) => `We hope everything arrived safely, ${name}.`,
  past: (name, date) => `${name}, this quote was for ${date}, which has passed. If you are still moving, ask us for a new quote.`,
};

/** A move still ahead, which a calendar may hold; a cancelled or past one is offered no calendar file. */
export const isUpcoming = (state: MovePageState): boolean => state !== 'cancelled' && state !== 'moved' && state !== 'past';

export type MoveEvent =
  | { kind: 'quoted' }
  /** `booked`: a booked move's new date, with what it cost on its written quote's terms. */
  | { kind: 'date_changed'; from: string; to: string; total: number | null; booked?: DateChangeCost }
  /** `total`: the estimate worked out again with the new access (the access table), when it changed. */
  | { kind: 'access'; total?: number }
  | { kind: 'booking_requested'; total: number | null; repriced: boolean }
  /** `crew`: booked in the office's diary, with the crew, van and arrival window the customer is told. */
  | { kind: 'confirmed'; note: string; crew?: CrewAssignment; byPayment?: boolean }
  /** A move already booked (by its deposit) given its crew, van and arrival window in the office's diary. */
  | { kind: 'crew_assigned'; crew: CrewAssignment; byPartner?: true }
  | { kind: 'declined'; note: string }
  /**
   * A booked move cancelled less than FREE_CANCELLATION_HOURS before: our terms' fees may apply. `fee`: what the terms
   * charge (whole pence), what was paid by card and what of it goes back, as worked out when it was cancelled.
   */
  | { kind: 'cancelled'; shortNotice?: boolean; fee?: CancelledFee }
  | { kind: 'reviewed'; rating: number }
  | { kind: 'review_published' }
  | { kind: 'review_withheld' }
  /** From the crew's job sheet (issue 33 item 5): the crew lead's first name and the time they expect to arrive (HH:MM). */
  | { kind: 'crew_on_way'; crew: string; eta: string }
  /** The moving day's later taps (issue 44 item 2). */
  | { kind: 'crew_step'; crew: string; step: 'arrived' | 'leaving' | 'at_delivery' }
  /** "Running late", with the new arrival time (HH:MM). */
  | { kind: 'crew_late'; crew: string; eta: string }
  /** A move a partner gave back, taken by another (issue 43 item 6): the new crew lead's first name, for the move's day. */
  | { kind: 'new_crew'; crew: string; moveDate: string; window?: string }
  /** Said by the cron (issue 44 item 3): the arrival window (its key) began with no "On our way", or the estimate passed. */
  | { kind: 'late_said'; window?: string; eta?: string };

const STEP_LINES: Record<Extract<MoveEvent, { kind: 'crew_step' }>['step'], (crew: string) => string> = {
  arrived: (crew) => `Your crew, led by ${crew}, has arrived`,
  leaving: () => 'Your crew has loaded and is leaving for your new home',
  at_delivery: () => 'Your crew has arrived at your new home',
};

/** What a late cancellation cost: the fee under the terms and, when paid by card, what was paid and comes back. */
export interface CancelledFee {
  feePence: number;
  /** Paid by card and not refunded before; 0 when nothing was paid by card. */
  paidPence: number;
  refundPence: number;
}

/** "£123.75 kept under our cancellation terms, £176.25 back to your card", or the fee still to settle. */
function feeWords(fee: CancelledFee): string {
  const kept = Math.min(fee.feePence, fee.paidPence);
  if (fee.paidPence === 0)
    return `a fee of ${formatPence(fee.feePence)} is due under our cancellation terms: we will be in touch about paying it`;
  const back = fee.refundPence > 0 ? `, and ${formatPence(fee.refundPence)} is coming back to your card` : ', and nothing more is taken';
  // The terms: the fee comes out of what was paid, and nothing more is taken.
  return `we keep ${formatPence(kept)} of the ${formatPence(fee.paidPence)} you paid under our cancellation terms${back}`;
}

export function describeEvent(event: MoveEvent, money: (pounds: number) => string): string {
  switch (event.kind) {
    case 'quoted':
      return 'Quote sent';
    case 'date_changed':
      if (event.booked)
        return `Move date changed from ${formatLongDate(event.from)} to ${formatLongDate(event.to)}: ${dateChangeDoneLine(event.booked)}`;
      return `Move date changed from ${formatLongDate(event.from)} to ${formatLongDate(event.to)}${event.total === null ? '' : `; new estimate ${money(event.total)}`}`;
    case 'access':
      return `Access details and items updated for your mover${event.total === undefined ? '' : `; new estimate ${money(event.total)}`}`;
    case 'booking_requested':
      return `Booking requested${event.total === null ? '' : ` at ${money(event.total)}`}${event.repriced ? ' (priced again: the earlier estimate had expired)' : ''}`;
    case 'confirmed': {
      const said = [event.crew ? crewLine(event.crew) : '', event.note].filter(Boolean).join('; ');
      return `Booking confirmed by ${site.brand}${said ? `: ${said}` : ''}`;
    }
    case 'crew_assigned':
      return `Your crew: ${crewLine(event.crew)}`;
    case 'declined':
      return `Booking declined${event.note ? `: ${event.note}` : ''}`;
    case 'cancelled':
      if (!event.shortNotice) return 'Move cancelled: nothing to pay';
      return `Move cancelled less than ${FREE_CANCELLATION_HOURS} hours before: ${event.fee ? feeWords(event.fee) : 'our cancellation terms apply'}`;
    case 'reviewed':
      return `Review sent: ${event.rating} out of 5`;
    case 'review_published':
      return 'Review published on our reviews page as a verified move';
    case 'review_withheld':
      return 'Review checked and not published';
    case 'crew_on_way':
      return `Your crew, led by ${event.crew}, is on the way and expects to arrive at about ${event.eta}`;
    case 'crew_step':
      return STEP_LINES[event.step](event.crew);
    case 'crew_late':
      return `Your crew, led by ${event.crew}, is running late and now expects to arrive at about ${event.eta}`;
    case 'new_crew':
      return `A new crew is confirmed for your move on ${formatLongDate(event.moveDate)}, led by ${event.crew}${event.window ? `, arriving ${arrivalWindowLabel(event.window)}` : ''}`;
    case 'late_said':
      return `${event.eta ? `Your crew expected to arrive at about ${event.eta} and have not arrived yet` : `Your arrival window of ${arrivalWindowLabel(event.window ?? '')} has started and your crew have not set off yet`}. We are sorry: our office has been told and is ringing your crew, and your move page shows their next step as soon as they send it`;
  }
}

export const DONE_NOTICES: Readonly<Record<string, string>> = {
  date_changed: 'Your move date is changed. We have e-mailed you the new estimate.',
  date_changed_booked:
    'Your move date is changed and your move is still booked. We have e-mailed you the details; your crew and arrival time for the new day will follow.',
  access: 'Thank you: your access details are saved, and we pass them to your mover.',
  access_repriced:
    'Thank you: your access details are saved and passed to your mover, and your estimate is worked out again with them. We have e-mailed you the new estimate.',
  booking_requested: `Your booking request is sent. We answer within ${BOOKING_ANSWER_HOURS} hours and e-mail you a written quote. There is nothing to pay now.`,
  cancelled: 'Your move is cancelled. There is nothing to pay, and we have e-mailed you to confirm.',
  cancelled_late: `Your move is cancelled, and we have e-mailed you to confirm. It was less than ${FREE_CANCELLATION_HOURS} hours before your arrival time, so our cancellation terms apply: we will be in touch about the fee.`,
  reviewed: 'Thank you for your review. We publish it on our reviews page once we have checked it.',
  quote_accepted:
    'Thank you: your written quote is accepted and is now your price. We have e-mailed you, and we will be in touch to book your crew.',
  damage_reported: 'Thank you: we have your report; the office will be in touch.',
  claim_made: 'Thank you: we have your claim and have e-mailed you. The office will e-mail you at each step and with their answer.',
  texts_on:
    'Texts are on: we will text you on the day when your crew are on the way or running late, and if a new crew takes over your move.',
  texts_off: 'Texts are off: we will not text you about this move. Our e-mails and this page still tell you everything.',
  change_accepted: 'Thank you: the extras are agreed and added to your written quote. We have e-mailed you the new price.',
  change_refused: 'You refused the extras: nothing about your price has changed. Your crew and our office can see your answer.',
};

export function doneKey(event: MoveEvent): string {
  if (event.kind === 'cancelled' && event.shortNotice) return 'cancelled_late';
  if (event.kind === 'access' && event.total !== undefined) return 'access_repriced';
  return event.kind === 'date_changed' && event.booked ? 'date_changed_booked' : event.kind;
}

/** Own properties only, so `?done=constructor` finds nothing. */
export const doneNotice = (done: string | null): string | undefined =>
  done !== null && Object.prototype.hasOwnProperty.call(DONE_NOTICES, done) ? DONE_NOTICES[done] : undefined;

/** After a late cancellation, the page says what was kept and what comes back (issue 39 item 8), from its event. */
export const lateCancelNotice = (fee: CancelledFee): string =>
  `Your move is cancelled, and we have e-mailed you to confirm. It was less than ${FREE_CANCELLATION_HOURS} hours before your arrival time, so ${feeWords(fee)}.`;
