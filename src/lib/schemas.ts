/**
 * Request schemas shared by the browser and the Worker, so both accept and reject the same input with
 * the same messages. Every string is trimmed; whitespace-only counts as empty.
 *
 * Written with zod/mini (the functional form of zod 4: same engine, same results) so the browser's
 * validation chunk stays a few KB: methods on a class cannot be tree-shaken, functions can. Every message
 * is spelled out here, because zod/mini ships no default (English) messages.
 */
import * as z from 'zod/mini';
import { packageIds, type PackageId } from '../data/packages';
import { contactSubjects } from '../data/contact-subjects';
import { ACCESS_KEYS, ACCESS_QUESTIONS, accessField } from '../data/access';
import { findFurniture } from '../data/furniture';
import { serviceValues } from '../data/services';
import { SURVEY_SIZES, SURVEY_TYPES } from '../data/survey';
import { CAR_RUNS } from '../data/car-transport';
import { LIMITS } from './limits';
import { codeOffer } from './referral';
import { MOVE_DATE_MESSAGES, moveDateProblem } from './move-date';
import { ADDRESS_FIELD_NAMES, addressTooLong, type AddressFieldName } from './move-facts';
import { invalidPostcodeMessage, missingPostcodeMessage, parsePostcodeInput, type RouteEnd } from './postcodes';

export { LIMITS } from './limits';

/** zod's own wording for a value of the wrong type (only a hand-made API call ever sees it). */
const notA = (expected: string) => ({
  error: ({ input }: { input?: unknown }) =>
    `Invalid input: expected ${expected}, received ${typeof input === 'number' && !Number.isFinite(input) ? String(input) : z.util.parsedType(input)}`,
});

const required = (message: string, max: number, tooLong: string) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

export const nameField = (message = 'Please enter your name.') =>
  required(message, LIMITS.name, `Please keep this to ${LIMITS.name} characters or fewer.`);

export const emailField = z.pipe(
  z
    .string('Please enter your email address.')
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your email address.'),
      z.maxLength(LIMITS.email, `Email addresses can be at most ${LIMITS.email} characters.`),
    ),
  z.email('Please enter a valid email address.'),
);

/**
 * An e-mail address that may be left out: a survey or car-transport request asks for one, for its written quote, and a
 * customer who would rather be phoned leaves it empty (issue 40 item 2).
 */
export const optionalEmailField = z.optional(
  z.string('Please enter a valid email address.').check(
    z.trim(),
    z.maxLength(LIMITS.email, `Email addresses can be at most ${LIMITS.email} characters.`),
    z.refine((value: string) => value === '' || z.email().safeParse(value).success, 'Please enter a valid email address.'),
  ),
);

const PHONE_CHARACTERS = /^[0-9 +\-()]+$/;
const PHONE_MESSAGE = 'Please enter a UK phone number (10 to 15 digits).';

function checkPhone(value: string, ctx: z.core.$RefinementCtx<string>): void {
  if (!PHONE_CHARACTERS.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'Phone numbers can use digits, spaces, +, - and brackets only.' });
    return;
  }
  const digits = value.replace(/\D/g, '').length;
  if (digits < LIMITS.phoneDigitsMin || digits > LIMITS.phoneDigitsMax) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
}

export const phoneField = z
  .string('Please enter your phone number.')
  .check(z.trim(), z.minLength(1, 'Please enter your phone number.'), z.maxLength(LIMITS.phone, PHONE_MESSAGE), z.superRefine(checkPhone));

export const optionalPhoneField = z.optional(
  z.string(PHONE_MESSAGE).check(
    z.trim(),
    z.maxLength(LIMITS.phone, PHONE_MESSAGE),
    z.superRefine((value: string, ctx) => {
      if (value !== '') checkPhone(value, ctx);
    }),
  ),
);

const optionalText = (max: number, tooLong: string) => z.optional(z.string(notA('string')).check(z.trim(), z.maxLength(max, tooLong)));

/** The honeypot: people never see it, so it should arrive empty or not at all. */
export const honeypotField = z.optional(z.unknown());

