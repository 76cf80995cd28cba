/** A day's room in the office's diary (issue 33 item 4), worked by hand: the fewer of crews and vans, less its moves. */
import { describe, expect, it } from 'vitest';
import {
  crewLine,
  dayCapacity,
  daySpan,
  diaryDays,
  fullDates,
  isDayFull,
  leadFirstName,
  placesLeft,
  type DiaryResources,
} from '~/lib/office/diary';
import { describeEvent, moveRefusal, statusAfter } from '~/lib/move-status';

const inUse = (crews: number, vans: number): DiaryResources => ({ crews, vans, inUse: true });
const NOT_IN_USE: DiaryResources = { crews: 0, vans: 0, inUse: false };

describe('a day’s capacity', () => {
  it('is the fewer of the crews and the vans', () => {
    expect(dayCapacity(inUse(3, 2))).toBe(2);
    expect(dayCapacity(inUse(1, 4))).toBe(1);
    expect(dayCapacity(inUse(2, 2))).toBe(2);
  });

  it('has no limit while the diary is not in use', () => {
    expect(dayCapacity(NOT_IN_USE)).toBeNull();
    expect(placesLeft(NOT_IN_USE, 5)).toBeNull();
    expect(isDayFull(NOT_IN_USE, 0)).toBe(false);
    expect(isDayFull(NOT_IN_USE, 40)).toBe(false);
  });

  it('loses one place for each move held or booked on the day', () => {
    expect(placesLeft(inUse(3, 2), 0)).toBe(2);
    expect(placesLeft(inUse(3, 2), 1)).toBe(1);
    expect(isDayFull(inUse(3, 2), 1)).toBe(false);
    expect(isDayFull(inUse(3, 2), 2)).toBe(true);
  });

  it('is full, never negative, once booked over capacity', () => {
    expect(placesLeft(inUse(1, 1), 3)).toBe(0);
    expect(isDayFull(inUse(1, 1), 3)).toBe(true);
  });

  it('is full every day when every crew or van set up has been removed', () => {
    expect(isDayFull(inUse(2, 0), 0)).toBe(true);
    expect(isDayFull(inUse(0, 3), 0)).toBe(true);
  });
});

describe('the full days of a span', () => {
  it('lists only the days whose moves use all the room', () => {
    const days = diaryDays('2027-03-01', 4);
    expect(days).toEqual(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04']);
    const used = new Map([
      ['2027-03-01', 2],
      ['2027-03-03', 1],
      ['2027-03-04', 3],
    ]);
    expect(fullDates(inUse(2, 2), days, used)).toEqual(['2027-03-01', '2027-03-04']);
    expect(fullDates(NOT_IN_USE, days, used)).toEqual([]);
  });

  it('refuses a span that runs backwards or is longer than allowed', () => {
    expect(daySpan('2027-03-01', '2027-03-03', 10)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03']);
    expect(daySpan('2027-03-03', '2027-03-01', 10)).toBeNull();
    expect(daySpan('2027-03-01', '2027-03-11', 10)).toBeNull();
    expect(daySpan('2027-03-01', '2027-03-10', 10)).toHaveLength(10);
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
  it('from a quote or a booking request, to booked', () => {
    expect(moveRefusal('book', { ...facts, status: 'quoted' }, '2027-03-01')).toBeNull();
    expect(moveRefusal('book', { ...facts, status: 'booking_requested' }, '2027-03-01')).toBeNull();
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
