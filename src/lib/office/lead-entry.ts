/**
 * Leads by hand and corrections (issue 40 items 2 and 3): what staff type in from a phone call (a quote priced by the
 * engine, a survey, a car), what they may correct on any lead, and what a survey or car lead needs to become a move
 * with a written quote. Each field's label is written once (FIELD_LABELS): the forms show it and the audit line of a
 * correction names it. Pure: the Worker's writes are in functions/lib/office/lead-entry.ts and lead-edit.ts.
 */
import { z } from 'zod';
import { ACCESS_FIELD_NAMES, ACCESS_KEYS, ACCESS_QUESTIONS, accessField, type AccessEnd } from '~/data/access';
import { CAR_RUNS } from '~/data/car-transport';
import { findFurniture, furniture } from '~/data/furniture';
import { packages } from '~/data/packages';
import { SURVEY_SIZES, SURVEY_TYPES } from '~/data/survey';
import { readDate } from '../dates';
import { moveDateProblem } from '../move-date';
import { parsePostcodeInput } from '../postcodes';
import { LIMITS, optionalPhoneField } from '../schemas';

/** Where a lead came from, so reports can tell the website's from the office's (quote_requests and callback_requests). */
export const LEAD_SOURCES = ['web', 'phone'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const SOURCE_LABELS: Record<LeadSource, string> = { web: 'The website', phone: 'A phone call, added by the office' };

/** The leads staff add from a phone call. */
export const HAND_KINDS = [
  { value: 'quote', label: 'A quote', hint: 'Priced now by the same engine as the website: size, route, date and furniture.' },
  { value: 'survey', label: 'A survey', hint: 'A home of 4 bedrooms or more: no price until the survey, then a written quote.' },
  { value: 'car', label: 'Car transport', hint: 'Priced on request: write a quote once you know the car and the route.' },
] as const;
export type HandKind = (typeof HAND_KINDS)[number]['value'];
export const isHandKind = (value: string | null | undefined): value is HandKind => HAND_KINDS.some((kind) => kind.value === value);

/** What a move made from a survey or car request keeps of it (quote_requests.request). */
export type LeadRequest = { kind: 'survey'; size: string; type: string } | { kind: 'car'; vehicle: string; runs: string };

/** Every field's label: the forms' and, for a correction, the audit line's ("Collection postcode: … → …"). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail address',
  phone: 'Phone number',
  propertyId: 'Size of move',
  fromPostcode: 'Collection postcode',
  fromAddress: 'Collection address',
  toPostcode: 'Delivery postcode',
  toAddress: 'Delivery address',
  moveDate: 'Move date',
  furnitureIds: 'Furniture',
  awkward: 'Anything awkward',
  items: 'Items',
  additionalInfo: 'Customer’s notes',
  surveySize: 'Bedrooms',
  surveyType: 'Survey',
  postcode: 'Postcode',
  carVehicle: 'Car (make and model)',
  carRuns: 'Does it run?',
  carFrom: 'Collection postcode',
  carTo: 'Delivery postcode',
  note: 'Note for the office',
  ...Object.fromEntries(
    (['from', 'to'] as const).flatMap((end) =>
      ACCESS_KEYS.map((question) => [accessField(end, question), `${ACCESS_QUESTIONS[question].label} at ${endWord(end)}`]),
    ),
  ),
};

function endWord(end: AccessEnd): string {
  return end === 'from' ? 'collection' : 'delivery';
}

export const fieldLabel = (name: string): string => FIELD_LABELS[name] ?? name;

export const ENTRY_MESSAGES = {
  kind: 'Choose what the customer asked for.',
  name: 'Enter the customer’s name.',
  firstName: 'Enter the customer’s first name.',
  lastName: 'Enter the customer’s last name.',
  tooLong: (max: number) => `Keep this to ${max.toLocaleString('en-GB')} characters or fewer.`,
  email: 'Enter the customer’s e-mail address.',
  emailForQuote: 'Enter the customer’s e-mail address: the estimate and the written quote go there.',
  emailInvalid: 'Enter an e-mail address in the right form, such as name@example.com.',
  phone: 'Enter the customer’s phone number.',
  postcode: (label: string) => `Enter the ${label.toLowerCase()}, such as SW1A 1AA.`,
  postcodeInvalid: (label: string) => `Enter a real UK ${label.toLowerCase()}, such as SW1A 1AA.`,
  propertyId: 'Choose the size of the move.',
  moveDate: 'Enter the move date as a day, for example 14/03/2027.',
  furniture: 'Choose furniture from the list only.',
  choice: (label: string) => `Choose the ${label.toLowerCase()}.`,
  vehicle: 'Enter the car’s make and model.',
  postcodeNotFound: 'The postcode service does not know this postcode. Check it with the customer.',
  postcodeServiceDown: 'The postcode service is not answering, so the estimate cannot be worked out now. Try again in a minute.',
  nothingChanged: 'Nothing was changed.',
  bookedDate: 'This move is booked: its date moves from the customer’s move page, on the written quote’s terms.',
  changedMeanwhile: 'Someone changed this lead while you were editing it. Here it is as it stands now: make your change again.',
  alreadyMove: 'This lead is already a move: write its quote from its page.',
} as const;
const M = ENTRY_MESSAGES;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Trimmed text up to `max`; '' when left empty unless `required` names the message. */
const text = (max: number, required?: string) =>
  required
    ? z.string({ error: required }).trim().min(1, required).max(max, M.tooLong(max))
    : z.string().trim().max(max, M.tooLong(max)).default('');

const email = (required?: string) =>
  z
    .string({ error: required ?? M.email })
    .trim()
    .max(LIMITS.email, M.tooLong(LIMITS.email))
    .default('')
    .superRefine((value, ctx) => {
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: required });
      } else if (!z.email().safeParse(value).success) ctx.addIssue({ code: 'custom', message: M.emailInvalid });
    });

