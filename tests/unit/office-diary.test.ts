/**
 * A day's room in the office's diary (issue 33 item 4, issue 40 item 6), worked by hand: the fewer of the day's crews
 * and vans (the firm's own, less those off that day, plus those hired for it), less its moves; none on a closed day.
 */
import { describe, expect, it } from 'vitest';
import {
  crewLine,
  dayCapacity,
  dayChanges,
  dayRoom,
  daySpan,
  diaryDays,
  fullDates,
  leadFirstName,
  NO_CHANGES,
  weekStart,
  type DayOffSpan,
  type DiaryResources,
} from '~/lib/office/diary';
import { describeEvent, MOVE_REFUSALS, moveRefusal, statusAfter } from '~/lib/move-status';

const inUse = (crews: number, vans: number): DiaryResources => ({ crews, vans, inUse: true });
const NOT_IN_USE: DiaryResources = { crews: 0, vans: 0, inUse: false };
/** An open Wednesday (no bank holiday anywhere in the UK): 10 March 2027. */
const OPEN = '2027-03-10';
const left = (resources: DiaryResources, used: number, changes = NO_CHANGES) => dayRoom(OPEN, resources, used, changes).left;
const full = (resources: DiaryResources, used: number, changes = NO_CHANGES) => dayRoom(OPEN, resources, used, changes).full;

describe('a day’s capacity', () => {
  it('is the fewer of the crews and the vans', () => {
    expect(dayCapacity(inUse(3, 2))).toBe(2);
    expect(dayCapacity(inUse(1, 4))).toBe(1);
    expect(dayCapacity(inUse(2, 2))).toBe(2);
  });

  it('has no limit while the diary is not in use', () => {
    expect(dayCapacity(NOT_IN_USE)).toBeNull();
    expect(left(NOT_IN_USE, 5)).toBeNull();
    expect(full(NOT_IN_USE, 0)).toBe(false);
    expect(full(NOT_IN_USE, 40)).toBe(false);
  });

  it('loses one place for each move held or booked on the day', () => {
    expect(left(inUse(3, 2), 0)).toBe(2);
    expect(left(inUse(3, 2), 1)).toBe(1);
    expect(full(inUse(3, 2), 1)).toBe(false);
    expect(full(inUse(3, 2), 2)).toBe(true);
  });

  it('is full, never negative, once booked over capacity', () => {
    expect(left(inUse(1, 1), 3)).toBe(0);
    expect(full(inUse(1, 1), 3)).toBe(true);
  });

  it('is full every day when every crew or van set up has been removed', () => {
    expect(full(inUse(2, 0), 0)).toBe(true);
    expect(full(inUse(0, 3), 0)).toBe(true);
  });
});

