import { describe, expect, it } from 'vitest';
import { parseTypedDate, TYPED_DATE_MESSAGES, fromDate, toDate, toTyped } from '~/islands/quote-wizard/dates';
import { prefillFromQuery } from '~/islands/quote-wizard/prefill';
import { pricingSignature } from '~/islands/quote-wizard/pricing-runner';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('typed move dates (dd/mm/yyyy)', () => {
  it('reads a real future date, with or without leading zeros', () => {
    expect(parseTypedDate('28/11/2026', NOW)).toEqual({ ok: true, value: '2026-11-28' });
    expect(parseTypedDate('1/2/2027', NOW)).toEqual({ ok: true, value: '2027-02-01' });
    expect(parseTypedDate('22/11/2026', NOW)).toEqual({ ok: true, value: '2026-11-22' });
  });
  it('says what is wrong with anything else', () => {
    expect(parseTypedDate('2026-11-28', NOW)).toEqual({ ok: false, message: TYPED_DATE_MESSAGES.format });
    expect(parseTypedDate('30/02/2027', NOW)).toEqual({ ok: false, message: TYPED_DATE_MESSAGES.impossible });
    expect(parseTypedDate('21/11/2026', NOW)).toEqual({ ok: false, message: TYPED_DATE_MESSAGES.past });
  });
  it('round-trips between calendar days, answers and typed text', () => {
    expect(fromDate(toDate('2027-03-14'))).toBe('2027-03-14');
    expect(toTyped('2027-03-14')).toBe('14/03/2027');
  });
});

describe('prefill from /quote?from=&to=&service=&details=', () => {
  it('puts the postcodes in the route and service + details in Additional Information', () => {
    expect(prefillFromQuery('?from=SW1A%201AA&to=M1%201AE&service=courier&details=Two%20boxes')).toEqual({
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'M1 1AE',
      additionalInfo: 'Service: courier\nTwo boxes',
    });
  });
  it('ignores empty and unknown parameters', () => {
    expect(prefillFromQuery('?from=&utm_source=x')).toEqual({});
  });
});

describe('pricing signature', () => {
  const base = { propertyId: 'studio', fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE', furnitureIds: ['sofa', 'wardrobe'], moveDate: null };
  it('is null (idle) without a size or either postcode', () => {
    expect(pricingSignature({ ...base, propertyId: null })).toBeNull();
    expect(pricingSignature({ ...base, fromPostcode: '  ' })).toBeNull();
    expect(pricingSignature({ ...base, toPostcode: '' })).toBeNull();
  });
  it('changes with what the price depends on, not with the order furniture was picked', () => {
    expect(pricingSignature(base)).toBe(pricingSignature({ ...base, furnitureIds: ['wardrobe', 'sofa'] }));
    expect(pricingSignature(base)).not.toBe(pricingSignature({ ...base, moveDate: '2026-11-28' }));
    expect(pricingSignature(base)).not.toBe(pricingSignature({ ...base, propertyId: 'mini' }));
  });
});