/** The public forms' phone rules (digits, spaces, +, - and brackets; 10 to 15 digits), with the office's own words. */
const phone = z
  .string({ error: M.phone })
  .trim()
  .min(1, M.phone)
  .superRefine((value, ctx) => {
    const checked = optionalPhoneField.safeParse(value);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? M.phone });
  });

/** A postcode, as typed or in a line of address; normalised ("sw1a1aa" → "SW1A 1AA"). */
const postcode = (name: string, required: boolean) =>
  z
    .string()
    .trim()
    .max(LIMITS.address, M.tooLong(LIMITS.address))
    .default('')
    .transform((value, ctx) => {
      if (value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: M.postcode(fieldLabel(name)) });
        return '';
      }
      const parsed = parsePostcodeInput(value).postcode;
      if (!parsed) ctx.addIssue({ code: 'custom', message: M.postcodeInvalid(fieldLabel(name)) });
      return parsed ?? '';
    });

const choice = (values: readonly string[], message: string) => z.enum(values as [string, ...string[]], { error: message });
const optionalChoice = (values: readonly string[], message: string) =>
  z.preprocess(blankToUndefined, choice(values, message).optional()).transform((value) => value ?? '');

/**
 * A move's day as staff take it on the phone: a real day from today (a move today or tomorrow is the office's to take,
 * unlike the website's), up to the booking horizon, on a day the firm is open.
 */
const moveDate = (today: string, unchanged?: string) =>
  z
    .string({ error: M.moveDate })
    // Typed in the British form where a browser has no date field (dd/mm/yyyy), as the office's other dates are read.
    .transform((value) => readDate(value) ?? value.trim())
    .superRefine((value, ctx) => {
      // A correction of something else leaves a past move's own day as it was.
      const problem = value === unchanged ? null : moveDateProblem(value, today);
      if (problem && problem.reason !== 'today') {
        ctx.addIssue({ code: 'custom', message: problem.reason === 'not_a_date' ? M.moveDate : problem.message });
      }
    });

const PACKAGE_IDS = packages.map((each) => each.id);
const SURVEY_SIZE_IDS = SURVEY_SIZES.map((each) => each.value);
const furnitureList = z
  .array(z.string())
  .max(LIMITS.furnitureItems, M.furniture)
  .default([])
  .refine((ids) => ids.every((id) => findFurniture(id)) && new Set(ids).size === ids.length, M.furniture);

