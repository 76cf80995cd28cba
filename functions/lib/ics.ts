/** An iCalendar file (RFC 5545) with one all-day event: a date, not an instant, so no time zone can shift it. */
import { addDays, UK_TIME_ZONE } from '~/lib/dates';

export interface AllDayEvent {
  uid: string;
  /** `YYYY-MM-DD` */
  date: string;
  summary: string;
  description: string;
  stamp: Date;
  /** TENTATIVE until booked; CANCELLED makes a calendar that already holds the event (same UID) drop or strike it. */
  status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** Higher for each revision, so a calendar takes this file over the copy it already has (RFC 5545, 3.8.7.4). */
  sequence?: number;
}

const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

const basicDate = (date: string) => date.replaceAll('-', '');
const basicUtc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74; // a continuation line starts with its space
    if (encoder.encode(current + char).length > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarFile(event: AllDayEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-TIMEZONE:${UK_TIME_ZONE}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${basicUtc(event.stamp)}`,
    ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
    `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
    // An all-day event ends (exclusively) the next day.
    `DTEND;VALUE=DATE:${basicDate(addDays(event.date, 1))}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    ...(event.status ? [`STATUS:${event.status}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
