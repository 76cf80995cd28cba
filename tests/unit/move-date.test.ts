import { describe, expect, it } from 'vitest';
import { parseTypedDate, TYPED_DATE_MESSAGES } from '~/islands/quote-wizard/dates';
import { addMonths } from '~/lib/dates';
import { latestMoveDate, moveDateProblem } from '~/lib/move-date';
import { moveDateField } from '~/lib/schemas';

describe('addMonths', () => {
  it('keeps the day of the month, or takes the month’s last day', () => {
    expect(addMonths('2026-11-22', 12)).toBe('2027-11-22');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-12-15', 2)).toBe('2027-02-15');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
  });
});

describe('the move-date rule', () => {
  const today = '2026-11-22';

  it('takes today up to the same day 12 months ahead', () => {
    expect(latestMoveDate(today)).toBe('2027-11-22');
    for (const date of [today, '2026-11-23', '2027-06-01', '2027-11-22']) expect(moveDateProblem(date, today), date).toBeNull();
  });

  it('names the reason for anything else', () => {
    expect(moveDateProblem('2026-11-21', today)?.reason).toBe('past');
    expect(moveDateProblem('2027-11-23', today)).toEqual({
      reason: 'too_far',
      message: 'We take bookings up to 12 months ahead. Please choose a date on or before Monday 22 November 2027.',
    });
    expect(moveDateProblem('9999-12-31', today)?.reason).toBe('too_far');
    for (const text of ['2027-02-30', '22/11/2026', '', '+010000-01-01'])
      expect(moveDateProblem(text, today)?.reason, text).toBe('not_a_date');
  });

  it('is the rule of the shared schema and of the wizard’s typed date', () => {
    expect(moveDateField.safeParse('9999-12-31').error?.issues[0]?.message).toMatch(/^We take bookings up to 12 months ahead/);
    const now = new Date('2026-11-22T10:00:00Z');
    expect(parseTypedDate('22/11/2027', now)).toEqual({ ok: true, value: '2027-11-22' });
    expect(parseTypedDate('23/11/2027', now)).toEqual({ ok: false, message: moveDateProblem('2027-11-23', today)!.message });
    expect(parseTypedDate('21/11/2026', now)).toEqual({ ok: false, message: TYPED_DATE_MESSAGES.past });
  });
});
