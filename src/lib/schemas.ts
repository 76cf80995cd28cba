import type { PricingResult } from './pricing';
/**
 * Request schemas shared by the browser and the Worker, so both accept and reject the same input with
 * the same messages. Every string is trimmed; whitespace-only counts as empty.
 */
import { z } from 'zod';
import { packageIds, type PackageId } from '../data/packages';
import { findFurniture } from '../data/furniture';
import { promo } from '../site.config';
import { isCalendarDate, isTodayOrLater } from './dates';
import { invalidPostcodeMessage, parsePostcodeInput, type RouteEnd } from './postcodes';

export const LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  additionalInfo: 2000,
  subject: 150,
  address: 200,
  phoneDigitsMin: 10,
  phoneDigitsMax: 15,
} as const;

const required = (message: string, max: number, tooLong: string) => z.string(message).trim().min(1, message).max(max, tooLong);

export const nameField = (message = 'Please enter your name.') =>
  required(message, LIMITS.name, `Please keep this to ${LIMITS.name} characters or fewer.`);

export const emailField = z
  .string('Please enter your email address.')
  .trim()
  .min(1, 'Please enter your email address.')
  .max(LIMITS.email, `Email addresses can be at most ${LIMITS.email} characters.`)
  .pipe(z.email('Please enter a valid email address.'));

const PHONE_CHARACTERS = /^[0-9 +\-()]+$/;

function checkPhone(value: string, ctx: z.RefinementCtx): void {
  if (!PHONE_CHARACTERS.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'Phone numbers can use digits, spaces, +, - and brackets only.' });
    return;
  }
  const digits = value.replace(/\D/g, '').length;
  if (digits < LIMITS.phoneDigitsMin || digits > LIMITS.phoneDigitsMax) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a UK phone number (10 to 15 digits).' });
  }
}

export const phoneField = z
  .string('Please enter your phone number.')
  .trim()
  .min(1, 'Please enter your phone number.')
  .max(40, 'Please enter a UK phone number (10 to 15 digits).')
  .superRefine(checkPhone);

export const optionalPhoneField = z
  .string('Please enter a UK phone number (10 to 15 digits).')
  .trim()
  .max(40, 'Please enter a UK phone number (10 to 15 digits).')
  .superRefine((value, ctx) => {
    if (value !== '') checkPhone(value, ctx);
  })
  .optional();

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/** The honeypot: people never see it, so it should arrive empty or not at all. */
export const honeypotField = z.unknown().optional();

/** A postcode field: accepts "SW1A 1AA", "sw1a1aa" or a line such as "12 High St, SW1A 1AA"; outputs the normalised postcode. */
export const postcodeField = (end: RouteEnd) =>
  z
    .string(invalidPostcodeMessage(end))
    .max(LIMITS.address, invalidPostcodeMessage(end))
    .transform((value, ctx) => {
      const postcode = parsePostcodeInput(value).postcode;
      if (!postcode) {
        ctx.addIssue({ code: 'custom', message: invalidPostcodeMessage(end) });
        return z.NEVER;
      }
      return postcode;
    });

export const moveDateField = z
  .string('Please choose a move date.')
  .refine(isCalendarDate, 'Please choose a move date.')
  .refine((value) => isTodayOrLater(value), 'Please choose today or a later date.');

export const propertyIdField = z.enum(packageIds as unknown as [PackageId, ...PackageId[]], 'Please choose a property size.');

export const furnitureIdsField = z
  .array(z.string('Unknown furniture item.'), 'Unknown furniture item.')
  .max(50, 'Too many furniture items.')
  .superRefine((ids, ctx) => {
    const unknown = ids.find((id) => !findFurniture(id));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `Unknown furniture item: ${unknown.slice(0, 40)}` });
    else if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'Each furniture item can be chosen once.' });
  })
  .default([]);

export const promoCodeField = z
  .string('This promo code is not recognised.')
  .trim()
  .max(40, 'This promo code is not recognised.')
  .transform((value) => value.toUpperCase())
  .refine((value) => value === '' || value === promo.code, 'This promo code is not recognised.')
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const idempotencyKeyField = z
  .string('A request key is missing. Please reload the page and try again.')
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'A request key is missing. Please reload the page and try again.');

export const quoteRequestSchema = z.object({
  name: nameField('Please enter your full name.'),
  email: emailField,
  phone: phoneField,
  propertyId: propertyIdField,
  furnitureIds: furnitureIdsField,
  fromPostcode: postcodeField('from'),
  toPostcode: postcodeField('to'),
  fromAddress: optionalText(LIMITS.address, `Please keep the address to ${LIMITS.address} characters or fewer.`),
  toAddress: optionalText(LIMITS.address, `Please keep the address to ${LIMITS.address} characters or fewer.`),
  moveDate: moveDateField,
  additionalInfo: optionalText(
    LIMITS.additionalInfo,
    `Please keep additional information to ${LIMITS.additionalInfo.toLocaleString('en-GB')} characters or fewer.`,
  ),
  promoCode: promoCodeField,
  /** What the customer was shown; stored, never trusted, and used only when the distance cannot be verified. */
  clientEstimate: z.object(
    {
      total: z.number('The estimate is missing.').min(0).max(1_000_000),
      distance: z.number('The estimate is missing.').min(0).max(2_000),
    },
    'The estimate is missing. Please go back to step 3.',
  ),
  idempotencyKey: idempotencyKeyField,
  website: honeypotField,
});

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

export const contactSchema = z.object({
  firstName: nameField('Please enter your first name.'),
  lastName: nameField('Please enter your last name.'),
  email: emailField,
  phone: optionalPhoneField,
  subject: required('Please choose a subject.', LIMITS.subject, 'Please choose a subject.'),
  message: required(
    'Please enter your message.',
    LIMITS.message,
    `Please keep your message to ${LIMITS.message.toLocaleString('en-GB')} characters or fewer.`,
  ),
  website: honeypotField,
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const callbackSchema = z.object({
  name: nameField('Please enter your full name.'),
  phone: phoneField,
  website: honeypotField,
});

export type CallbackInput = z.input<typeof callbackSchema>;
export type CallbackRequest = z.output<typeof callbackSchema>;

/** One message per field (the first), keyed by the field's path ("clientEstimate.total"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** True when a bot filled the hidden field. */
export function isHoneypotFilled(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const value = (body as Record<string, unknown>).website;
  return value !== undefined && value !== null && value !== '' && !(typeof value === 'string' && value.trim() === '');
}

/** What POST /api/send-quote-email answers with 201: the server's reference and price are the ones to show. */
export interface QuoteAnswer {
  reference: string;
  pricing: PricingResult;
  emailSent: boolean;
  /** False when the postcode service was down and the price uses the customer's distance. */
  verified: boolean;
  /** e.g. 'Distance estimated from the SW1A area' */
  notes: string[];
  promoCode?: string;
}
