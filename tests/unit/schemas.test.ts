import { describe, expect, it } from 'vitest';
import { callbackSchema, contactSchema, fieldErrors, isHoneypotFilled, quoteRequestSchema } from '~/lib/schemas';
import { addDays, formatLongDate, isCalendarDate, isWeekend, londonToday } from '~/lib/dates';
import { generateReference, isReference, REFERENCE_ALPHABET } from '~/lib/reference';
import { MOVE_DATE_MESSAGES } from '~/lib/move-date';

const today = londonToday();

const validQuote = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  propertyId: 'studio',
  furnitureIds: ['sofa'],
  fromPostcode: '12 High St, sw1a1aa',
  toPostcode: 'M1 1AE',
  moveDate: addDays(today, 7),
  clientEstimate: { total: 700, distance: 163 },
  idempotencyKey: 'abc12345-key',
});

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return fieldErrors(result.error as never);
}

describe('quote request schema', () => {
  it('accepts a valid request and normalises the postcodes', () => {
    const parsed = quoteRequestSchema.parse(validQuote());
    expect(parsed.fromPostcode).toBe('SW1A 1AA');
    expect(parsed.toPostcode).toBe('M1 1AE');
    expect(parsed.promoCode).toBeUndefined();
  });

  it('uses the spec postcode messages', () => {
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), fromPostcode: 'nowhere', toPostcode: 'X' })).toMatchObject({
      fromPostcode: "Invalid 'from' postcode format",
      toPostcode: "Invalid 'to' postcode format",
    });
  });

  it('enforces lengths and formats', () => {
    const fields = errorsOf(quoteRequestSchema, {
      ...validQuote(),
      name: 'x'.repeat(101),
      email: `${'a'.repeat(250)}@example.com`,
      phone: '12345',
      additionalInfo: 'y'.repeat(2001),
      propertyId: 'castle',
      furnitureIds: ['piano'],
    });
    expect(Object.keys(fields).sort()).toEqual(['additionalInfo', 'email', 'furnitureIds', 'name', 'phone', 'propertyId']);
    expect(fields.propertyId).toBe('Please choose a property size.');
  });

  it('rejects whitespace-only names and non-phone characters', () => {
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), name: '   ' }).name).toBe('Please enter your full name.');
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), phone: '0770 090 012a' }).phone).toMatch(/digits, spaces/);
    expect(quoteRequestSchema.safeParse({ ...validQuote(), phone: '+44 (0)20 7946-0321' }).success).toBe(true);
  });

  it('accepts tomorrow but not today or yesterday (Europe/London), no closed day and no impossible dates', () => {
    expect(quoteRequestSchema.safeParse({ ...validQuote(), moveDate: addDays(today, 1) }).success).toBe(true);
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), moveDate: today }).moveDate).toBe(MOVE_DATE_MESSAGES.today);
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), moveDate: addDays(today, -1) }).moveDate).toBe(
      'That date has passed. Please choose tomorrow or a later date.',
    );
    const christmas = `${Number(today.slice(0, 4)) + (today.slice(5) >= '12-25' ? 1 : 0)}-12-25`;
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), moveDate: christmas }).moveDate).toBe(
      'We are closed on Christmas Day. Please choose another date.',
    );
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), moveDate: '2031-02-30' }).moveDate).toBe('Please choose a move date.');
  });

  it('knows FIRSTMOVE10 in any case and rejects other codes', () => {
    expect(quoteRequestSchema.parse({ ...validQuote(), promoCode: ' firstmove10 ' }).promoCode).toBe('FIRSTMOVE10');
    expect(quoteRequestSchema.parse({ ...validQuote(), promoCode: '' }).promoCode).toBeUndefined();
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), promoCode: 'FREEMOVE' }).promoCode).toBe('This promo code is not recognised.');
  });

  it('rejects duplicate furniture and a missing idempotency key', () => {
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), furnitureIds: ['sofa', 'sofa'] }).furnitureIds).toBeDefined();
    expect(errorsOf(quoteRequestSchema, { ...validQuote(), idempotencyKey: undefined }).idempotencyKey).toBeDefined();
  });
});

describe('contact and call-back schemas', () => {
  const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'booking', message: 'Hello' };
  it('accepts a contact message with or without a phone', () => {
    expect(contactSchema.safeParse(contact).success).toBe(true);
    expect(contactSchema.safeParse({ ...contact, phone: '' }).success).toBe(true);
    expect(contactSchema.safeParse({ ...contact, phone: '020 7946 0321' }).success).toBe(true);
  });
  it('requires first name, last name, email, subject and message', () => {
    expect(Object.keys(errorsOf(contactSchema, {})).sort()).toEqual(['email', 'firstName', 'lastName', 'message', 'subject']);
    expect(errorsOf(contactSchema, { ...contact, message: 'm'.repeat(5001) }).message).toMatch(/5,000/);
    expect(errorsOf(contactSchema, { ...contact, email: 'not-an-email' }).email).toBe('Please enter a valid email address.');
  });
  it('call-back: both required, whitespace rejected', () => {
    expect(callbackSchema.safeParse({ name: 'Ada', phone: '07700900123' }).success).toBe(true);
    expect(Object.keys(errorsOf(callbackSchema, { name: '  ', phone: ' ' })).sort()).toEqual(['name', 'phone']);
  });
  it('spots a filled honeypot', () => {
    expect(isHoneypotFilled({ website: 'http://spam' })).toBe(true);
    expect(isHoneypotFilled({ website: '' })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
    expect(isHoneypotFilled(null)).toBe(false);
  });
});

describe('calendar dates', () => {
  it('judges weekends on the date itself', () => {
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-29')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
  });
  it('formats long British dates', () => {
    expect(formatLongDate('2026-11-28')).toBe('Saturday 28 November 2026');
  });
  it('takes today from Europe/London: 23:30 UTC in summer is already tomorrow in London', () => {
    expect(londonToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonToday(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });
  it('validates calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-2-1')).toBe(false);
  });
});

describe('reference numbers', () => {
  it('are 9 characters from an alphabet without 0, O, 1 or I', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(REFERENCE_ALPHABET.length);
    for (let i = 0; i < 500; i++) {
      const reference = generateReference();
      expect(reference).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
      expect(isReference(reference)).toBe(true);
    }
  });
  it('spread over the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 300 }, () => generateReference()).join(''));
    expect(seen.size).toBe(REFERENCE_ALPHABET.length);
  });
});
