/** The state machine of a quote after it is sent (issue 19, item 3): every transition and every refusal. */
import { describe, expect, it } from 'vitest';
import { MOVE_DATE_MESSAGES } from '~/lib/move-date';
import { site } from '~/site.config';
import {
  customerActions,
  DAMAGE_REFUSALS,
  damageReportRefusal,
  DONE_NOTICES,
  doneKey,
  doneNotice,
  isUpcoming,
  lateCancelNotice,
  movePageState,
  MOVE_REFUSALS,
  MOVE_STATUSES,
  moveRefusal,
  newDateRefusal,
  statusAfter,
  type MoveAction,
  type MoveFacts,
  type MovePageState,
  type MoveStatus,
} from '~/lib/move-status';

const today = '2026-11-24';
const future = '2026-12-10';
const facts = (status: MoveStatus, over: Partial<MoveFacts> = {}): MoveFacts => ({ status, moveDate: future, priced: true, ...over });

describe('the transitions', () => {
  const allowed: Array<[MoveStatus, MoveAction, MoveStatus]> = [
    ['quoted', 'change_date', 'quoted'],
    ['quoted', 'access', 'quoted'],
    ['quoted', 'request_booking', 'booking_requested'],
    ['quoted', 'cancel', 'cancelled'],
    ['booking_requested', 'access', 'booking_requested'],
    ['booking_requested', 'confirm', 'booked'],
    ['booking_requested', 'decline', 'declined'],
    ['booking_requested', 'cancel', 'cancelled'],
    ['booked', 'access', 'booked'],
    ['booked', 'cancel', 'cancelled'],
    ['booked', 'change_date', 'booked'],
    ['declined', 'change_date', 'quoted'],
    ['declined', 'access', 'declined'],
    ['declined', 'cancel', 'cancelled'],
  ];
  it.each(allowed)('%s --%s--> %s', (from, action, to) => {
    // A booked move's date is moved online only on an accepted written quote's terms (issue 34 item 3); a request is
    // confirmed with no deposit paid only with staff's reason (issue 40 item 4).
    const over = { accepted: true, ...(action === 'confirm' ? { staffReason: 'Pays on the day' } : {}) };
    expect(moveRefusal(action, facts(from, over), today)).toBeNull();
    expect(statusAfter(action, from)).toBe(to);
  });

  it('refuses every other action in every status, with a sentence', () => {
    const actions: MoveAction[] = ['change_date', 'access', 'request_booking', 'cancel', 'confirm', 'decline', 'review'];
    for (const status of MOVE_STATUSES) {
      for (const action of actions) {
        // A review is allowed after the move date only; the other statuses' refusals are below.
        if (allowed.some(([from, a]) => from === status && a === action)) continue;
        expect(moveRefusal(action, facts(status), today), `${status} ${action}`).toMatch(/\.$/);
      }
    }
  });
});

describe('a review', () => {
  it('comes only from a booked move, after its date, once', () => {
    const after = '2026-12-11';
    expect(moveRefusal('review', facts('booked'), after)).toBeNull();
    expect(statusAfter('review', 'booked')).toBe('booked');
    expect(moveRefusal('review', facts('booked'), today)).toBe(MOVE_REFUSALS.notMovedYet);
    expect(moveRefusal('review', facts('booked', { moveDate: after }), after)).toBe(MOVE_REFUSALS.notMovedYet);
    expect(moveRefusal('review', facts('booked', { reviewed: true }), after)).toBe(MOVE_REFUSALS.reviewed);
    for (const status of ['quoted', 'booking_requested', 'declined'] as const) {
      expect(moveRefusal('review', facts(status), after), status).toBe(MOVE_REFUSALS.notBooked);
    }
    expect(moveRefusal('review', facts('cancelled'), after)).toBe(MOVE_REFUSALS.cancelled);
    expect(customerActions(facts('booked'), after)).toEqual(['review']);
  });
});

