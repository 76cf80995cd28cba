/**
 * The office's lead forms (issue 40 items 2 and 3), registered by routes.ts: a lead added from a phone call, a
 * correction to any lead, and a survey or car lead made a move so its quote can be written. Each is an on-demand page
 * whose plain form posts here: refused, the page comes back with every message by its field; done, 303 (post,
 * redirect, get) to the lead, or to its written quote.
 */
import type { Context } from 'hono';
import { londonToday } from '~/lib/dates';
import { describeDistance } from '~/lib/distance';
import { formatMoney } from '~/lib/money';
import {
  ENTRY_KEY,
  ENTRY_MESSAGES as M,
  entryErrors,
  isHandKind,
  newLeadSchema,
  type NewLead,
  type NewLeadForm,
} from '~/lib/office/lead-entry';
import { leadPath, OFFICE_PATHS, writtenQuotePath } from '~/lib/office/paths';
import { priceLines, PRICE_LABELS } from '~/lib/price-lines';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { refusalJson, seeOther, type Refusal } from '../lib/http';
import { staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { editTarget, saveLeadEdit } from '../lib/office/lead-edit';
import type { FormValues, EntryFormState, LeadFormState, NewLeadState } from '~/lib/views/lead-entry';
import { addLeadByHand, priceEntry, type Entry } from '../lib/office/lead-entry';
import { makeMove } from '../lib/office/lead-move';
import { findLead } from '../lib/office/leads';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { notFoundPage } from '../lib/prebuilt-page';
import type { QuotePrice } from '../lib/quote/price';

type OfficeContext = Context<OfficeBindings>;

/** Every field of the longest form, with room to spare. */
const MAX_ENTRY_BODY = 16 * 1024;

/** The form's values as posted, ticked boxes as lists: what a refused page shows again. */
function postedValues(values: URLSearchParams): FormValues {
  const out: FormValues = {};
  for (const key of new Set(values.keys())) out[key] = key === 'furnitureIds' ? values.getAll(key) : (values.get(key) ?? '');
  return out;
}

const page = (c: OfficeContext, path: string, state: unknown, status: number) =>
  astroPageAt(c as unknown as Context<AppBindings>, path, state, { status, headers: ACCOUNT_PAGE });

function estimateOf(price: QuotePrice): EntryFormState['estimate'] {
  if (!price.pricing) return null;
  const { pricing } = price;
  return {
    total: formatMoney(pricing.total),
    distance: describeDistance(pricing.distance),
    lines: [
      ...priceLines(pricing).map((line): [string, string] => [line.label, formatMoney(line.amount)]),
      [PRICE_LABELS.total, formatMoney(pricing.total)],
    ],
  };
}

/** The new-lead form's rules on the request's day (its move day is from today on). */
const newLeadRules = (c: OfficeContext) => newLeadSchema(londonToday(requestNow(c)));

/**
 * A new lead refused: a post no page of ours makes (no kind, no key), the form afresh; else the form again (400) with
 * each message by its field and what was typed. Any other refusal, the error shape.
 */
function newLeadRefused(c: OfficeContext, refusal: Refusal, typed: URLSearchParams): Response | Promise<Response> {
  if (!refusal.error.fields) return refusalJson(c, refusal);
  const kind = typed.get('kind');
  if (!isHandKind(kind)) return seeOther(OFFICE_PATHS.newLead);
  const entryKey = typed.get('entryKey') ?? '';
  if (!ENTRY_KEY.test(entryKey)) return seeOther(`${OFFICE_PATHS.newLead}?kind=${kind}`);
  const state: NewLeadState = { kind, entryKey, values: postedValues(typed), errors: entryErrors(refusal.error.fields) };
  return page(c, OFFICE_PATHS.newLead, state, 400);
}

/** POST /office/new-lead: "Work out the estimate" (the default button) shows the engine's price; "Add the lead" stores it. */
async function postNewLead(c: OfficeContext, form: NewLeadForm, values: URLSearchParams): Promise<Response> {
  const { kind, entryKey, action, ...lead } = form;
  const now = requestNow(c);
  const back = (status: number, state: Omit<NewLeadState, 'kind' | 'entryKey' | 'values'>) =>
    page(c, OFFICE_PATHS.newLead, { kind, entryKey, values: postedValues(values), ...state } satisfies NewLeadState, status);
  const entry = { kind, lead } as Entry;
  let price: QuotePrice | undefined;
  if (entry.kind === 'quote') {
    const priced = await priceEntry(c.env, entry.lead as NewLead<'quote'>, M.postcodeNotFound);
    if (!priced.ok) return back(422, { errors: priced.errors });
    price = priced.price;
    if (action !== 'add') {
      const estimate = estimateOf(price);
      return back(200, { errors: estimate ? {} : { form: M.postcodeServiceDown }, estimate });
    }
  }
  const added = await addLeadByHand(c.env, entry, entryKey, c.var.staff, now, price);
  return seeOther(`${leadPath(added.reference)}&done=${added.emailed ? 'added_emailed' : 'added'}`);
}

/** The lead a form posts about (`ref`), or the 404 every unknown office address gets. */
async function postedLead(c: OfficeContext, values: URLSearchParams) {
  return findLead(c.env.DB, values.get('ref') ?? '');
}

/** POST /office/edit-lead: every change stored with its audit line; nothing changed, nothing written. */
async function postEdit(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const lead = await postedLead(c, values);
  const target = lead && (await editTarget(c.env.DB, lead));
  if (!lead || !target) return notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });
  const saved = await saveLeadEdit(c.env, target, values, c.var.staff, requestNow(c));
  if (!saved.ok) {
    const state: LeadFormState = { reference: lead.reference, values: postedValues(values), errors: saved.errors };
    return page(c, OFFICE_PATHS.editLead, state, saved.status);
  }
  return seeOther(`${leadPath(lead.reference)}&done=${saved.changed ? 'edited' : 'unchanged'}`);
}

/** POST /office/lead-move: a survey or car lead becomes a move, and the office goes on to write its quote. */
async function postMove(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const lead = await postedLead(c, values);
  if (!lead) return notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });
  if (lead.type === 'quote') return seeOther(writtenQuotePath(lead.reference));
  const made = await makeMove(c.env, lead, values, c.var.staff, requestNow(c));
  if (!made.ok) {
    const state: LeadFormState = { reference: lead.reference, values: postedValues(values), errors: made.errors };
    return page(c, OFFICE_PATHS.leadMove, state, made.status);
  }
  return seeOther(writtenQuotePath(lead.reference));
}

export function leadEntryRoutes(routes: OfficeRoutes): void {
  routes.page(OFFICE_PATHS.newLead, staffOnly);
  routes.post(
    OFFICE_PATHS.newLead,
    staffOnly,
    ...formRoute({ maxBytes: MAX_ENTRY_BODY, limit: officeLimit, schema: newLeadRules, page: newLeadRefused }, postNewLead),
  );
  routes.page(OFFICE_PATHS.editLead, staffOnly);
  routes.post(OFFICE_PATHS.editLead, staffOnly, ...formRoute({ maxBytes: MAX_ENTRY_BODY, limit: officeLimit }, postEdit));
  routes.page(OFFICE_PATHS.leadMove, staffOnly);
  routes.post(OFFICE_PATHS.leadMove, staffOnly, ...formRoute({ maxBytes: MAX_ENTRY_BODY, limit: officeLimit }, postMove));
}
