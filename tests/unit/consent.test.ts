import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_MS, CONSENT_VERSION, parseConsent } from '~/scripts/consent';

const now = Date.parse('2026-06-01T12:00:00Z');
const record = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    essential: true,
    analytics: true,
    functional: false,
    marketing: false,
    version: CONSENT_VERSION,
    timestamp: '2026-05-01T12:00:00Z',
    ...overrides,
  });

describe('parseConsent', () => {
  it('accepts a current record and keeps its choices', () => {
    expect(parseConsent(record(), now)).toMatchObject({ essential: true, analytics: true, functional: false, marketing: false });
  });

  it('asks again when there is no record, it is unreadable, from another version, or older than 12 months', () => {
    expect(parseConsent(null, now)).toBeNull();
    expect(parseConsent('{not json', now)).toBeNull();
    expect(parseConsent(record({ version: CONSENT_VERSION + 1 }), now)).toBeNull();
    expect(parseConsent(record({ timestamp: 'yesterday' }), now)).toBeNull();
    const expired = new Date(now - CONSENT_MAX_AGE_MS - 1000).toISOString();
    expect(parseConsent(record({ timestamp: expired }), now)).toBeNull();
  });

  it('never lets a stored record switch essential off or smuggle in non-booleans', () => {
    expect(parseConsent(record({ essential: false, marketing: 'yes' }), now)).toMatchObject({ essential: true, marketing: false });
  });
});
