/** An estimate holds 28 days from the UK day it was priced (issue 19, item 5). */
import { describe, expect, it } from 'vitest';
import { ESTIMATE_VALID_DAYS, estimateHolds, validUntil, validUntilLine } from '~/lib/estimate-validity';

describe('estimate validity', () => {
  it('is 28 days, counted from the UK day', () => {
    expect(ESTIMATE_VALID_DAYS).toBe(28);
    expect(validUntil('2026-11-24T10:00:00.000Z')).toBe('2026-12-22');
    // 23:30 UTC on 31 May is already 1 June in London (summer time).
    expect(validUntil('2026-05-31T23:30:00.000Z')).toBe('2026-06-29');
  });

  it('holds through its last day and not after', () => {
    const priced = '2026-11-24T10:00:00.000Z';
    expect(estimateHolds(priced, '2026-11-24')).toBe(true);
    expect(estimateHolds(priced, '2026-12-22')).toBe(true);
    expect(estimateHolds(priced, '2026-12-23')).toBe(false);
  });

  it('says so in a sentence', () => {
    expect(validUntilLine('2026-11-24T10:00:00.000Z')).toBe('This estimate is valid until Tuesday 22 December 2026.');
  });
});
