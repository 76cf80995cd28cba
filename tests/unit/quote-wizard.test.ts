import { describe, expect, it } from 'vitest';
import { parseTypedDate, TYPED_DATE_MESSAGES, fromDate, toDate, toTyped } from '~/islands/quote-wizard/dates';
import { findService, quoteHref, quoteServices } from '~/data/services';
import { prefillFromQuery, readCarried } from '~/islands/quote-wizard/prefill';
import { furthestStep, readEntry } from '~/islands/quote-wizard/step-history';
import { EMPTY_ANSWERS } from '~/islands/quote-wizard/store';
import { pricingSignature } from '~/islands/quote-wizard/pricing-runner';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('typed move dates (dd/mm/yyyy)', () => {
  it('reads a real future date, with or without leading zeros', () => {
    expect(parseTypedDate('28/11/2026', NOW)).toEqual({ ok: true, value: '2026-11-28' });
    expect(parseTypedDate('1/2/2027', NOW)).toEqual({ ok: true, value: '2027-02-01' });
    expect(parseTypedDate('23/11/2026', NOW)).toEqual({ ok: true, value: '2026-11-23' });
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

describe('prefill from /quote?service=&from=&to=&details=', () => {
  it('puts the postcodes in the route, the size the service suggests on step 1, and service + details in Additional Information', () => {
    expect(prefillFromQuery('?from=SW1A%201AA&to=M1%201AE&service=courier&details=Two%20boxes')).toEqual({
      answers: {
        fromPostcode: 'SW1A 1AA',
        toPostcode: 'M1 1AE',
        propertyId: 'mini',
        additionalInfo: 'Service: Courier van\nTwo boxes',
      },
      request: { service: 'courier', details: 'Two boxes', from: 'SW1A 1AA', to: 'M1 1AE' },
    });
  });
  it('preselects a size only where the service table suggests one', () => {
    for (const service of quoteServices) {
      const prefill = prefillFromQuery(`?service=${service.value}`)!;
      expect(prefill.answers.propertyId, service.value).toBe(service.suggestedSize?.id);
      expect(prefill.answers.additionalInfo).toBe(`Service: ${service.label}`);
    }
    expect(quoteServices.filter((s) => s.suggestedSize).map((s) => s.value)).toEqual(['furniture-moving', 'parcel', 'courier', 'student']);
  });
  it('keeps a service it does not know as text, and picks no size for it', () => {
    expect(prefillFromQuery('?service=%20hot%20%20tub%20')).toEqual({
      answers: { additionalInfo: 'Service: hot tub' },
      request: { service: 'hot tub', details: '', from: '', to: '' },
    });
  });
  it('ignores empty and unknown parameters', () => {
    expect(prefillFromQuery('?from=&utm_source=x')).toBeUndefined();
  });
  it('reads a saved request back only when it has the right shape', () => {
    const request = { service: 'parcel', details: 'A box', from: 'M1 1AE', to: '' };
    expect(readCarried(request)).toEqual(request);
    expect(readCarried({ ...request, from: 3 })).toBeNull();
    expect(readCarried('parcel')).toBeNull();
    expect(readCarried(null)).toBeNull();
  });
});

describe('service links', () => {
  it('every service has a page and a quote link the wizard understands', () => {
    expect(new Set(quoteServices.map((s) => s.value)).size).toBe(quoteServices.length);
    for (const service of quoteServices) {
      expect(service.page).toMatch(/^\/services\/[a-z-]+(#[a-z-]+)?$/);
      const href = new URL(quoteHref(service.value), 'https://shiftly.example');
      expect(href.pathname).toBe('/quote');
      expect(findService(href.searchParams.get('service'))).toBe(service);
    }
  });
  it('only car transport has no instant price', () => {
    expect(quoteServices.filter((s) => s.callbackOffer).map((s) => s.value)).toEqual(['car-transport']);
  });
});

describe('steps in the browser history', () => {
  const state = {
    ...EMPTY_ANSWERS,
    step: 5 as const,
    idempotencyKey: '',
    keyBody: '',
    request: null,
    propertyId: 'studio',
    fromPostcode: 'SW1A 1AA',
    toPostcode: 'M1 1AE',
    moveDate: '2027-03-14',
  };
  const priced = { status: 'idle' } as const;
  it('never shows a step the answers cannot reach', () => {
    expect(furthestStep(state, priced)).toBe(5);
    expect(furthestStep({ ...state, moveDate: null }, priced)).toBe(4);
    expect(furthestStep({ ...state, toPostcode: ' ' }, priced)).toBe(3);
    expect(
      furthestStep(state, { status: 'error', signature: '', code: 'postcode_not_found', message: 'Postcode not found', field: 'from' }),
    ).toBe(3);
    expect(furthestStep({ ...state, propertyId: null }, priced)).toBe(1);
  });
  it("reads only the wizard's own entries", () => {
    expect(readEntry({ quoteStep: 3, pushed: true })).toEqual({ quoteStep: 3, pushed: true });
    expect(readEntry({ quoteStep: 2 })).toEqual({ quoteStep: 2, pushed: false });
    for (const other of [null, undefined, 'x', {}, { quoteStep: 0 }, { quoteStep: 6 }, { quoteStep: '3' }, { quoteStep: 2.5 }])
      expect(readEntry(other)).toBeNull();
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
