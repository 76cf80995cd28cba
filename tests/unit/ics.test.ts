/** The .ics file behind 'Add to calendar': one all-day event, RFC 5545 escaping and line folding. */
import { describe, expect, it } from 'vitest';
import { calendarFile } from '../../functions/lib/ics';

const event = {
  uid: 'K7M2QX9PA@shiftly.example',
  date: '2027-03-13',
  summary: 'Moving day: Shiftly quote K7M2QX9PA',
  description:
    'From SW1A 1AA to M1 1AE, estimated £1,258; call 020 7946 0321\nor e-mail hello@shiftly.example, any day of the week, any time.',
  stamp: new Date('2026-11-23T09:30:05.123Z'),
};

describe('calendarFile', () => {
  const ics = calendarFile(event, '-//Shiftly//Quote//EN');
  const lines = ics.split('\r\n');

  it('is one all-day event on the move date (ending, exclusively, the next day) in a calendar named for Europe/London', () => {
    expect(lines.slice(0, 7)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Shiftly//Quote//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-TIMEZONE:Europe/London',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('DTSTART;VALUE=DATE:20270313');
    expect(lines).toContain('DTEND;VALUE=DATE:20270314');
    expect(lines).toContain('DTSTAMP:20261123T093005Z');
    expect(lines).toContain('UID:K7M2QX9PA@shiftly.example');
    expect(lines).toContain('SUMMARY:Moving day: Shiftly quote K7M2QX9PA');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes commas, semicolons and line breaks, and folds lines at 75 octets without splitting a character', () => {
    const encoder = new TextEncoder();
    for (const line of lines) expect(encoder.encode(line).length, line).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'DESCRIPTION:From SW1A 1AA to M1 1AE\\, estimated £1\\,258\\; call 020 7946 0321\\nor e-mail hello@shiftly.example\\, any day of the week\\, any time.',
    );
  });

  it('says a revision and its status only when given, so a calendar replaces its copy and strikes a cancelled move', () => {
    expect(lines.some((line) => /^(STATUS|SEQUENCE):/.test(line))).toBe(false);
    const cancelled = calendarFile({ ...event, status: 'CANCELLED', sequence: 3 }, 'x').split('\r\n');
    expect(cancelled).toContain('STATUS:CANCELLED');
    expect(cancelled).toContain('SEQUENCE:3');
    expect(cancelled.indexOf('SEQUENCE:3')).toBeLessThan(cancelled.indexOf('END:VEVENT'));
  });

  it('crosses a month and a year end', () => {
    expect(calendarFile({ ...event, date: '2027-12-31' }, 'x')).toContain('DTEND;VALUE=DATE:20280101\r\n');
  });
});
