/**
 * The office's list of leads and what staff change on one (issue 33 item 2): the kinds of lead, the list's filters as a
 * plain GET form reads them, and the words of the lead page's forms. Pure: the Worker's queries are in
 * functions/lib/office/leads.ts.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { positiveIdField } from '~/lib/schemas';
import { quoteServices } from '~/data/services';
import { readDate } from '~/lib/dates';
import { CLAIM_DONE_NOTICES } from '../claims';
import { ENTRY_DONE_NOTICES } from './lead-entry';
import { LEAD_STAGES, STAGE_LABELS, type LeadStage } from './pipeline';

/** "Done" on a task (the to-do list's or a lead page's button): the task, and the lead whose page it was pressed on. */
export const taskDoneSchema = zm.object({
  task: positiveIdField('Please choose a task.'),
  ref: zm.optional(zm.string().check(zm.maxLength(40))),
});
export type TaskDoneForm = zm.infer<typeof taskDoneSchema>;

/** Leads a page of the list shows. */
export const LEADS_PAGE_SIZE = 50;

/** The longest search the list runs (issue 40 item 8): a reference, a name, a postcode or an address is far shorter. */
export const LEAD_SEARCH_MAX = 100;
export const LEAD_SEARCH_MESSAGE = `Search for ${LEAD_SEARCH_MAX} characters or fewer: a reference, a name, a postcode or an e-mail address.`;

/**
 * What a lead is: a quote (plain, or started for a service), a survey request or a car-transport lead (call-backs carrying
 * `survey` or `car`), a plain call-back, or a contact message.
 */
export const LEAD_KINDS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'quote', label: 'Quote' },
  ...quoteServices.map((service) => ({ value: service.value, label: `Quote: ${service.label}` })),
  { value: 'survey', label: 'Survey request' },
  { value: 'car', label: 'Car transport' },
  { value: 'callback', label: 'Call-back' },
  { value: 'contact', label: 'Contact message' },
];

export const kindLabel = (kind: string): string => LEAD_KINDS.find((each) => each.value === kind)?.label ?? kind;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
/** A day typed (dd/mm/yyyy, dd/mm/yy) or picked (`YYYY-MM-DD`), as `YYYY-MM-DD`. */
const day = z
  .string()
  .refine((value) => readDate(value) !== null)
  .transform((value) => readDate(value)!);

/** The list's filters from its GET form. A value that makes no sense is dropped (the list shows unfiltered), never an error. */
const filterSchema = z.object({
  stage: optional(z.enum(LEAD_STAGES)).catch(undefined),
  kind: optional(z.enum(LEAD_KINDS.map((each) => each.value) as [string, ...string[]])).catch(undefined),
  from: optional(day).catch(undefined),
  to: optional(day).catch(undefined),
  q: optional(z.string().trim().max(LEAD_SEARCH_MAX)).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type LeadFilters = z.infer<typeof filterSchema>;

export const readLeadFilters = (query: URLSearchParams): LeadFilters => filterSchema.parse(Object.fromEntries(query));

/** The search as typed when it is too long to run (the list then answers 400 with LEAD_SEARCH_MESSAGE), else null. */
export function overlongSearch(query: URLSearchParams): string | null {
  const typed = query.get('q')?.trim() ?? '';
  return typed.length > LEAD_SEARCH_MAX ? typed : null;
}

/** The query of the list with these filters (page 1 unless given): for the pager's links. */
export function filtersQuery(filters: LeadFilters, page = 1): string {
  const query = new URLSearchParams();
  for (const key of ['stage', 'kind', 'from', 'to', 'q'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const stageLabel = (stage: LeadStage): string => STAGE_LABELS[stage];

/** The lead page's forms: what each posts as `action`, and the messages of a refused one. */
export const LEAD_FORM_ACTIONS = ['note', 'follow_up', 'stage', 'handler'] as const;
export type LeadFormAction = (typeof LEAD_FORM_ACTIONS)[number];

export const NOTE_MAX = 2000;
export const LOST_REASON_MAX = 300;

export const LEAD_FORM_MESSAGES = {
  note: 'Write the note.',
  noteTooLong: `A note can be up to ${NOTE_MAX} characters.`,
  followUp: 'Enter the follow-up date as a day, for example 14/03/2027.',
  stage: 'Choose a stage.',
  lostReason: 'Say why the lead was lost.',
  lostReasonTooLong: `A reason can be up to ${LOST_REASON_MAX} characters.`,
  handler: 'Choose someone on the staff.',
} as const;

/** The short notice a successful post carries back to the page (`?done=…`). */
export const LEAD_DONE_NOTICES: Readonly<Record<string, string>> = {
  note: 'Note added.',
  follow_up: 'Follow-up date saved.',
  follow_up_cleared: 'Follow-up date cleared.',
  stage: 'Stage changed.',
  handler: 'Handler saved.',
  task: 'Marked as done.',
  job_sheet_emailed: 'The job sheet link is on its way to the crew lead. Any earlier link stops working when it is sent.',
  addresses: 'Addresses saved.',
  offered: 'Offered. The first partner to accept gets the job; you see who below.',
  offer_none: 'No offer made: no partner fits this move now, or each already has it open.',
};

/** A post's notice by its key (`?done=`), own keys only, so `?done=constructor` finds nothing. */
export function leadDoneNotice(done: string | null): string | undefined {
  const notices: Readonly<Record<string, string>> = { ...LEAD_DONE_NOTICES, ...ENTRY_DONE_NOTICES, ...CLAIM_DONE_NOTICES };
  return done !== null && Object.hasOwn(notices, done) ? notices[done] : undefined;
}

/** The audit trail's actions for what staff do on a lead; customers' actions are recorded under their OFFICE_TASKS kind. */
export const LEAD_AUDIT_ACTIONS = {
  note: 'note_added',
  follow_up: 'follow_up_set',
  stage: 'stage_changed',
  handler: 'handler_set',
  task: 'task_done',
} as const;

const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** A calendar day, short: "Sat, 14 Mar 2026". */
export const officeDay = (date: string): string => shortDay.format(new Date(`${date}T12:00:00Z`));

export interface StaffChoice {
  email: string;
  name: string;
}

/** A staff address as the office says it: their name, or the address itself for someone no longer on the staff. */
export const staffName = (choices: readonly StaffChoice[], email: string | null): string | null =>
  email === null ? null : (choices.find((each) => each.email === email)?.name ?? email);