describe('days off and hires (issue 40 item 6)', () => {
  // Two crews (ids 1 and 2) and two vans (ids 7 and 8): 2 places a day.
  const twoAndTwo = inUse(2, 2);
  const off = (resource: 'crew' | 'van', resourceId: number, firstDay: string, lastDay = firstDay): DayOffSpan => ({
    resource,
    resourceId,
    firstDay,
    lastDay,
  });

  it('a crew with the day off takes a place away: 2 crews and 2 vans, crew 1 off, is 1 place', () => {
    const changes = dayChanges(OPEN, [off('crew', 1, '2027-03-08', '2027-03-12')], []);
    expect(changes).toEqual({ crewsOff: 1, vansOff: 0, hiredCrews: 0, hiredVans: 0 });
    expect(dayRoom(OPEN, twoAndTwo, 0, changes)).toMatchObject({ crews: 1, vans: 2, capacity: 1, left: 1, full: false });
    // One move on the day fills it.
    expect(dayRoom(OPEN, twoAndTwo, 1, changes).full).toBe(true);
  });

  it('counts only the days of the stretch, both ends included', () => {
    const spans = [off('crew', 1, '2027-03-09', '2027-03-10')];
    expect(dayChanges('2027-03-08', spans, []).crewsOff).toBe(0);
    expect(dayChanges('2027-03-09', spans, []).crewsOff).toBe(1);
    expect(dayChanges('2027-03-10', spans, []).crewsOff).toBe(1);
    expect(dayChanges('2027-03-11', spans, []).crewsOff).toBe(0);
  });

  it('counts a crew off twice over once, and a van off apart from the crews', () => {
    const spans = [off('crew', 1, '2027-03-01', '2027-03-31'), off('crew', 1, OPEN), off('van', 7, OPEN)];
    expect(dayChanges(OPEN, spans, [])).toEqual({ crewsOff: 1, vansOff: 1, hiredCrews: 0, hiredVans: 0 });
    // 1 crew and 1 van left: 1 place.
    expect(dayRoom(OPEN, twoAndTwo, 0, dayChanges(OPEN, spans, [])).capacity).toBe(1);
  });

  it('both crews off: no place, the day is full with no move on it', () => {
    const spans = [off('crew', 1, OPEN), off('crew', 2, OPEN)];
    expect(dayRoom(OPEN, twoAndTwo, 0, dayChanges(OPEN, spans, []))).toMatchObject({ crews: 0, capacity: 0, full: true });
  });

  it('a hired van adds a place where the vans were the fewer: 2 crews, 2 vans, van 7 off, 1 move, then a van hired', () => {
    const spans = [off('van', 7, OPEN)];
    expect(dayRoom(OPEN, twoAndTwo, 1, dayChanges(OPEN, spans, [])).full).toBe(true);
    const hired = dayChanges(OPEN, spans, [{ resource: 'van', date: OPEN }]);
    expect(hired).toEqual({ crewsOff: 0, vansOff: 1, hiredCrews: 0, hiredVans: 1 });
    // 2 crews and 1 + 1 vans: 2 places, 1 used.
    expect(dayRoom(OPEN, twoAndTwo, 1, hired)).toMatchObject({ crews: 2, vans: 2, capacity: 2, left: 1, full: false });
  });

  it('a hired van alone adds nothing where crews are as few as vans; a crew with its van adds one place', () => {
    expect(dayRoom(OPEN, twoAndTwo, 2, dayChanges(OPEN, [], [{ resource: 'van', date: OPEN }])).full).toBe(true);
    const both = dayChanges(
      OPEN,
      [],
      [
        { resource: 'crew', date: OPEN },
        { resource: 'van', date: OPEN },
      ],
    );
    expect(dayRoom(OPEN, twoAndTwo, 2, both)).toMatchObject({ capacity: 3, left: 1 });
  });

  it('a hire counts on its own day only', () => {
    expect(dayChanges('2027-03-11', [], [{ resource: 'crew', date: OPEN }]).hiredCrews).toBe(0);
  });
});

describe('closed days in the diary (GOV.UK’s England and Wales list)', () => {
  it('Christmas Day, Boxing Day and the substitute Monday 28 December 2026 are closed, never “2 of 2 free”', () => {
    for (const [date, holiday] of [
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-26', 'Boxing Day'],
      ['2026-12-28', 'Boxing Day (substitute day)'],
    ]) {
      expect(dayRoom(date!, inUse(2, 2), 0), date).toMatchObject({ closed: holiday, capacity: 0, left: 0, full: true });
    }
    expect(dayRoom('2026-12-29', inUse(2, 2), 0)).toMatchObject({ capacity: 2, left: 2, full: false });
    expect(dayRoom('2026-12-29', inUse(2, 2), 0).closed).toBeUndefined();
  });

  it('a hire does not open a closed day', () => {
    expect(dayRoom('2027-03-29', inUse(2, 2), 0, dayChanges('2027-03-29', [], [{ resource: 'crew', date: '2027-03-29' }])).capacity).toBe(
      0,
    );
  });

  it('a closed day is closed even while the diary is not in use', () => {
    expect(dayRoom('2027-01-01', NOT_IN_USE, 0)).toMatchObject({ closed: 'New Year’s Day', capacity: 0 });
  });
});

