/**
 * A driver's application to become a partner (issue 43 item 1): the form's fields, their messages and limits, and the
 * documents it uploads. Shared by the page (labels) and the Worker (checks), so both say the same thing.
 */
import * as z from 'zod/mini';
import { addMonths, readDate } from '~/lib/dates';
import { emailField, nameField, phoneField } from '~/lib/schemas';
import { isAreaOrDistrict } from './coverage';

export const PARTNER_PATHS = {
  apply: '/drivers/apply',
  office: '/office/partners',
  application: '/office/partners/application',
  document: '/office/partners/document',
  decide: '/office/partners/decide',
  home: '/partner',
} as const;

export const DOCUMENT_KINDS = {
  licence: { label: 'Driving licence', expires: false },
  goods_in_transit: { label: 'Goods-in-transit insurance', expires: true },
  public_liability: { label: 'Public-liability insurance', expires: true },
  mot: { label: 'MOT certificate', expires: true },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;
export const DOCUMENT_KEYS = Object.keys(DOCUMENT_KINDS) as DocumentKind[];
export const expiryField = (kind: DocumentKind) => `${kind}_expires`;
/** The document's name within a sentence, so a summary of four problems says which document each is. */
const documentName = (kind: DocumentKind) => (kind === 'mot' ? 'MOT certificate' : DOCUMENT_KINDS[kind].label.toLowerCase());

/** 5 MB a file: a phone's photo of a page, or a scanned PDF. Read from the bytes, never from the name. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
/** The four files at their limit and the form's own fields. */
export const APPLY_MAX_BODY = DOCUMENT_KEYS.length * DOCUMENT_MAX_BYTES + 64 * 1024;

export const VAN_TONNES = { min: 1.5, max: 7.5 } as const;
export const LICENCE_YEARS = 2;
/** A partner stays signed in on their phone for a week. */
export const PARTNER_SESSION_DAYS = 7;
export const MAX_DISTRICTS = 40;

export const APPLY_MESSAGES = {
  districts: 'Please list the postcode areas or districts you cover, such as LS, YO or LS6.',
  district: (bad: string) =>
    `"${bad}" is not a postcode area or district. Use an area's letters, such as LS, or the first half of a postcode, such as LS6.`,
  tooManyDistricts: `Please list at most ${MAX_DISTRICTS} areas or districts.`,
  vanTonnes: `Please enter your van's size in tonnes, from ${VAN_TONNES.min} to ${VAN_TONNES.max}.`,
  registration: "Please enter the van's registration, such as AB12 CDE.",
  licenceSince: 'Please enter the date you passed your driving test.',
  licenceTooRecent: `You need to have held a full UK licence for ${LICENCE_YEARS} years.`,
  age: 'Please confirm you are 21 or over.',
  rightToWork: 'Please confirm you have the right to work in the UK.',
  expiry: 'Please enter the date this document expires.',
  expired: 'This document has expired: please upload a current one.',
  file: 'Please upload this document.',
  expiryOf: (kind: DocumentKind) => `Please enter the date your ${documentName(kind)} expires.`,
  expiredOf: (kind: DocumentKind) => `Your ${documentName(kind)} has expired: please upload a current one.`,
  fileOf: (kind: DocumentKind) => `Please upload your ${documentName(kind)}.`,
  fileSize: `Each file must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
  fileType: 'Please upload a PDF, JPEG or PNG file.',
  tooFast: 'Too many applications from here just now. Please wait a minute and try again.',
  tooLarge: `The files together are too large. Each file must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
  filesAgain: 'For your security, files are not kept when a form is sent back: please choose them again.',
} as const;

const REGISTRATION = /^[A-Z0-9]{2,7}$/;

/** "ls, LS6 yo1" → ['LS', 'LS6', 'YO1']: areas and districts, in order, once each; or the first problem. */
export function readDistricts(text: string): { districts: string[] } | { message: string } {
  const parts = text
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length === 0) return { message: APPLY_MESSAGES.districts };
  const bad = parts.find((part) => !isAreaOrDistrict(part));
  if (bad) return { message: APPLY_MESSAGES.district(bad.slice(0, 12)) };
  const districts = [...new Set(parts)];
  return districts.length > MAX_DISTRICTS ? { message: APPLY_MESSAGES.tooManyDistricts } : { districts };
}

