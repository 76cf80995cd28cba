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
import { finishTask, leadChangeStatements, readLeadChange } from '../lib/office/lead-changes';
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

async function changeLead(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const lead = await findLead(c.env.DB, values.get('ref') ?? '');
  if (!lead) return notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });
  const choices = await staffChoices(c.env);
  const read = readLeadChange(values, choices);
  if ('errors' in read) {
    const answer: LeadFormAnswer = { action: values.get('action') ?? '', errors: read.errors, values: Object.fromEntries(values) };
    return astroPageAt(c, leadPath(lead.reference), answer, { status: 400, headers: ACCOUNT_PAGE });
  }
  const now = requestNow(c);
  await c.env.DB.batch(leadChangeStatements(c.env.DB, lead, read.change, c.var.staff, choices, now));
  const done = read.change.action === 'follow_up' && !read.change.followUpOn ? 'follow_up_cleared' : read.change.action;
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
  routes.post(OFFICE_PATHS.lead, staffOnly, ...formRoute({ maxBytes: MAX_OFFICE_BODY, limit: officeLimit }, changeLead));
}