describe('the full days of a span', () => {
  it('lists only the open days whose moves use all the room', () => {
    const days = diaryDays('2027-03-01', 4);
    expect(days).toEqual(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04']);
    const used = new Map([
      ['2027-03-01', 2],
      ['2027-03-03', 1],
      ['2027-03-04', 3],
    ]);
    expect(fullDates(inUse(2, 2), days, used)).toEqual(['2027-03-01', '2027-03-04']);
    expect(fullDates(NOT_IN_USE, days, used)).toEqual([]);
    // Crew 1 off on the 3rd: 1 place, used by its one move.
    const changesOn = (date: string) =>
      dayChanges(date, [{ resource: 'crew', resourceId: 1, firstDay: '2027-03-03', lastDay: '2027-03-03' }], []);
    expect(fullDates(inUse(2, 2), days, used, changesOn)).toEqual(['2027-03-01', '2027-03-03', '2027-03-04']);
  });

  it('leaves closed days out (the calendar lists them apart)', () => {
    // Good Friday and Easter Monday 2027 (26 and 29 March) are closed: not "full".
    expect(fullDates(inUse(2, 2), diaryDays('2027-03-26', 4), new Map())).toEqual([]);
  });

  it('refuses a span that runs backwards or is longer than allowed', () => {
    expect(daySpan('2027-03-01', '2027-03-03', 10)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03']);
    expect(daySpan('2027-03-03', '2027-03-01', 10)).toBeNull();
    expect(daySpan('2027-03-01', '2027-03-11', 10)).toBeNull();
    expect(daySpan('2027-03-01', '2027-03-10', 10)).toHaveLength(10);
  });

  it('a week starts on its Monday', () => {
    // Friday 25 December 2026 is in the week of Monday 21 December; a Sunday belongs to the week before it.
    expect(weekStart('2026-12-25')).toBe('2026-12-21');
    expect(weekStart('2026-12-21')).toBe('2026-12-21');
    expect(weekStart('2026-12-27')).toBe('2026-12-21');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });
});

describe('what the customer is told about the crew', () => {
  it('names the lead by first name only, with the crew’s size, the van and the window', () => {
    expect(leadFirstName('  Samira  Khan ')).toBe('Samira');
    expect(crewLine({ lead: 'Samira', size: 3, van: 'luton', window: '08-10' })).toBe(
      'crew of 3 led by Samira (Luton van), arriving 8–10 am',
    );
  });

  it('says it in the booking’s line on the move page and in the e-mail', () => {
    const line = describeEvent({ kind: 'confirmed', note: '', crew: { lead: 'Samira', size: 3, van: 'luton', window: '14-16' } }, String);
    expect(line).toBe('Booking confirmed by Shiftly: crew of 3 led by Samira (Luton van), arriving 2–4 pm');
  });
});

describe('the office books a move', () => {
  const facts = { moveDate: '2027-03-10', priced: true };
  it('from a quote or a booking request, to booked, only with staff’s reason while no deposit has booked it (issue 40 item 4)', () => {
    const reason = { staffReason: 'Regular customer: pays on the day' };
    expect(moveRefusal('book', { ...facts, status: 'quoted' }, '2027-03-01')).toBe(MOVE_REFUSALS.unpaid);
    expect(moveRefusal('book', { ...facts, status: 'quoted', ...reason }, '2027-03-01')).toBeNull();
    expect(moveRefusal('book', { ...facts, status: 'booking_requested', ...reason }, '2027-03-01')).toBeNull();
    expect(statusAfter('book', 'quoted')).toBe('booked');
  });

  it('a move booked by its deposit is booked again for its crew, and stays booked', () => {
    expect(moveRefusal('book', { ...facts, status: 'booked' }, '2027-03-01')).toBeNull();
    expect(statusAfter('book', 'booked')).toBe('booked');
  });

  it('not once cancelled or past', () => {
    expect(moveRefusal('book', { ...facts, status: 'cancelled' }, '2027-03-01')).not.toBeNull();
    expect(moveRefusal('book', { ...facts, status: 'quoted' }, '2027-03-11')).not.toBeNull();
  });
});
