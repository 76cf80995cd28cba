/**
 * The office's leads (issue 33 items 2 and 6): the list with what needs doing today, and a lead's page, both on-demand
 * Astro pages; their forms post here and are answered 303 back to the page (post, redirect, get) with a notice key.
 */
import type { Context } from 'hono';
import { leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { refusalJson, seeOther, type Refusal } from '../lib/http';
import { staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import {
  finishTask,
  handlerRefusal,
  leadChangeSchema,
  leadChangeStatements,
  type FieldErrors,
  type LeadChange,
} from '../lib/office/lead-changes';
import { findLead, staffChoices } from '../lib/office/leads';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { notFoundPage } from '../lib/prebuilt-page';
import type { LeadFormAnswer } from '~/lib/views/office';
import { taskDoneSchema, type TaskDoneForm } from '~/lib/office/leads';

const MAX_OFFICE_BODY = 8 * 1024;

/** A "Done" no page sends (no task, or not one): the to-do list; any other refusal, the error shape. */
const taskRefused = (c: Context<OfficeBindings>, refusal: Refusal) =>
  refusal.error.fields ? seeOther(OFFICE_PATHS.home) : refusalJson(c, refusal);

/** "Done" on a task, from the to-do list or a lead's page: back to where it was pressed. */
async function taskDone(c: Context<OfficeBindings>, task: TaskDoneForm): Promise<Response> {
  await finishTask(c.env.DB, task.task, c.var.staff, requestNow(c));
  const back = task.ref ? `${leadPath(task.ref)}&` : `${OFFICE_PATHS.home}?`;
  return seeOther(`${back}done=task`);
}

const leadNotFound = (c: Context<OfficeBindings>) => notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });

/** A lead form's refused fields: the lead's page (400) with each message by its field. */
function leadFormPage(c: Context<OfficeBindings>, reference: string, errors: FieldErrors, typed: URLSearchParams): Promise<Response> {
  const answer: LeadFormAnswer = { action: typed.get('action') ?? '', errors, values: Object.fromEntries(typed) };
  return astroPageAt(c, leadPath(reference), answer, { status: 400, headers: ACCOUNT_PAGE });
}

/** A lead form the schema refused: the 404 of a lead not there, else its page; any other refusal, the error shape. */
async function leadRefused(c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams): Promise<Response> {
  if (!refusal.error.fields) return refusalJson(c, refusal);
  const lead = await findLead(c.env.DB, typed.get('ref') ?? '');
  return lead ? leadFormPage(c, lead.reference, refusal.error.fields, typed) : leadNotFound(c);
}

async function changeLead(c: Context<OfficeBindings>, change: LeadChange, typed: URLSearchParams): Promise<Response> {
  const lead = await findLead(c.env.DB, typed.get('ref') ?? '');
  if (!lead) return leadNotFound(c);
  const choices = await staffChoices(c.env);
  const refused = handlerRefusal(change, choices);
  if (refused) return leadFormPage(c, lead.reference, refused, typed);
  const now = requestNow(c);
  await c.env.DB.batch(leadChangeStatements(c.env.DB, lead, change, c.var.staff, choices, now));
  const done = change.action === 'follow_up' && !change.followUpOn ? 'follow_up_cleared' : change.action;
  return seeOther(`${leadPath(lead.reference)}&done=${done}`);
}

export function leadsRoutes(routes: OfficeRoutes): void {
  routes.page(OFFICE_PATHS.home, staffOnly);
  routes.post(
    OFFICE_PATHS.home,
    staffOnly,
    ...formRoute({ maxBytes: MAX_OFFICE_BODY, limit: officeLimit, schema: taskDoneSchema, page: taskRefused }, taskDone),
  );
  routes.page(OFFICE_PATHS.lead, staffOnly);
  routes.post(
    OFFICE_PATHS.lead,
    staffOnly,
    ...formRoute({ maxBytes: MAX_OFFICE_BODY, limit: officeLimit, schema: leadChangeSchema, page: leadRefused }, changeLead),
  );
}