/** Spaces dropped, upper case: "ab12 cde" → "AB12CDE". */
export const plainRegistration = (text: string) => text.replace(/\s+/g, '').toUpperCase();

const tonnes = (text: string) => (/^\d{1,2}(\.\d{1,2})?$/.test(text.trim()) ? Number(text) : NaN);

/** The text fields as posted (files apart), kept to give the page back. */
export const APPLY_TEXT_FIELDS = [
  'name',
  'email',
  'phone',
  'districts',
  'van_tonnes',
  'registration',
  'licence_since',
  'age_confirmed',
  'right_to_work',
  ...DOCUMENT_KEYS.filter((kind) => DOCUMENT_KINDS[kind].expires).map(expiryField),
] as const;
export type ApplyValues = Partial<Record<(typeof APPLY_TEXT_FIELDS)[number], string>>;

export interface Application {
  name: string;
  email: string;
  phone: string;
  districts: string[];
  vanTonnes: number;
  registration: string;
  licenceSince: string;
  expiries: Partial<Record<DocumentKind, string>>;
}

const nameCheck = nameField();
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Please check this answer.');

/** Every text field's problem by name, or the application; `today` is the UK date (yyyy-mm-dd). */
export function readApplication(values: ApplyValues, today: string): { application: Application } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: keyof ApplyValues) => (values[name] ?? '').trim();
  const fail = (name: string, message: string | null) => {
    if (message) errors[name] ??= message;
  };
  const name = z.safeParse(nameCheck, text('name'));
  fail('name', firstMessage(name));
  const email = z.safeParse(emailField, text('email'));
  fail('email', firstMessage(email));
  const details = readDetails(values);
  if ('errors' in details) for (const [field, message] of Object.entries(details.errors)) fail(field, message);
  const since = readDate(text('licence_since'));
  if (!since || since > today) fail('licence_since', APPLY_MESSAGES.licenceSince);
  else if (since > addMonths(today, -12 * LICENCE_YEARS)) fail('licence_since', APPLY_MESSAGES.licenceTooRecent);
  if (text('age_confirmed') !== 'yes') fail('age_confirmed', APPLY_MESSAGES.age);
  if (text('right_to_work') !== 'yes') fail('right_to_work', APPLY_MESSAGES.rightToWork);
  const expiries: Partial<Record<DocumentKind, string>> = {};
  for (const kind of DOCUMENT_KEYS.filter((each) => DOCUMENT_KINDS[each].expires)) {
    const field = expiryField(kind);
    const date = readDate(text(field as keyof ApplyValues));
    if (!date) fail(field, APPLY_MESSAGES.expiryOf(kind));
    else if (date <= today) fail(field, APPLY_MESSAGES.expiredOf(kind));
    else expiries[kind] = date;
  }
  if (Object.keys(errors).length > 0 || !name.success || !email.success || 'errors' in details || !since) return { errors };
  return { application: { name: name.data, email: email.data.toLowerCase(), ...details.details, licenceSince: since, expiries } };
}

/** The details a partner keeps up to date on their page (issue 43 item 3), as the application first took them. */
export const DETAILS_FIELDS = ['phone', 'districts', 'van_tonnes', 'registration'] as const;
export type DetailsValues = Partial<Record<(typeof DETAILS_FIELDS)[number], string>>;
export type PartnerDetails = Pick<Application, 'phone' | 'districts' | 'vanTonnes' | 'registration'>;

/** The details' boxes, the same words on the application and on the partner's page. */
export const DETAILS_INPUTS = [
  { name: 'phone', label: 'Mobile phone number', type: 'tel', autocomplete: 'tel' },
  {
    name: 'districts',
    label: 'Postcode areas or districts you cover',
    type: 'text',
    autocomplete: 'off',
    hint: 'Postcode areas (LS) or districts (LS6, the first half of a postcode), separated by commas, such as LS, YO1.',
  },
  {
    name: 'van_tonnes',
    label: 'Van size in tonnes',
    type: 'text',
    autocomplete: 'off',
    inputmode: 'decimal',
    hint: `From ${VAN_TONNES.min} to ${VAN_TONNES.max}, such as 3.5.`,
  },
  { name: 'registration', label: 'Van registration', type: 'text', autocomplete: 'off', hint: 'Such as AB12 CDE.' },
] as const;

