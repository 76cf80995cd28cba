/**
 * Day-of-move texts (issue 44 item 4) fit one GSM-7 segment (160 septets) with realistic long values: a firm's full
 * trading name, a long hyphenated first name, a long crew lead's name, the latest times and the widest arrival window.
 */
import { describe, expect, it } from 'vitest';
import { smsLength } from '~/lib/sms-segments';
import { moveText, STOP_LINE, type TextedEvent } from '~/lib/sms-texts';
import { ukMobile } from '~/lib/texts-consent';

const LONG = { firm: 'Shiftly Removals and Storage Limited', firstName: 'Anne-Marguerite' };
const CREW = 'Christopherson';

const EVENTS: TextedEvent[] = [
  { kind: 'crew_on_way', crew: CREW, eta: '23:45' },
  { kind: 'crew_late', crew: CREW, eta: '23:45' },
  { kind: 'late_said', eta: '23:45' },
  { kind: 'late_said', window: '10-12' },
  { kind: 'late_said', window: '11-13' },
  // The longest weekday and month together (Wednesday 29 September), and the longest window the owner can set.
  { kind: 'new_crew', crew: CREW, moveDate: '2027-09-29', window: '10:30-12:30' },
  { kind: 'new_crew', crew: CREW, moveDate: '2027-09-29' },
];

describe('day-of-move texts', () => {
  it.each(EVENTS)('$kind fits one GSM-7 segment with long names', (event) => {
    const text = moveText(LONG, event);
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(text.endsWith(STOP_LINE)).toBe(true);
  });

  it('says the time, and names the crew, as written', () => {
    expect(moveText({ firm: 'Shiftly', firstName: 'Nia' }, { kind: 'crew_on_way', crew: 'Samira', eta: '08:35' })).toBe(
      'Shiftly: Nia, your crew (Samira) are on the way and expect to arrive at about 08:35. Reply STOP to end texts.',
    );
    // The window's en dash becomes a hyphen, so the text stays GSM-7.
    expect(moveText({ firm: 'Shiftly', firstName: 'Nia' }, { kind: 'late_said', window: '08-10' })).toBe(
      'Shiftly: Nia, your arrival window (8-10 am) has started and your crew have not set off. Our office is on it. Reply STOP to end texts.',
    );
  });

  it('says a new crew by the day and window, the lead by first name', () => {
    expect(
      moveText({ firm: 'Shiftly', firstName: 'Nia' }, { kind: 'new_crew', crew: 'Uma', moveDate: '2027-03-05', window: '08-10' }),
    ).toBe('Shiftly: Nia, your move on Friday 5 March has a new crew (Uma), arriving 8-10 am. Reply STOP to end texts.');
  });

  it('cuts a name too long for one segment, never the time', () => {
    const text = moveText({ firm: 'A'.repeat(80), firstName: 'B'.repeat(40) }, { kind: 'crew_late', crew: 'C'.repeat(40), eta: '12:05' });
    expect(smsLength(text).segments).toBe(1);
    expect(text).toContain('12:05');
  });
});

describe('ukMobile', () => {
  it('gives a UK mobile in E.164 however it was typed, and nothing for any other number', () => {
    expect(ukMobile('07700 900456')).toBe('+447700900456');
    expect(ukMobile('+44 (0)7700 900456')).toBe('+447700900456');
    expect(ukMobile('0044 7700-900-456')).toBe('+447700900456');
    expect(ukMobile('0161 496 0000')).toBeNull();
    expect(ukMobile('07700 90045')).toBeNull();
  });
});
