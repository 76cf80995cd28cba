// A plain form's page after a post (the quote, contact and call-back forms), kept briefly so every post can redirect
// (post/redirect/get): Back and reload never send the form again, and nothing typed goes into a URL. The address carries
// only an unguessable id; D1 keeps its SHA-256 (`quote_form_states`, named for the first form that used it).
import { PAGE_PATHS } from '../../src/lib/api';
import type { FormView } from '../../src/lib/form-view';
import { TWINS } from '../../src/lib/unlisted';
import { sha256Hex } from './hash';
import { seeOther, type Refusal } from './http';
import type { LeadContext } from './lead-pipeline';
import { errorFill, mergeFills, type Fill } from './prebuilt-page';
import { twinPage } from './twin-page';
import { randomViewToken } from './view-token';

/** Long enough to fix a mistake or fetch a phone number; short enough that a shared computer forgets it soon. */
export const FORM_STATE_MINUTES = 30;

const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** `values` in posted order, repeated names kept. */
export interface SavedFormState extends Omit<FormPageState, 'values' | 'fill'> {
  /** The form's own page; a state saved before there was more than one form is the quote's. */
  page?: string;
  values: Array<[string, string]>;
  fill?: { text?: Record<string, string>; show?: string[]; href?: Record<string, string> };
}

export async function saveFormState(db: D1Database, state: SavedFormState, now = new Date()): Promise<string> {
  const id = randomViewToken();
  const expires = new Date(now.getTime() + FORM_STATE_MINUTES * 60_000);
  await db
    .prepare('INSERT INTO quote_form_states (id, created_at, expires_at, state) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(id), now.toISOString(), expires.toISOString(), JSON.stringify(state))
    .run();
  return id;
}

/** Only a state saved by `page`'s own form. */
export async function readFormState(db: D1Database, id: string | null, page: string, now = new Date()): Promise<SavedFormState | null> {
  if (!id || !ID_PATTERN.test(id)) return null;
  const row = await db
    .prepare('SELECT state FROM quote_form_states WHERE id = ? AND expires_at > ?')
    .bind(await sha256Hex(id), now.toISOString())
    .first<{ state: string }>();
  const state = row ? (JSON.parse(row.state) as SavedFormState) : null;
  return state && (state.page ?? '/quote') === page ? state : null;
}

export const deleteExpiredFormStates = (db: D1Database, now: Date) =>
  db.prepare('DELETE FROM quote_form_states WHERE expires_at < ?').bind(now.toISOString());

/** Every saved state whose e-mail field is `email` (lower-cased), as typed with any capitals or spaces: "Delete my data". */
export const deleteFormStatesOf = (db: D1Database, email: string) =>
  db
    .prepare(
      `DELETE FROM quote_form_states WHERE EXISTS (
         SELECT 1 FROM json_each(state, '$.values') AS field
         WHERE json_extract(field.value, '$[0]') = 'email' AND lower(trim(json_extract(field.value, '$[1]'))) = ?)`,
    )
    .bind(email);

export interface FormPageState {
  errors?: Record<string, string>;
  /** A problem with no field of its own. */
  general?: string | undefined;
  /** Hidden fields the Worker sets, over the posted values. */
  values?: Record<string, string>;
  fill?: Partial<Fill>;
  /** Errors always take focus first. */
  focus?: string;
}

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

/** A refusal answered where it was posted, with its status: the form's twin renders it (pages/forms/). */
export interface AnsweredForm extends SavedFormState {
  status: number;
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