const contact = (emailRequired?: string) => ({
  name: text(LIMITS.name, M.name),
  email: email(emailRequired),
  phone,
});

const route = (today: string, unchangedDate?: string) => ({
  fromPostcode: postcode('fromPostcode', true),
  fromAddress: text(LIMITS.address),
  toPostcode: postcode('toPostcode', true),
  toAddress: text(LIMITS.address),
  moveDate: moveDate(today, unchangedDate),
});

const surveyFields = {
  surveySize: choice(SURVEY_SIZE_IDS, M.choice('number of bedrooms')),
  surveyType: choice(
    SURVEY_TYPES.map((each) => each.value),
    M.choice('kind of survey'),
  ),
};

const carFields = {
  carVehicle: text(LIMITS.name, M.vehicle),
  carRuns: choice(
    CAR_RUNS.map((each) => each.value),
    'Say whether the car runs.',
  ),
};

const note = { note: text(LIMITS.additionalInfo) };

const accessFields = Object.fromEntries(
  (['from', 'to'] as const).flatMap((end) =>
    ACCESS_KEYS.map((question) => [
      accessField(end, question),
      optionalChoice(
        ACCESS_QUESTIONS[question].options.map((option) => option.value),
        M.choice(fieldLabel(accessField(end, question))),
      ),
    ]),
  ),
) as Record<(typeof ACCESS_FIELD_NAMES)[number], ReturnType<typeof optionalChoice>>;

/** The forms that add a lead by hand, one per kind. */
export const newLeadSchemas = (today: string) => ({
  quote: z.object({
    ...contact(M.emailForQuote),
    propertyId: choice(PACKAGE_IDS, M.propertyId),
    ...route(today),
    furnitureIds: furnitureList,
    ...note,
    /** Ticked: the estimate e-mail with the move page's link goes to the customer, as a website quote's does. */
    emailEstimate: z.preprocess((value) => value === 'yes', z.boolean()),
  }),
  survey: z.object({ ...contact(), ...surveyFields, postcode: postcode('postcode', false), ...note }),
  car: z.object({ ...contact(), ...carFields, carFrom: postcode('carFrom', true), carTo: postcode('carTo', true), ...note }),
});
export type NewLead<K extends HandKind> = z.infer<ReturnType<typeof newLeadSchemas>[K]>;

/** The new-lead form's key against a second "Add the lead" (the same lead added twice). */
export const ENTRY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** Ticked boxes as the form validator hands them: none, one value alone, or a list. */
const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The new-lead form as posted (functions/office/lead-entry.ts): its kind's fields, the form's key, and the button
 * pressed (`add`, else the estimate). Its move day is checked against `today`, so it is made for each post.
 */
export const newLeadSchema = (today: string) => {
  const forms = newLeadSchemas(today);
  const posted = { entryKey: z.string().regex(ENTRY_KEY), action: z.string().optional() };
  return z.discriminatedUnion('kind', [
    forms.quote.extend({ kind: z.literal('quote'), ...posted, furnitureIds: z.preprocess(asList, furnitureList) }),
    forms.survey.extend({ kind: z.literal('survey'), ...posted }),
    forms.car.extend({ kind: z.literal('car'), ...posted }),
  ]);
};
export type NewLeadForm = z.infer<ReturnType<typeof newLeadSchema>>;

/** A refused form's messages by field, as readEntryForm gives them: a list's by the list, one of the whole form as `form`. */
export function entryErrors(fields: Record<string, string>): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(fields)) errors[path === 'body' ? 'form' : path.split('.')[0]!] ??= message;
  return errors;
}

/**
 * What a survey or car lead needs to become a move with a written quote (issue 40 item 3): an e-mail address (the
 * written quote is e-mailed and accepted online), both postcodes and the day; what it was asked for stays with it.
 */
