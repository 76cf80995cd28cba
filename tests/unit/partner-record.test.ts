/**
 * A partner's record (issue 43 item 6): punctuality from the job sheet's taps, verified reviews, and the order offers go
 * in: fewest late give-backs, then most on time, then most jobs done, then earliest approved. Hand-made records; the
 * times are worked by hand in UK summer time (BST, UTC+1) for a move on Tuesday 15 June 2027.
 */
import { describe, expect, it } from 'vitest';
import { bestFirst, NO_RECORD, onTimeBy, punctuality, recordLines, type DoneJobFacts, type RankedPartner } from '~/lib/partners/offers';

const DAY = '2027-06-15';
const job = (facts: Partial<DoneJobFacts>): DoneJobFacts => ({
  moveDate: DAY,
  arrivalWindow: '08-10',
  onOurWayAt: null,
  eta: null,
  arrivedAt: null,
  rating: null,
  ...facts,
});

describe('punctuality', () => {
  it('is on time up to the end of the booked window, UK time', () => {
    // 10:00 BST is 09:00 UTC.
    expect(onTimeBy(job({}))?.toISOString()).toBe('2027-06-15T09:00:00.000Z');
    expect(onTimeBy(job({ arrivalWindow: '12:30-14:30' }))?.toISOString()).toBe('2027-06-15T13:30:00.000Z');
  });

  it('holds a move with no window to the first "On our way" estimate, and one with neither to nothing', () => {
    expect(onTimeBy(job({ arrivalWindow: null, eta: '09:10' }))?.toISOString()).toBe('2027-06-15T08:10:00.000Z');
    expect(onTimeBy(job({ arrivalWindow: null }))).toBeNull();
  });

  it('counts the jobs with On our way and arrival, those timed, those on time, and published reviews', () => {
    const record = punctuality([
      // On our way and arrived at 09:59 BST: on time.
      job({ onOurWayAt: '2027-06-15T07:30:00Z', eta: '09:10', arrivedAt: '2027-06-15T08:59:00Z', rating: 5 }),
      // Arrived 10:01 BST, no On our way tapped: timed, late, not tracked.
      job({ arrivedAt: '2027-06-15T09:01:00Z', rating: 4 }),
      // No window: the estimate 09:10 BST is the promise; arrived exactly then.
      job({ arrivalWindow: null, onOurWayAt: '2027-06-15T07:40:00Z', eta: '09:10', arrivedAt: '2027-06-15T08:10:00Z' }),
      // No arrival recorded: neither tracked nor timed.
      job({ onOurWayAt: '2027-06-15T07:40:00Z', eta: '09:00' }),
    ]);
    expect(record).toEqual({ tracked: 2, timed: 3, onTime: 2, reviews: 2, stars: 9 });
    expect(recordLines({ ...NO_RECORD, done: 4, givenBack: 1, givenBackLate: 1, ...record })).toEqual([
      'Jobs: 4 done, 1 given back (1 late)',
      // 2 of 3 is 66.7 %: shown as 66 %, never more than it was.
      'Punctuality: On our way and arrival recorded on 2 of 4 jobs done; on time 2 of 3 (66%)',
      'Verified reviews: 2, average 4.5 out of 5',
    ]);
  });

  it('says only the jobs of a partner with none done', () => {
    expect(recordLines(NO_RECORD)).toEqual(['Jobs: 0 done, 0 given back (0 late)', 'Verified reviews: none yet']);
  });
});

describe('offers go first to the best record', () => {
  const partner = (reference: string, approvedAt: string, record: Partial<typeof NO_RECORD>): RankedPartner => ({
    reference,
    approvedAt,
    record: { ...NO_RECORD, ...record },
  });

  it('orders by fewest late give-backs, then on-time share, then jobs done, then earliest approved', () => {
    const partners = [
      // A late give-back puts them last, whatever else they have done.
      partner('P-LATE', '2026-01-01T09:00:00Z', { done: 40, timed: 40, onTime: 40, givenBack: 1, givenBackLate: 1 }),
      // No timed arrivals: a share of 0, below any partner with one on time.
      partner('P-NEW', '2026-01-02T09:00:00Z', {}),
      // 9 of 10 on time (90 %) beats 4 of 5 (80 %) though they have done fewer jobs.
      partner('P-NINETY', '2026-03-01T09:00:00Z', { done: 10, timed: 10, onTime: 9 }),
      partner('P-EIGHTY', '2026-01-03T09:00:00Z', { done: 30, timed: 5, onTime: 4 }),
      // 80 % too, and more jobs done (and early give-backs do not count): before P-EIGHTY.
      partner('P-EIGHTY-MORE', '2026-05-01T09:00:00Z', { done: 31, timed: 10, onTime: 8, givenBack: 3 }),
      // Level with P-NEW on everything but approved earlier.
      partner('P-NEW-EARLIER', '2025-12-01T09:00:00Z', {}),
    ];
    expect([...partners].sort(bestFirst).map((each) => each.reference)).toEqual([
      'P-NINETY',
      'P-EIGHTY-MORE',
      'P-EIGHTY',
      'P-NEW-EARLIER',
      'P-NEW',
      'P-LATE',
    ]);
  });
});
