/** How the office writes times: UK time, day and month in words, 24-hour clock (e.g. "26 Nov 2026, 21:40"). */
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));