describe('a review after "Job done"', () => {
  it('counts the move as taken place before its date, for a booked move only', () => {
    expect(moveRefusal('review', facts('booked', { jobDone: true }), today)).toBeNull();
    expect(moveRefusal('review', facts('declined', { jobDone: true }), today)).toBe(MOVE_REFUSALS.notBooked);
    expect(moveRefusal('review', facts('booked', { jobDone: true, reviewed: true }), today)).toBe(MOVE_REFUSALS.reviewed);
  });
});

describe('a damage report from the move page', () => {
  // Worked by hand: a move on 24 November may report damage from that day to 1 December inclusive.
  const moved = (status: MoveStatus, over: Partial<MoveFacts> = {}) => facts(status, { moveDate: '2026-11-24', ...over });
  it('is open from the move date (or "Job done") until 7 days after it, for a booked move only', () => {
    expect(damageReportRefusal(moved('booked'), '2026-11-23')).toBe(DAMAGE_REFUSALS.notMovedYet);
    expect(damageReportRefusal(moved('booked', { jobDone: true }), '2026-11-23')).toBeNull();
    expect(damageReportRefusal(moved('booked'), '2026-11-24')).toBeNull();
    expect(damageReportRefusal(moved('booked'), '2026-12-01')).toBeNull();
    expect(damageReportRefusal(moved('booked'), '2026-12-02')).toBe(DAMAGE_REFUSALS.tooLate);
    expect(damageReportRefusal(moved('quoted'), '2026-11-25')).toBe(DAMAGE_REFUSALS.notBooked);
    expect(damageReportRefusal(moved('cancelled'), '2026-11-25')).toBe(DAMAGE_REFUSALS.notBooked);
  });
});