/** A postcode field: accepts "SW1A 1AA", "sw1a1aa" or a line such as "12 High St, SW1A 1AA"; outputs the normalised postcode. */
export const postcodeField = (end: RouteEnd) =>
  z.pipe(
    z.string(invalidPostcodeMessage(end)).check(z.maxLength(LIMITS.address, invalidPostcodeMessage(end))),
    z.transform((value: string, ctx) => {
      const postcode = parsePostcodeInput(value).postcode;
      if (postcode) return postcode;
      ctx.issues.push({ code: 'custom', message: invalidPostcodeMessage(end), input: value });
      return z.NEVER;
    }),
  );

/** A postcode that must be there: left empty gets a plain message, anything else the shared field's rules. */
export function requiredPostcodeField(end: RouteEnd) {
  return z.pipe(z.string(missingPostcodeMessage(end)).check(z.trim(), z.minLength(1, missingPostcodeMessage(end))), postcodeField(end));
}

/** A day a move can be booked for (move-date.ts), as of London's today when it is checked. */
export const moveDateField = z.string(MOVE_DATE_MESSAGES.not_a_date).check(
  z.superRefine((value: string, ctx) => {
    const problem = moveDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  }),
);

/** The service a page started the quote for (`/quote?service=…`): one of the services table's, or none. */
export const serviceField = z.optional(z.enum(serviceValues, 'Please choose a service from our list.'));

/** A home above three bedrooms asks for a survey (data/survey.ts): its size, the kind of survey, and where, if known. */
export const surveySizeField = z.enum(
  SURVEY_SIZES.map((s) => s.value) as [string, ...string[]],
  'Please choose how many bedrooms your home has.',
);
export const surveyTypeField = z.enum(SURVEY_TYPES.map((s) => s.value) as [string, ...string[]], 'Please choose a video or a home survey.');
export const surveyField = z.optional(
  z.object({
    size: surveySizeField,
    type: surveyTypeField,
    postcode: optionalText(LIMITS.address, `Please keep the address to ${LIMITS.address} characters or fewer.`),
  }),
);

/** A car to move, priced on request (data/car-transport.ts): the car, whether it runs, and the route. */
const carVehicleField = required(
  'Please enter the make and model of the car.',
  LIMITS.name,
  `Please keep the make and model to ${LIMITS.name} characters or fewer.`,
);
const carRunsField = z.enum(CAR_RUNS.map((r) => r.value) as [string, ...string[]], 'Please say whether the car runs.');
export const carShape = {
  vehicle: carVehicleField,
  runs: carRunsField,
  from: requiredPostcodeField('from'),
  to: requiredPostcodeField('to'),
};
export const carField = z.optional(z.object(carShape));

/**
 * The street address at each end (move-address.ts): every part optional when a quote is made (the estimate needs only
 * the postcodes); a written quote's send and the accept step require line 1 and the town (`missingAddress`).
 */
const addressText = optionalText(LIMITS.address, addressTooLong(LIMITS.address));
export const addressFields = Object.fromEntries(ADDRESS_FIELD_NAMES.map((name) => [name, addressText])) as Record<
  AddressFieldName,
  typeof addressText
>;

/** '' as missing (a function declaration, so the access fields can use it above blankAsMissing). */
function blankAsMissingLazy<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    schema,
  );
}

/** The access questions of both ends (data/access.ts): each optional, each one of its table's answers. */
const accessAnswer = (question: keyof typeof ACCESS_QUESTIONS) =>
  z.optional(
    z.enum(
      ACCESS_QUESTIONS[question].options.map((option) => option.value) as [string, ...string[]],
      `Please choose one of the answers for ${ACCESS_QUESTIONS[question].label.toLowerCase()}.`,
    ),
  );
const accessFields = Object.fromEntries(
  (['from', 'to'] as const).flatMap((end) => ACCESS_KEYS.map((question) => [accessField(end, question), accessAnswer(question)])),
) as Record<ReturnType<typeof accessField>, ReturnType<typeof accessAnswer>>;
/** The same, as a plain form posts them (an unanswered select posts ''). */
export const formAccessFields = Object.fromEntries(
  Object.entries(accessFields).map(([name, field]) => [name, blankAsMissingLazy(field)]),
) as Record<ReturnType<typeof accessField>, ReturnType<typeof blankAsMissingLazy<ReturnType<typeof accessAnswer>>>>;

export const propertyIdField = z.enum(packageIds as unknown as [PackageId, ...PackageId[]], 'Please choose a property size.');

