import { describe, expect, it } from 'vitest';
import { parseTypedDate, TYPED_DATE_MESSAGES } from '~/islands/quote-wizard/dates';
import { addMonths } from '~/lib/dates';
import { earliestMoveDate, latestMoveDate, MOVE_DATE_MESSAGES, moveDateProblem, shortNoticeNote } from '~/lib/move-date';
import { site } from '~/site.config';
import { moveDateField } from '~/lib/schemas';
import { FULL_DAY_MESSAGE } from '~/lib/office/diary';

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

  it('takes tomorrow up to the same day 12 months ahead', () => {
    expect(earliestMoveDate(today)).toBe('2026-11-23');
    expect(latestMoveDate(today)).toBe('2027-11-22');
    for (const date of ['2026-11-23', '2027-06-01', '2027-11-22']) expect(moveDateProblem(date, today), date).toBeNull();
  });

  it('refuses the bank holidays of England and Wales (GOV.UK), substitute days included', () => {
    // Monday 28 December 2026 is Boxing Day's substitute day (the 26th is a Saturday); Good Friday and Easter Monday 2027.
    expect(moveDateProblem('2026-12-28', today)).toEqual({
      reason: 'closed',
      message: 'We are closed on Boxing Day (substitute day). Please choose another date.',
    });
    for (const date of ['2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30']) {
      expect(moveDateProblem(date, today)?.reason, date).toBe('closed');
    }
    // Scotland's St Andrew's Day is not the firm's.
    expect(moveDateProblem('2026-11-30', today)).toBeNull();
  });

  it('refuses today with the phone number, and 25 and 26 December and 1 January every year', () => {
    expect(moveDateProblem(today, today)).toEqual({ reason: 'today', message: MOVE_DATE_MESSAGES.today });
    expect(MOVE_DATE_MESSAGES.today).toContain(site.phone.display);
    for (const date of ['2026-12-25', '2026-12-26', '2027-01-01']) expect(moveDateProblem(date, today)?.reason, date).toBe('closed');
    expect(moveDateProblem('2026-12-25', today)?.message).toBe('We are closed on Christmas Day. Please choose another date.');
    for (const date of ['2026-12-24', '2026-12-27', '2026-12-31', '2027-01-02']) expect(moveDateProblem(date, today), date).toBeNull();
    // The evening before Christmas Eve, London time, after 4 pm: tomorrow is the 24th and bookable; the 25th is not.
    expect(moveDateProblem('2026-12-24', '2026-12-23')).toBeNull();
  });

  it('asks a next-day move to ring as well, with the number', () => {
    expect(shortNoticeNote('2026-11-23', today)).toContain(site.phone.display);
    expect(shortNoticeNote('2026-11-24', today)).toBeNull();
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
    expect(parseTypedDate('22/11/2026', now)).toEqual({ ok: false, message: MOVE_DATE_MESSAGES.today });
    expect(parseTypedDate('25/12/2026', now)).toEqual({ ok: false, message: moveDateProblem('2026-12-25', today)!.message });
  });

  it('reads dates typed as dd/mm/yy and d/m/yyyy (issue 41 item 6)', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(parseTypedDate('18/12/26', now)).toEqual({ ok: true, value: '2026-12-18' });
    expect(parseTypedDate('8/1/2027', now)).toEqual({ ok: true, value: '2027-01-08' });
    expect(parseTypedDate('8/1/27', now)).toEqual({ ok: true, value: '2027-01-08' });
    expect(parseTypedDate('18.12.2026', now)).toEqual({ ok: true, value: '2026-12-18' });
    expect(parseTypedDate('28/12/26', now)).toEqual({ ok: false, message: moveDateProblem('2026-12-28', today)!.message });
  });

  it('refuses a typed day the diary has no room on, with the calendar’s full-day message', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const full = new Map([['2026-12-18', FULL_DAY_MESSAGE]]);
    expect(parseTypedDate('18/12/26', now, full)).toEqual({ ok: false, message: FULL_DAY_MESSAGE });
    expect(FULL_DAY_MESSAGE).toMatch(/^We are fully booked on that day\./);
    expect(parseTypedDate('17/12/26', now, full)).toEqual({ ok: true, value: '2026-12-17' });
  });
});