/** Phone, areas and districts, and van by the application's own rules: each field's problem by name, or the details. */
export function readDetails(values: DetailsValues): { details: PartnerDetails } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: keyof DetailsValues) => (values[name] ?? '').trim();
  const phone = z.safeParse(phoneField, text('phone'));
  if (!phone.success) errors.phone = firstMessage(phone)!;
  const districts = readDistricts(text('districts'));
  if ('message' in districts) errors.districts = districts.message;
  const vanTonnes = tonnes(text('van_tonnes'));
  if (!(vanTonnes >= VAN_TONNES.min && vanTonnes <= VAN_TONNES.max)) errors.van_tonnes = APPLY_MESSAGES.vanTonnes;
  const registration = plainRegistration(text('registration'));
  if (!REGISTRATION.test(registration)) errors.registration = APPLY_MESSAGES.registration;
  if (!phone.success || 'message' in districts || Object.keys(errors).length > 0) return { errors };
  return { details: { phone: phone.data, districts: districts.districts, vanTonnes, registration } };
}

/** What a partner's change of details changed, each as "what from what to what"; empty when nothing did. */
export function detailsChanges(before: PartnerDetails, after: PartnerDetails): { changes: string[]; vanChanged: boolean } {
  const van = (details: PartnerDetails) => `${details.vanTonnes} t, ${details.registration}`;
  const changes: string[] = [];
  if (before.phone !== after.phone) changes.push(`phone from ${before.phone} to ${after.phone}`);
  const areas = (details: PartnerDetails) => details.districts.join(', ');
  if (areas(before) !== areas(after)) changes.push(`postcode areas and districts from ${areas(before)} to ${areas(after)}`);
  const vanChanged = van(before) !== van(after);
  if (vanChanged) changes.push(`van from ${van(before)} to ${van(after)}`);
  return { changes, vanChanged };
}

