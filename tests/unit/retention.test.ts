import { describe, expect, it } from 'vitest';
import { RETENTION_MONTHS, retentionCutoff } from '../../functions/cron';
import { canonicalJson } from '../../functions/lib/hash';
import { headerSafe } from '../../functions/lib/escape';

describe('retention', () => {
  it('keeps records for 24 months', () => {
    expect(RETENTION_MONTHS).toBe(24);
    expect(retentionCutoff(new Date('2026-11-22T10:00:00.000Z'))).toBe('2024-11-22T10:00:00.000Z');
  });
});

describe('e-mail safety helpers', () => {
  it('strips CR/LF from header values (e-mail HTML is escaped by React: email-draft.test.ts)', () => {
    expect(headerSafe('Hello\r\nBcc: someone@example.com')).toBe('Hello Bcc: someone@example.com');
    expect(headerSafe('x'.repeat(500))).toHaveLength(200);
  });
  it('hashes bodies independently of key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  });
});
