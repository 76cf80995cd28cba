/** What /office shows (issue 33 item 2): what needs doing today, then one page of leads as the filters choose. Data only. */
import { readLeadFilters, type LeadFilters } from '~/lib/office/leads';
import type { Env } from '../env';
import { listLeads, staffChoices, todoToday, type LeadPage, type StaffChoice, type TodoToday } from '../lib/office/leads';

export interface OfficeHomeView {
  todo: TodoToday;
  filters: LeadFilters;
  list: LeadPage;
  staff: StaffChoice[];
}

export async function officeHomeView(env: Env, query: URLSearchParams, now: Date): Promise<OfficeHomeView> {
  const filters = readLeadFilters(query);
  const [todo, list, staff] = await Promise.all([todoToday(env.DB, now), listLeads(env.DB, filters), staffChoices(env)]);
  return { todo, filters, list, staff };
}
