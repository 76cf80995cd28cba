/** The quote form without JavaScript: the shared fields as a browser posts them (blank strings, one box as a string). */
import { describe, expect, it } from 'vitest';
import { fromTypedDate } from '~/lib/dates';
import { quoteFormSchema } from '~/lib/quote-form-schema';
import { fieldErrors } from '~/lib/schemas';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import { openDay } from '../shared/dates';

const inAWeek = openDay(7);

const errors = (value: unknown) => {
  const result = quoteFormSchema.safeParse(value);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
};

describe('quote form schema', () => {
  it("'Check my price' asks only for what the price needs, in plain words for empty postcodes", () => {
    expect(errors({ ...BLANK_QUOTE_FORM, action: 'price' })).toEqual({
      propertyId: 'Please choose a property size.',
      fromPostcode: 'Enter the postcode you are moving from.',
      toPostcode: 'Enter the postcode you are moving to.',
    });
  });

  it('reads one furniture box as a list, a date typed as dd/mm/yyyy, and leaves a blank date out', () => {
    const typed = inAWeek.split('-').reverse().join('/');
    const parsed = quoteFormSchema.parse({
      ...BLANK_QUOTE_FORM,
      action: 'price',
      propertyId: 'two-bed',
      furnitureIds: 'sofa',
      fromPostcode: '12 high st sw1a1aa',
      toPostcode: 'M1 1AE',
      moveDate: typed,
    });
    expect(parsed).toMatchObject({ furnitureIds: ['sofa'], fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE', moveDate: inAWeek });
    expect(
      quoteFormSchema.parse({ ...BLANK_QUOTE_FORM, action: 'price', propertyId: 'mini', fromPostcode: 'M1 1AE', toPostcode: 'M1 1AE' }),
    ).toMatchObject({ furnitureIds: [], moveDate: undefined });
    expect(fromTypedDate('1/2/2030')).toBe('2030-02-01');
    expect(fromTypedDate('18/12/26')).toBe('2026-12-18');
    expect(fromTypedDate(' 18 / 12 / 2026 ')).toBe('2026-12-18');
    expect(fromTypedDate('18-12-26')).toBe('2026-12-18');
    expect(fromTypedDate('18/12/202')).toBeNull();
    expect(fromTypedDate('2030-02-01')).toBeNull();
  });

  it("'Submit Quote Request' checks every field with the wizard's messages", () => {
    expect(errors({ ...BLANK_QUOTE_FORM, action: 'submit', furnitureIds: ['sofa', 'piano'], promoCode: 'HALF' })).toEqual({
      propertyId: 'Please choose a property size.',
      furnitureIds: 'Unknown furniture item: piano',
      fromPostcode: 'Enter the postcode you are moving from.',
      toPostcode: 'Enter the postcode you are moving to.',
      moveDate: 'Please choose a move date.',
      name: 'Please enter your full name.',
      email: 'Please enter your email address.',
      phone: 'Please enter your phone number.',
      promoCode: 'This promo code is not recognised.',
    });
  });

  it('accepts a complete form; blank optional fields are left out', () => {
    const parsed = quoteFormSchema.parse({
      ...BLANK_QUOTE_FORM,
      action: 'submit',
      propertyId: 'studio',
      furnitureIds: ['sofa', 'wardrobe'],
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'M1 1AE',
      moveDate: inAWeek,
      name: ' Ada Lovelace ',
      email: 'ada@example.com',
      phone: '07700 900123',
      promoCode: 'firstmove10',
    });
    expect(parsed).toMatchObject({ action: 'submit', name: 'Ada Lovelace', promoCode: 'FIRSTMOVE10', furnitureIds: ['sofa', 'wardrobe'] });
    expect(parsed).not.toHaveProperty('additionalInfo', expect.anything());
    expect(parsed.action === 'submit' && parsed.idempotencyKey).toBeUndefined();
  });

  it('names a missing or unknown button', () => {
    expect(errors({ ...BLANK_QUOTE_FORM, action: 'buy' })).toEqual({ action: 'Please use one of the buttons on the form.' });
    expect(errors(BLANK_QUOTE_FORM)).toEqual({ action: 'Please use one of the buttons on the form.' });
  });
});