export const makeMoveSchemas = (today: string) => ({
  survey: z.object({ ...contact(M.emailForQuote), ...surveyFields, ...route(today), items: text(LIMITS.additionalInfo) }),
  car: z.object({ ...contact(M.emailForQuote), ...carFields, ...route(today), items: text(LIMITS.additionalInfo) }),
});

/**
 * Corrections (issue 40 item 2): every fact of each kind of lead. A quote's own move (`move`) or a move made from a
 * survey or car request (`surveyMove`, `carMove`: their request's facts in place of the engine's size and furniture).
 */
export const editSchemas = (today: string, unchangedDate?: string) => {
  const moveFacts = {
    ...route(today, unchangedDate),
    ...accessFields,
    awkward: text(LIMITS.additionalInfo),
    items: text(LIMITS.additionalInfo),
    additionalInfo: text(LIMITS.additionalInfo),
  };
  return {
    move: z.object({
      ...contact(M.emailForQuote),
      propertyId: choice(PACKAGE_IDS, M.propertyId),
      furnitureIds: furnitureList,
      ...moveFacts,
    }),
    surveyMove: z.object({ ...contact(M.emailForQuote), ...surveyFields, ...moveFacts }),
    carMove: z.object({ ...contact(M.emailForQuote), ...carFields, ...moveFacts }),
    survey: z.object({ ...contact(), ...surveyFields, postcode: postcode('postcode', false) }),
    car: z.object({ ...contact(), ...carFields, carFrom: postcode('carFrom', true), carTo: postcode('carTo', true) }),
    callback: z.object(contact()),
    contact: z.object({
      firstName: text(LIMITS.name, M.firstName),
      lastName: text(LIMITS.name, M.lastName),
      email: email(M.email),
      phone: z
        .string()
        .trim()
        .default('')
        .superRefine((value, ctx) => {
          const checked = optionalPhoneField.safeParse(value);
          if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? M.phone });
        }),
    }),
  };
};
export type EditShape = keyof ReturnType<typeof editSchemas>;

/** The fields a form posts that carry several values (ticked boxes). */
const MULTI = new Set(['furnitureIds']);

export type FormErrors = Record<string, string>;

/** A form's values as posted, read against `schema`: the data, or each refused field's first message. */
export function readEntryForm<S extends z.ZodType>(schema: S, values: URLSearchParams): { data: z.infer<S> } | { errors: FormErrors } {
  const body: Record<string, string | string[]> = {};
  for (const key of new Set(values.keys())) body[key] = MULTI.has(key) ? values.getAll(key) : (values.get(key) ?? '');
  for (const key of MULTI) body[key] ??= [];
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { errors };
}

/** The choices of each select or radio field, as the forms list them and the audit line names a chosen one. */
export const FIELD_OPTIONS: Readonly<Record<string, ReadonlyArray<{ value: string; label: string }>>> = {
  propertyId: packages.map((each) => ({ value: each.id, label: each.title })),
  surveySize: SURVEY_SIZES,
  surveyType: SURVEY_TYPES,
  carRuns: CAR_RUNS,
  furnitureIds: furniture.map((each) => ({ value: each.id, label: each.name })),
  ...Object.fromEntries(
    (['from', 'to'] as const).flatMap((end) =>
      ACCESS_KEYS.map((question) => [accessField(end, question), ACCESS_QUESTIONS[question].options]),
    ),
  ),
};

/** A field's value as a person reads it: a choice by its label, ticked boxes as a list, nothing as "(none)". */
export function shownValue(name: string, value: string | readonly string[]): string {
  const options = FIELD_OPTIONS[name];
  const words = (each: string) => options?.find((option) => option.value === each)?.label ?? each;
  const shown = typeof value === 'string' ? (value === '' ? '' : words(value)) : value.map(words).join(', ');
  return shown === '' ? '(none)' : shown;
}

/** The notices a lead's page shows after these posts (`?done=`), beside LEAD_DONE_NOTICES. */
export const ENTRY_DONE_NOTICES = {
  added: 'Lead added.',
  added_emailed: 'Lead added. The estimate is on its way to the customer by e-mail.',
  edited: 'Changes saved. Each is in the history below, with what it was before.',
  unchanged: M.nothingChanged,
} as const;
