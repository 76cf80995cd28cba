/** The job sheet's pure rules (issue 33 item 5): when a link stops working, the arrival time, and what counts as a photo. */
import { describe, expect, it } from 'vitest';
import { londonDayStart } from '~/lib/dates';
import {
  isClockTime,
  jobSheetExpiresOn,
  jobSheetLastDay,
  jobSheetNotice,
  deliveryRefusal,
  movingDayRefusal,
  photoType,
  sheetDay,
  sheetDayNotice,
} from '~/lib/office/job-sheet';

describe('a job sheet link', () => {
  it('works to the end of the day after the move, UK time, in summer and in winter', () => {
    // Summer time: midnight in London is 23:00 UTC the evening before.
    expect(jobSheetLastDay('2027-07-10')).toBe('2027-07-11');
    expect(londonDayStart(jobSheetExpiresOn('2027-07-10')).toISOString()).toBe('2027-07-11T23:00:00.000Z');
    // Winter: London keeps UTC.
    expect(londonDayStart(jobSheetExpiresOn('2027-01-30')).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    // The clocks go forward on 28 March 2027 at 01:00 UTC: that day still begins at UTC midnight.
    expect(londonDayStart('2027-03-28').toISOString()).toBe('2027-03-28T00:00:00.000Z');
    // They go back on 31 October 2027: that day begins in summer time.
    expect(londonDayStart('2027-10-31').toISOString()).toBe('2027-10-30T23:00:00.000Z');
  });
});

describe('the arrival time', () => {
  it.each(['00:00', '09:30', '23:59'])('takes %s', (time) => expect(isClockTime(time)).toBe(true));
  it.each(['9:30', '24:00', '12:60', '12.30', '', '12:30 pm'])('refuses %j', (time) => expect(isClockTime(time)).toBe(false));
});

describe('a photo', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
  it('is known by its first bytes', () => {
    expect(photoType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(photoType(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('image/png');
    expect(photoType(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('image/webp');
    expect(photoType(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('image/heic');
    expect(photoType(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('image/heif');
  });
  it('is not a page or a script named .jpg', () => {
    expect(photoType(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(photoType(bytes([0, 0, 0, 24], 'ftypisom'))).toBeNull();
    expect(photoType(new Uint8Array())).toBeNull();
  });
});

it('shows a notice only for a report the sheet knows', () => {
  expect(jobSheetNotice('done')).toMatch(/marked as done/);
  expect(jobSheetNotice('constructor')).toBeUndefined();
  expect(jobSheetNotice('on_our_way_located')).toMatch(/worked out from your location.*not kept/);
  expect(jobSheetNotice('on_our_way_unplaced')).toMatch(/sent the customer the time you chose/);
  expect(jobSheetNotice('toString')).toBeUndefined();
  expect(jobSheetNotice(null)).toBeUndefined();
});

describe('the moving-day buttons', () => {
  // 5 March 2027 is a Friday.
  it('are for the move’s day only: the day before and the day after are other days', () => {
    expect(sheetDay('2027-03-05', '2027-03-04')).toBe('before');
    expect(sheetDay('2027-03-05', '2027-03-05')).toBe('day');
    expect(sheetDay('2027-03-05', '2027-03-06')).toBe('after');
    expect(movingDayRefusal('2027-03-05', '2027-03-05')).toBeNull();
    expect(sheetDayNotice('2027-03-05', '2027-03-05')).toBeNull();
  });

  it('say plainly when they appear, and refuse a post on another day', () => {
    expect(sheetDayNotice('2027-03-05', '2026-12-03')).toBe('The moving-day buttons appear on Friday 5 March 2027, the day of the move.');
    expect(movingDayRefusal('2027-03-05', '2027-03-04')).toBe(
      'Not yet: this move is on Friday 5 March 2027. The moving-day buttons work on that day only.',
    );
    expect(movingDayRefusal('2027-03-05', '2027-03-06')).toBe(
      'This move was on Friday 5 March 2027. The moving-day buttons worked on that day only.',
    );
  });

  it('take the delivery the day after too (past midnight), and nothing two days after', () => {
    expect(deliveryRefusal('2027-03-05', '2027-03-05')).toBeNull();
    expect(deliveryRefusal('2027-03-05', '2027-03-06')).toBeNull();
    expect(deliveryRefusal('2027-03-05', '2027-03-04')).toBe(
      'Not yet: this move is on Friday 5 March 2027. The moving-day buttons work on that day only.',
    );
    expect(deliveryRefusal('2027-03-05', '2027-03-07')).toBe(
      'This move was on Friday 5 March 2027. The delivery could be recorded until the end of the day after it.',
    );
    expect(sheetDayNotice('2027-03-05', '2027-03-07')).toBe(
      'The move was on Friday 5 March 2027: the moving-day buttons were for that day only. You can still mark the job done or report a problem.',
    );
  });
});
