// A plain form's page after a post (the quote, contact and call-back forms), kept briefly so every post can redirect
// (post/redirect/get): Back and reload never send the form again, and nothing typed goes into a URL. The address carries
// only an unguessable id; D1 keeps its SHA-256 (`quote_form_states`, named for the first form that used it).
import type { Fill } from './prebuilt-page';
import { sha256Hex } from './hash';
import { randomViewToken } from './view-token';

/** Long enough to fix a mistake or fetch a phone number; short enough that a shared computer forgets it soon. */
export const FORM_STATE_MINUTES = 30;

const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

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

/** `values` in posted order, repeated names kept. */
export interface SavedFormState extends Omit<FormPageState, 'values' | 'fill'> {
  /** The form's own page; a state saved before there was more than one form is the quote's. */
  page?: string;
  values: Array<[string, string]>;
  fill?: { text?: Record<string, string>; show?: string[]; href?: Record<string, string> };
}

/** A refusal answered where it was posted, with its status: the form's twin renders it (pages/forms/). */
export interface AnsweredForm extends SavedFormState {
  status: number;
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
