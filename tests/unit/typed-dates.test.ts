/**
 * Dates typed in the British way are read wherever a date is typed (issue 41 item 6): dd/mm/yyyy, d/m/yyyy and dd/mm/yy
 * ("18/12/26" is 18 December 2026), as well as what a date field posts (`YYYY-MM-DD`); anything else is refused.
 */
import { describe, expect, it } from 'vitest';
import { formatDayMonth, formatLongDate, fromTypedDate, readDate } from '~/lib/dates';
import { daysOffSchema } from '~/lib/office/diary-forms';
import { readLeadFilters } from '~/lib/office/leads';
import { manageSchema } from '~/lib/manage-move';

describe('a typed date', () => {
  it('reads day, month, year with a year of four digits or two', () => {
    expect(readDate('18/12/26')).toBe('2026-12-18');
    expect(readDate('18/12/2026')).toBe('2026-12-18');
    expect(readDate('8/1/2027')).toBe('2027-01-08');
    expect(readDate('08/01/27')).toBe('2027-01-08');
    expect(readDate('2027-01-08')).toBe('2027-01-08');
  });

  it('refuses a day that does not exist, American order past the 12th, and words', () => {
    expect(readDate('31/02/27')).toBeNull();
    expect(readDate('12/31/2026')).toBeNull();
    expect(readDate('next Friday')).toBeNull();
    expect(readDate('')).toBeNull();
    expect(fromTypedDate('1/2/3')).toBeNull();
  });

  it('is said back in British form, never "December 18th"', () => {
    expect(formatLongDate('2026-12-18')).toBe('Friday 18 December 2026');
    expect(formatDayMonth('2026-12-18')).toBe('Friday 18 December');
  });
});

describe('every form that takes a typed date reads it', () => {
  it('the office’s days off', () => {
    const parsed = daysOffSchema.parse({ action: 'add-day-off', who: 'crew:3', firstDay: '18/12/26', lastDay: '2/1/2027', reason: '' });
    expect(parsed).toMatchObject({ firstDay: '2026-12-18', lastDay: '2027-01-02', who: { resource: 'crew', id: 3 } });
  });

  it('the office’s lead filters', () => {
    expect(readLeadFilters(new URLSearchParams({ from: '1/12/26', to: '31/12/2026' }))).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('the move page’s new date', () => {
    expect(manageSchema.safeParse({ action: 'date', moveDate: '18/12/26' }).data).toMatchObject({ moveDate: '2026-12-18' });
  });
});