describe('the refusals', () => {
  it('changes nothing once cancelled', () => {
    for (const action of ['change_date', 'access', 'request_booking', 'cancel', 'confirm', 'decline', 'review'] as const) {
      expect(moveRefusal(action, facts('cancelled'), today)).toBe(MOVE_REFUSALS.cancelled);
    }
  });

  it('changes nothing after the move date; staff can decline a request then, but not confirm it', () => {
    const past = { moveDate: '2026-11-20' };
    for (const action of ['change_date', 'access', 'request_booking', 'cancel'] as const) {
      expect(moveRefusal(action, facts('quoted', past), today)).toBe(MOVE_REFUSALS.moved);
    }
    expect(moveRefusal('decline', facts('booking_requested', past), today)).toBeNull();
    expect(moveRefusal('confirm', facts('booking_requested', past), today)).toBe(MOVE_REFUSALS.moved);
  });

  it('cancels by phone on the day itself', () => {
    for (const status of ['quoted', 'booking_requested', 'booked', 'declined'] as const) {
      expect(moveRefusal('cancel', facts(status, { moveDate: today }), today), status).toBe(MOVE_REFUSALS.onTheDay);
    }
    expect(MOVE_REFUSALS.onTheDay).toContain(site.phone.display);
  });

  it('books no past date, no date that can no longer be booked online, nothing unpriced', () => {
    expect(moveRefusal('request_booking', facts('quoted', { moveDate: '2026-11-23' }), today)).toBe(MOVE_REFUSALS.moved);
    // Today and Christmas Day are not past, but cannot be booked online.
    expect(moveRefusal('request_booking', facts('quoted', { moveDate: today }), today)).toBe(MOVE_REFUSALS.dateUnbookable);
    expect(moveRefusal('request_booking', facts('quoted', { moveDate: '2026-12-25' }), today)).toBe(MOVE_REFUSALS.dateUnbookable);
    expect(moveRefusal('request_booking', facts('quoted', { priced: false }), today)).toBe(MOVE_REFUSALS.unpriced);
  });

  it('asks for a new date after a decline, and a phone call to move a date booked without a written quote', () => {
    expect(moveRefusal('request_booking', facts('declined'), today)).toBe(MOVE_REFUSALS.declinedFirst);
    expect(moveRefusal('change_date', facts('booked'), today)).toBe(MOVE_REFUSALS.withMover);
    expect(moveRefusal('change_date', facts('booking_requested', { accepted: true }), today)).toBe(MOVE_REFUSALS.withMover);
    expect(moveRefusal('change_date', facts('booking_requested'), today)).toBe(MOVE_REFUSALS.withMover);
    expect(moveRefusal('request_booking', facts('booking_requested'), today)).toBe(MOVE_REFUSALS.notQuoted);
  });

  it('moves a booked date on its written quote up to the day before, never on the day or after "Job done"', () => {
    const booked = (over: Partial<MoveFacts>) => facts('booked', { accepted: true, ...over });
    expect(moveRefusal('change_date', booked({ moveDate: '2026-11-25' }), today)).toBeNull();
    expect(moveRefusal('change_date', booked({ moveDate: today }), today)).toBe(MOVE_REFUSALS.onTheDay);
    expect(moveRefusal('change_date', booked({ jobDone: true }), today)).toBe(MOVE_REFUSALS.moved);
    expect(statusAfter('change_date', 'booked')).toBe('booked');
    // A quote not yet booked may still move its date on the day (it is only an estimate).
    expect(moveRefusal('change_date', facts('quoted', { moveDate: today }), today)).toBeNull();
  });

  it('books a move only by its paid deposit, or by staff with a reason (issue 40 item 4)', () => {
    // 'booked' is the paid deposit's doing (payments/webhook.ts): the diary then only gives it a crew.
    expect(moveRefusal('book', facts('booked'), today)).toBeNull();
    for (const status of ['quoted', 'booking_requested', 'declined'] as const) {
      expect(moveRefusal('book', facts(status), today), status).toBe(MOVE_REFUSALS.unpaid);
      expect(moveRefusal('book', facts(status, { staffReason: 'Regular customer' }), today), status).toBeNull();
    }
    expect(moveRefusal('confirm', facts('booking_requested'), today)).toBe(MOVE_REFUSALS.unpaid);
    expect(moveRefusal('confirm', facts('booking_requested', { staffReason: 'Regular customer' }), today)).toBeNull();
    expect(moveRefusal('book', facts('quoted', { staffReason: 'Regular customer', moveDate: '2026-11-20' }), today)).toBe(
      MOVE_REFUSALS.moved,
    );
    expect(statusAfter('book', 'quoted')).toBe('booked');
  });

  it('answers a booking request once', () => {
    for (const status of ['quoted', 'booked', 'declined'] as const) {
      expect(moveRefusal('confirm', facts(status), today)).toBe(MOVE_REFUSALS.notRequested);
      expect(moveRefusal('decline', facts(status), today)).toBe(MOVE_REFUSALS.notRequested);
    }
  });

  it('takes a new date by the booking rule, and not the same date', () => {
    expect(newDateRefusal(future, '2026-12-11', today)).toBeNull();
    expect(newDateRefusal(future, future, today)).toBe(MOVE_REFUSALS.sameDate);
    expect(newDateRefusal(future, '2026-11-20', today)).toBe(MOVE_DATE_MESSAGES.past);
    expect(newDateRefusal(future, today, today)).toBe(MOVE_DATE_MESSAGES.today);
    expect(newDateRefusal(future, '2026-12-25', today)).toBe(MOVE_DATE_MESSAGES.closed('Christmas Day'));
    expect(newDateRefusal(future, 'soon', today)).toBe(MOVE_DATE_MESSAGES.not_a_date);
  });
});

