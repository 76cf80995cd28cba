/**
 * The owner's settings (issue 40 item 7): the page, and its one form's post. Owner only; anyone else meets the 404 that
 * hides every office address. A refused post is the page again (400) with each message by its field.
 */
import type { Context } from 'hono';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { readSettingsForm, settingsForm } from '~/lib/office/settings';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { seeOther, type Refusal } from '../lib/http';
import { formRoute } from '../lib/pipeline';
import { ownerOnly, staffOnly, officeLimit, type OfficeBindings, type OfficeRoutes } from '../lib/office/gate';
import { firmSettings, saveSettings } from '../lib/office/settings';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import type { SettingsPageState } from '~/lib/views/settings';

/** Ten short fields: anything longer is not this form. */
const MAX_SETTINGS_BODY = 8 * 1024;

const refused = (c: Context<OfficeBindings>, status: number, state: SettingsPageState) =>
  astroPageAt(c, OFFICE_PATHS.settings, state, { status, headers: ACCOUNT_PAGE });

const refusedPost = (c: Context<OfficeBindings>, { status, error }: Refusal) => refused(c, status, { errors: { form: error.message } });

async function postSettings(c: Context<OfficeBindings>, posted: URLSearchParams): Promise<Response> {
  const read = readSettingsForm(posted, settingsForm(await firmSettings(c.env)));
  if ('errors' in read) return refused(c, 400, read);
  const changed = await saveSettings(c.env, read.settings, c.var.staff.email, requestNow(c));
  return seeOther(`${OFFICE_PATHS.settings}?done=${changed.length > 0 ? 'saved' : 'unchanged'}`);
}

export function settingsRoutes(routes: OfficeRoutes): void {
  routes.page(OFFICE_PATHS.settings, staffOnly, ownerOnly);
  routes.post(
    OFFICE_PATHS.settings,
    staffOnly,
    ownerOnly,
    ...formRoute({ maxBytes: MAX_SETTINGS_BODY, limit: officeLimit, page: refusedPost }, postSettings),
  );
}
