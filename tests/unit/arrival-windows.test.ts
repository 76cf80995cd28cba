/** Arrival windows as the owner types them and as customers read them (issue 40 item 7); expected words worked by hand. */
import { describe, expect, it } from 'vitest';
import { arrivalWindowKey, arrivalWindowLabel, isArrivalWindowKey, sortArrivalWindows } from '../../src/lib/office/arrival-windows';
import { ARRIVAL_WINDOWS } from '../../src/lib/office/diary';

describe('arrival windows', () => {
  it('read the first four as the diary always wrote them', () => {
    for (const [key, label] of Object.entries(ARRIVAL_WINDOWS)) expect(arrivalWindowLabel(key), key).toBe(label);
  });

  it('read any other window in the same words', () => {
    expect(arrivalWindowLabel('07:30-09:30')).toBe('7:30–9:30 am');
    expect(arrivalWindowLabel('11-13')).toBe('11 am–1 pm');
    expect(arrivalWindowLabel('11:30-12:00')).toBe('11:30 am–12 noon');
    expect(arrivalWindowLabel('16-18')).toBe('4–6 pm');
    // Not a key: shown as stored.
    expect(arrivalWindowLabel('morning')).toBe('morning');
  });

  it('take what the owner types, one window a line, as its key', () => {
    expect(arrivalWindowKey('8-10')).toBe('08-10');
    expect(arrivalWindowKey('08:00 - 10:00')).toBe('08-10');
    expect(arrivalWindowKey('7.30 to 9.30')).toBe('07:30-09:30');
    expect(arrivalWindowKey('13:00–15:00')).toBe('13-15');
    expect(arrivalWindowKey('10-8')).toBeNull();
    expect(arrivalWindowKey('9-9')).toBeNull();
    expect(arrivalWindowKey('25-26')).toBeNull();
    expect(arrivalWindowKey('8:75-10')).toBeNull();
    expect(arrivalWindowKey('morning')).toBeNull();
  });

  it('know a stored key only in its one spelling, and sort earliest first', () => {
    expect(isArrivalWindowKey('08-10')).toBe(true);
    expect(isArrivalWindowKey('07:30-09:30')).toBe(true);
    expect(isArrivalWindowKey('08:00-10:00')).toBe(false);
    expect(isArrivalWindowKey('10-08')).toBe(false);
    expect(sortArrivalWindows(['14-16', '07:30-09:30', '10-12'])).toEqual(['07:30-09:30', '10-12', '14-16']);
  });
});