describe('the notice after a change', () => {
  it('is read only from the notices themselves, never an inherited name', () => {
    expect(doneNotice('cancelled')).toBe(DONE_NOTICES.cancelled);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'nonsense', null])
      expect(doneNotice(name), String(name)).toBeUndefined();
  });

  it('says a late cancellation of a booked move falls under the cancellation terms', () => {
    expect(doneKey({ kind: 'cancelled', shortNotice: true })).toBe('cancelled_late');
    expect(doneKey({ kind: 'cancelled', shortNotice: false })).toBe('cancelled');
    expect(DONE_NOTICES.cancelled_late).toContain('cancellation terms');
    expect(DONE_NOTICES.cancelled_late).not.toContain('nothing to pay');
    // With what it cost, the page says what was kept and what comes back (issue 39 item 8).
    expect(lateCancelNotice({ feePence: 24_750, paidPence: 30_000, refundPence: 5_250 })).toBe(
      'Your move is cancelled, and we have e-mailed you to confirm. It was less than 48 hours before your arrival time, so we keep £247.50 of the £300.00 you paid under our cancellation terms, and £52.50 is coming back to your card.',
    );
    expect(lateCancelNotice({ feePence: 24_750, paidPence: 12_375, refundPence: 0 })).toBe(
      'Your move is cancelled, and we have e-mailed you to confirm. It was less than 48 hours before your arrival time, so we keep £123.75 of the £123.75 you paid under our cancellation terms, and nothing more is taken.',
    );
  });

  it('tells a booked move that changed its date that it is still booked and its crew will follow', () => {
    const booked = { feePence: 0, priceChangePence: 0, wasPence: 100, totalPence: 100, paidPence: 25, balancePence: 75, refundPence: 0 };
    expect(doneKey({ kind: 'date_changed', from: future, to: '2026-12-11', total: null, booked })).toBe('date_changed_booked');
    expect(doneKey({ kind: 'date_changed', from: future, to: '2026-12-11', total: 900 })).toBe('date_changed');
    expect(DONE_NOTICES.date_changed_booked).toContain('still booked');
    expect(DONE_NOTICES.date_changed_booked).toContain('crew and arrival time for the new day will follow');
  });
});

describe('the actions a customer is offered', () => {
  it('are exactly the ones not refused', () => {
    expect(customerActions(facts('quoted'), today)).toEqual(['change_date', 'access', 'request_booking', 'cancel']);
    expect(customerActions(facts('booking_requested'), today)).toEqual(['access', 'cancel']);
    expect(customerActions(facts('booked'), today)).toEqual(['access', 'cancel']);
    expect(customerActions(facts('booked', { accepted: true }), today)).toEqual(['change_date', 'access', 'cancel']);
    expect(customerActions(facts('cancelled'), today)).toEqual([]);
    expect(customerActions(facts('quoted', { moveDate: '2026-11-01' }), today)).toEqual([]);
  });
});

describe('what the move page is about (issue 30, item 9)', () => {
  it('is the status while the day is ahead, and on the day itself', () => {
    for (const status of ['quoted', 'booking_requested', 'booked', 'declined', 'cancelled'] as const) {
      expect(movePageState(facts(status), today), status).toBe(status);
      expect(movePageState(facts(status, { moveDate: today }), today), `${status} on the day`).toBe(status);
    }
  });

  it('is over once the day has passed: moved if it was booked, past if not, and cancelled stays cancelled', () => {
    const yesterday = '2026-11-23';
    expect(movePageState(facts('booked', { moveDate: yesterday }), today)).toBe('moved');
    for (const status of ['quoted', 'booking_requested', 'declined'] as const) {
      expect(movePageState(facts(status, { moveDate: yesterday }), today), status).toBe('past');
    }
    expect(movePageState(facts('cancelled', { moveDate: yesterday }), today)).toBe('cancelled');
  });

  it('offers a calendar only for a move still ahead', () => {
    const states: MovePageState[] = ['quoted', 'booking_requested', 'booked', 'declined', 'cancelled', 'moved', 'past'];
    expect(states.filter(isUpcoming)).toEqual(['quoted', 'booking_requested', 'booked', 'declined']);
  });
});