/** What a document's first bytes say it is: one of DOCUMENT_TYPES, or null. */
export function documentType(bytes: Uint8Array): string | null {
  const starts = (...signature: number[]) => signature.every((byte, at) => bytes[at] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  return null;
}

export const applicationPath = (reference: string) => `${PARTNER_PATHS.application}?${new URLSearchParams({ ref: reference })}`;

export const PARTNER_STATUS_LABELS = {
  applied: 'To vet',
  approved: 'Approved',
  refused: 'Refused',
  suspended: 'Paused: a document lapsed',
} as const;

export const DECISION_MESSAGES = {
  reason: 'Please give the reason: it is e-mailed to the driver.',
  reasonTooLong: 'Please keep the reason to 500 characters or fewer.',
  decided: 'This application has been decided already: the page now shows its decision.',
  lapsed: (label: string) => `The ${label.toLowerCase()} has lapsed: ask the driver for a new one before approving.`,
  done: {
    approved: 'Approved: the driver has been e-mailed how to sign in.',
    refused: 'Refused: the driver has been e-mailed the reason.',
  },
} as const;
export const REASON_MAX = 500;

/** The days a partner can work, Monday first (0 is Sunday, as Date.getUTCDay counts). */
export const WORK_DAYS = [
  { day: 1, label: 'Monday' },
  { day: 2, label: 'Tuesday' },
  { day: 3, label: 'Wednesday' },
  { day: 4, label: 'Thursday' },
  { day: 5, label: 'Friday' },
  { day: 6, label: 'Saturday' },
  { day: 0, label: 'Sunday' },
] as const;

/** The ticked days of the partner's form, each once, in week order; anything else is not this form. */
export function readWorkDays(values: string[]): number[] | null {
  if (values.length > 7 || values.some((value) => !/^[0-6]$/.test(value))) return null;
  const days = values.map(Number);
  return WORK_DAYS.map(({ day }) => day).filter((day) => days.includes(day));
}

/** The kinds that lapse: insurance and the MOT. A partner without a current one of each is paused. */
export const EXPIRING_KINDS = DOCUMENT_KEYS.filter((kind) => DOCUMENT_KINDS[kind].expires);

/**
 * The expiring kinds with no document of `statuses` valid on `today`: a document is valid up to and including its
 * expiry date, so one expiring yesterday has lapsed.
 */
export function lapsedKinds(
  documents: ReadonlyArray<{ kind: DocumentKind; expiresOn: string | null; status: string }>,
  today: string,
  statuses: readonly string[],
): DocumentKind[] {
  return EXPIRING_KINDS.filter(
    (kind) => !documents.some((each) => each.kind === kind && statuses.includes(each.status) && each.expiresOn && each.expiresOn >= today),
  );
}

/** Reminders before a document expires: 30 days, then 7, once each. */
export const REMINDER_DAYS = [30, 7] as const;

/** The partner page's upload: one document, its kind and (insurance, MOT) its expiry; a field name → message, or the parts. */
export function readNewDocument(
  kind: string,
  expires: string,
  today: string,
): { kind: DocumentKind; expiresOn: string | null } | { errors: Record<string, string> } {
  if (!(DOCUMENT_KEYS as string[]).includes(kind)) return { errors: { document_kind: 'Please choose which document this is.' } };
  const chosen = kind as DocumentKind;
  if (!DOCUMENT_KINDS[chosen].expires) return { kind: chosen, expiresOn: null };
  const date = readDate(expires);
  if (!date) return { errors: { document_expires: APPLY_MESSAGES.expiry } };
  if (date <= today) return { errors: { document_expires: APPLY_MESSAGES.expired } };
  return { kind: chosen, expiresOn: date };
}

// The partner page's plain forms (functions/partner/routes.ts), checked by the pipeline before their handlers.

/** A repeated field (ticked boxes) as the form validator hands it: none, one value, or a list. */
const ticked = z._default(
  z.pipe(
    z.union([z.string(), z.array(z.string())]),
    z.transform((value: string | string[]) => (Array.isArray(value) ? value : [value])),
  ),
  [],
);

export const DAYS_MESSAGE = 'Please tick the days from the list.';

/** The days a partner works: the ticked days of the week (none: no days), in the week's order. */
export const workDaysSchema = z.object({
  days: z.pipe(
    ticked,
    z.transform((values: string[], ctx) => {
      const days = readWorkDays(values);
      if (days) return days;
      ctx.issues.push({ code: 'custom', message: DAYS_MESSAGE, input: values });
      return z.NEVER;
    }),
  ),
});

const detailText = z._default(z.string(), '');

/** Phone, districts and van, checked by the application's own rules (readDetails), each message by its field. */
export const detailsSchema = z.pipe(
  z.object(
    Object.fromEntries(DETAILS_FIELDS.map((name) => [name, detailText])) as Record<(typeof DETAILS_FIELDS)[number], typeof detailText>,
  ),
  z.transform((values: Required<DetailsValues>, ctx) => {
    const read = readDetails(values);
    if ('details' in read) return read.details;
    for (const [field, message] of Object.entries(read.errors)) ctx.issues.push({ code: 'custom', message, input: values, path: [field] });
    return z.NEVER;
  }),
);

/** The office's decision on an application (functions/office/partners.ts): approve, or refuse with the reason e-mailed. */
export const decisionSchema = z.pipe(
  z.object({
    ref: z.string().check(z.maxLength(40)),
    decision: z._default(z.string(), ''),
    reason: z._default(z.string().check(z.trim(), z.maxLength(REASON_MAX, DECISION_MESSAGES.reasonTooLong)), ''),
  }),
  z.transform((form: { ref: string; decision: string; reason: string }, ctx) => {
    const approve = form.decision === 'approve';
    if (approve || form.reason) return { ref: form.ref, approve, reason: form.reason };
    ctx.issues.push({ code: 'custom', message: DECISION_MESSAGES.reason, input: form, path: ['reason'] });
    return z.NEVER;
  }),
);
export type DecisionForm = z.output<typeof decisionSchema>;
