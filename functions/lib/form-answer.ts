// A plain form post's answer (the quote, contact and call-back forms): what its page shows, saved (form-state.ts) and
// redirected to, or rendered where it was posted by the page's twin (src/pages/forms/, astro-page.ts twinPage).
import { PAGE_PATHS } from '~/lib/api';
import type { FormView } from '~/lib/form-view';
import { TWINS } from '~/lib/unlisted';
import { saveFormState, type FormPageState, type SavedFormState } from './form-state';
export type { AnsweredForm, FormPageState } from './form-state';
import { seeOther, type Refusal } from './http';
import type { LeadContext } from './pipeline';
import { errorFill, mergeFills, type Fill } from './prebuilt-page';
import { twinPage } from './astro-page';

export function refusalState(refusal: Refusal, fields: ReadonlySet<string>): FormPageState {
  const errors: Record<string, string> = {};
  let general: string | undefined;
  for (const [key, message] of Object.entries(refusal.error.fields ?? {})) {
    const field = key.split('.')[0] ?? key;
    if (fields.has(field)) errors[field] ??= message;
    else general ??= message;
  }
  if (Object.keys(errors).length === 0) general ??= refusal.error.message;
  return { errors, general };
}

export function postedValues(c: LeadContext, state: Pick<FormPageState, 'values'> = {}): URLSearchParams {
  const values = new URLSearchParams(c.var.formBody);
  // Which button was pressed, and the honeypot, are never written back.
  values.delete('action');
  values.delete('website');
  for (const [name, value] of Object.entries(state.values ?? {})) values.set(name, value);
  return values;
}

/** What the form's page shows for a saved (or just refused) post: its values, messages and the parts it fills. */
export function formView(
  state: Pick<SavedFormState, 'values' | 'errors' | 'general' | 'fill' | 'focus'>,
  more: Partial<Fill> = {},
): FormView {
  const errors = state.errors ?? {};
  const fill = mergeFills(errorFill(errors, state.general), state.fill ?? {}, more);
  const hasErrors = Object.keys(errors).length > 0 || !!state.general;
  return { ...fill, values: state.values, errors, focus: hasErrors ? 'errors' : state.focus };
}

/** Where a stored plain form post goes: its page, naming the reference. */
export const sentPath = (page: string, reference: string, fragment = '') =>
  `${page}?${new URLSearchParams({ sent: '1', ref: reference })}${fragment}`;

export const contactSentPath = (reference: string) => sentPath(PAGE_PATHS.contact, reference, '#message-sent');

/** The Worker answers a form's page itself only after a post: its address carries `sent`, or `form` (a refused form). */
export const isAfterPost = (url: URL) => url.searchParams.has('sent') || url.searchParams.has('form');

/** The on-demand page (src/pages/forms/) that renders a form's page with a request's state. */
export const formTwinPath = (page: string) => `${TWINS}${page.slice(1)}`;

/** Answered through a saved state and a redirect: a page to show, and refusals about what was typed or the route. */
const REDIRECTED = new Set([200, 400, 422, 503]);

/**
 * A form post's page: saved and answered `303` to `<page>?form=<id>`. A refusal before the fields are read as ours (403,
 * 413, 415, 429) stores nothing: it is the page at its status, at the address posted to.
 */
export async function answerFormPost(
  c: LeadContext,
  page: string,
  status: number,
  values: URLSearchParams,
  { values: _values, fill, ...rest }: FormPageState,
): Promise<Response> {
  const state: SavedFormState = {
    ...rest,
    page,
    values: [...values],
    ...(fill ? { fill: { text: fill.text ?? {}, show: [...(fill.show ?? [])], href: fill.href ?? {} } } : {}),
  };
  if (!c.var.formBody || !REDIRECTED.has(status)) return twinPage(c, formTwinPath(page), { answered: { ...state, status } });
  return seeOther(`${page}?form=${await saveFormState(c.env.DB, state)}`);
}
