/**
 * The one table of UK bank holidays (issue 40 item 6, issue 41 item 6) and the closed days it gives. Every expected
 * date here is GOV.UK's (https://www.gov.uk/bank-holidays), read off its page by hand and checked against the weekday:
 * a substitute day is the Monday (or Tuesday) after a holiday that falls on a weekend.
 */
import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAY_YEARS, BANK_HOLIDAYS } from '~/data/bank-holidays';
import { closedDay, closedDayIn, FIRM_DIVISION, holidaysKnownFor } from '~/lib/closed-days';
import { dayOfWeek, londonToday } from '~/lib/dates';
import { latestMoveDate } from '~/lib/move-date';

const datesIn = (division: 'england-and-wales' | 'scotland' | 'northern-ireland', year: number) =>
  BANK_HOLIDAYS.filter((holiday) => holiday.divisions.includes(division) && holiday.date.startsWith(String(year))).map(
    (holiday) => holiday.date,
  );

describe('the table', () => {
  it('holds England and Wales’s eight bank holidays a year, 2026 to 2028', () => {
    expect(datesIn('england-and-wales', 2026)).toEqual([
      '2026-01-01', // New Year's Day, Thursday
      '2026-04-03', // Good Friday
      '2026-04-06', // Easter Monday
      '2026-05-04', // Early May
      '2026-05-25', // Spring
      '2026-08-31', // Summer
      '2026-12-25', // Christmas Day, Friday
      '2026-12-28', // Boxing Day falls on Saturday 26th: substitute Monday 28th
    ]);
    expect(datesIn('england-and-wales', 2027)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27', // Christmas Day falls on Saturday 25th: substitute Monday 27th
      '2027-12-28', // Boxing Day falls on Sunday 26th: substitute Tuesday 28th
    ]);
    expect(datesIn('england-and-wales', 2028)).toEqual([
      '2028-01-03', // New Year's Day falls on Saturday 1st: substitute Monday 3rd
      '2028-04-14',
      '2028-04-17',
      '2028-05-01',
      '2028-05-29',
      '2028-08-28',
      '2028-12-25',
      '2028-12-26',
    ]);
  });

  it('holds Scotland’s: 2 January, no Easter Monday, summer in early August, St Andrew’s Day, and the 2026 World Cup day', () => {
    expect(datesIn('scotland', 2026)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-05-04',
      '2026-05-25',
      '2026-06-15',
      '2026-08-03',
      '2026-11-30',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect(datesIn('scotland', 2027)).toEqual([
      '2027-01-01',
      '2027-01-04', // 2 January is a Saturday: substitute Monday 4th
      '2027-03-26',
      '2027-05-03',
      '2027-05-31',
      '2027-08-02',
      '2027-11-30',
      '2027-12-27',
      '2027-12-28',
    ]);
    expect(datesIn('scotland', 2028)).toEqual([
      '2028-01-03',
      '2028-01-04', // 1 and 2 January are a weekend: substitutes Monday 3rd and Tuesday 4th
      '2028-04-14',
      '2028-05-01',
      '2028-05-29',
      '2028-08-07',
      '2028-11-30',
      '2028-12-25',
      '2028-12-26',
    ]);
  });

  it('holds Northern Ireland’s: St Patrick’s Day and the Battle of the Boyne', () => {
    expect(datesIn('northern-ireland', 2026)).toEqual([
      '2026-01-01',
      '2026-03-17',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-07-13', // 12 July is a Sunday: substitute Monday 13th
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect(datesIn('northern-ireland', 2027)).toHaveLength(10);
    expect(datesIn('northern-ireland', 2027)).toContain('2027-07-12');
    expect(datesIn('northern-ireland', 2028)).toEqual([
      '2028-01-03',
      '2028-03-17',
      '2028-04-14',
      '2028-04-17',
      '2028-05-01',
      '2028-05-29',
      '2028-07-12',
      '2028-08-28',
      '2028-12-25',
      '2028-12-26',
    ]);
  });

  it('is in date order, each date once, every substitute day a weekday', () => {
    const dates = BANK_HOLIDAYS.map((holiday) => holiday.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    for (const holiday of BANK_HOLIDAYS) {
      expect([0, 6], holiday.date).not.toContain(dayOfWeek(holiday.date));
      expect(holiday.divisions.length, holiday.date).toBeGreaterThan(0);
    }
    expect(BANK_HOLIDAYS.filter((holiday) => holiday.substitute).map((holiday) => holiday.date)).toEqual([
      '2026-07-13',
      '2026-12-28',
      '2027-01-04',
      '2027-12-27',
      '2027-12-28',
      '2028-01-03',
      '2028-01-04',
    ]);
  });

  it('covers every day a move can be booked for today; add GOV.UK’s next year before it does not', () => {
    const latest = latestMoveDate(londonToday());
    expect(holidaysKnownFor(latest), `bookings reach ${latest}: add ${latest.slice(0, 4)} from GOV.UK to src/data/bank-holidays.ts`).toBe(
      true,
    );
    expect(BANK_HOLIDAY_YEARS).toEqual({ first: 2026, last: 2028 });
  });
});

describe('closed days', () => {
  it('are England and Wales’s for the firm, which works from London', () => {
    expect(FIRM_DIVISION).toBe('england-and-wales');
    expect(closedDay('2026-12-25')).toBe('Christmas Day');
    expect(closedDay('2026-12-28')).toBe('Boxing Day (substitute day)');
    expect(closedDay('2027-03-29')).toBe('Easter Monday');
    expect(closedDay('2026-08-31')).toBe('Summer bank holiday');
    // Scotland's and Northern Ireland's own days are open for the firm.
    expect(closedDay('2026-11-30')).toBeUndefined();
    expect(closedDay('2026-08-03')).toBeUndefined();
    expect(closedDay('2026-03-17')).toBeUndefined();
    expect(closedDay('2026-06-15')).toBeUndefined();
  });

  it('include Christmas Day, Boxing Day and New Year’s Day themselves on a weekend', () => {
    // Saturday 26 December 2026 (its bank holiday is Monday 28th), and the weekend of 25 and 26 December 2027.
    expect(closedDay('2026-12-26')).toBe('Boxing Day');
    expect(closedDay('2027-12-25')).toBe('Christmas Day');
    expect(closedDay('2027-12-26')).toBe('Boxing Day');
    expect(closedDay('2027-12-27')).toBe('Christmas Day (substitute day)');
    expect(closedDay('2028-01-01')).toBe('New Year’s Day');
    expect(closedDay('2028-01-03')).toBe('New Year’s Day (substitute day)');
    // Past the table, those three days are still closed.
    expect(closedDay('2029-12-25')).toBe('Christmas Day');
    expect(closedDay('2029-08-27')).toBeUndefined();
  });

  it('are open on ordinary days around the holidays', () => {
    for (const date of ['2026-12-24', '2026-12-29', '2026-12-31', '2027-01-02', '2027-03-25', '2027-03-30']) {
      expect(closedDay(date), date).toBeUndefined();
    }
  });

  it('can be read for the other lists', () => {
    expect(closedDayIn('scotland')('2026-11-30')).toBe('St Andrew’s Day');
    expect(closedDayIn('scotland')('2027-03-29')).toBeUndefined();
    expect(closedDayIn('northern-ireland')('2026-07-13')).toBe('Battle of the Boyne (Orangemen’s Day) (substitute day)');
  });
});
