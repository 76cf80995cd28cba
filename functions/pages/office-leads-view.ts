/** What /office shows (issue 33 item 2): what needs doing today, then one page of leads as the filters choose. Data only. */
import { LEAD_SEARCH_MESSAGE, overlongSearch, readLeadFilters } from '~/lib/office/leads';
import type { Env } from '../env';
import { listLeads, staffChoices, todoToday } from '../lib/office/leads';
import type { OfficeHomeView } from '~/lib/views/office';

export async function officeHomeView(env: Env, query: URLSearchParams, now: Date): Promise<OfficeHomeView> {
  const filters = readLeadFilters(query);
  const overlong = overlongSearch(query);
  const [todo, list, staff] = await Promise.all([
    todoToday(env.DB, now),
    overlong === null ? listLeads(env.DB, filters) : { leads: [], page: 1, more: false },
    staffChoices(env),
  ]);
  if (overlong !== null) return { todo, filters: { ...filters, q: overlong }, list, staff, searchError: LEAD_SEARCH_MESSAGE };
  return { todo, filters, list, staff };
}