export const furnitureIdsField = z._default(
  z.array(z.string('Unknown furniture item.'), 'Unknown furniture item.').check(
    z.maxLength(LIMITS.furnitureItems, 'Too many furniture items.'),
    z.superRefine((ids: string[], ctx) => {
      const unknown = ids.find((id) => !findFurniture(id));
      if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `Unknown furniture item: ${unknown.slice(0, 40)}` });
      else if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'Each furniture item can be chosen once.' });
    }),
  ),
  [],
);

export const PROMO_MESSAGE = 'This promo code is not recognised.';

export const promoCodeField = z.optional(
  z.pipe(
    z.string(PROMO_MESSAGE).check(
      z.trim(),
      z.maxLength(LIMITS.promoCode, PROMO_MESSAGE),
      z.toUpperCase(),
      z.refine((value: string) => value === '' || codeOffer(value) !== null, PROMO_MESSAGE),
    ),
    // Stored as written on our side: a referral code in its groups of four, whatever the spacing typed.
    z.transform((value: string) => (value === '' ? undefined : codeOffer(value)!.code)),
  ),
);

/** POST /api/check-code: one code, which must be there. */
export const codeCheckSchema = z.object({ promoCode: z.pipe(promoCodeField, z.string(PROMO_MESSAGE)) });
export type CodeCheckInput = z.input<typeof codeCheckSchema>;

const KEY_MESSAGE = 'A request key is missing. Please reload the page and try again.';

export const idempotencyKeyField = z.string(KEY_MESSAGE).check(z.regex(/^[A-Za-z0-9_.:-]{8,100}$/, KEY_MESSAGE));

/** A figure of the estimate: out of range reads the same as missing (the wizard always sends both, in range). */
const estimateFigure = (max: number) =>
  z.number('The estimate is missing.').check(z.gte(0, 'The estimate is missing.'), z.lte(max, 'The estimate is missing.'));

export const quoteRequestSchema = z.object({
  name: nameField('Please enter your full name.'),
  email: emailField,
  phone: phoneField,
  service: serviceField,
  propertyId: propertyIdField,
  furnitureIds: furnitureIdsField,
  fromPostcode: postcodeField('from'),
  toPostcode: postcodeField('to'),
  ...addressFields,
  ...accessFields,
  moveDate: moveDateField,
  additionalInfo: optionalText(
    LIMITS.additionalInfo,
    `Please keep additional information to ${LIMITS.additionalInfo.toLocaleString('en-GB')} characters or fewer.`,
  ),
  promoCode: promoCodeField,
  /** What the customer was shown; stored, never trusted, and used only when the distance cannot be verified. */
  clientEstimate: z.object(
    { total: estimateFigure(1_000_000), distance: estimateFigure(2_000) },
    'The estimate is missing. Please go back to step 3.',
  ),
  idempotencyKey: idempotencyKeyField,
  website: honeypotField,
  /** Day-of-move texts (issue 44 item 4): only when the customer ticks the box; never assumed. */
  textUpdates: z.optional(z.boolean('Please tick the box or leave it.')),
});

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

export const contactSchema = z.object({
  firstName: nameField('Please enter your first name.'),
  lastName: nameField('Please enter your last name.'),
  email: emailField,
  phone: optionalPhoneField,
  subject: z.enum(contactSubjects.map((subject) => subject.value) as [string, ...string[]], 'Please choose a subject.'),
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
  email: optionalEmailField,
  survey: surveyField,
  car: carField,
  website: honeypotField,
});

export type CallbackInput = z.input<typeof callbackSchema>;
export type CallbackRequest = z.output<typeof callbackSchema>;

/** What fieldErrors reads: zod's error (in the browser and in the Worker's validator hook alike). */
export interface SchemaIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** One message per field (the first), keyed by the field's path ("clientEstimate.total"). */
export function fieldErrors(error: SchemaIssues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A row's id as a form names it (a button's or hidden field's value): a positive whole number, as a number. */
export const positiveIdField = (message: string) =>
  z.pipe(
    z.string(message).check(z.trim(), z.regex(/^[1-9]\d{0,14}$/, message)),
    z.transform((value: string) => Number(value)),
  );

/** True when a bot filled the hidden field. */
export function isHoneypotFilled(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const value = (body as Record<string, unknown>).website;
  return value !== undefined && value !== null && value !== '' && !(typeof value === 'string' && value.trim() === '');
}
