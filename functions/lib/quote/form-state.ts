/**
 * What the quote form without JavaScript shows after a post, kept in D1 for a short time (quote_form_states,
 * migrations/0005) so every post can answer with a redirect (post/redirect/get): Back and reload never ask to send
 * the form again, and the answers (contact details among them) never go into a URL. The page's address carries only
 * an unguessable id (192 random bits); D1 keeps its SHA-256, as it does a quote's view token.
 */
import { sha256Hex } from '../hash';
import type { FormPageState } from '../prebuilt-page';
import { randomViewToken } from '../view-token';

/** Long enough to fix a mistake or fetch a phone number; short enough that a shared computer forgets it soon. */
export const FORM_STATE_MINUTES = 30;

const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A page's state as stored: the form's values as posted (in order, repeated names kept) and what the page says. */
export interface SavedFormState extends Omit<FormPageState, 'values' | 'fill'> {
  values: Array<[string, string]>;
  fill?: { text?: Record<string, string>; show?: string[]; href?: Record<string, string> };
}

/** Stores a page's state; answers the id its address carries. */
export async function saveFormState(db: D1Database, state: SavedFormState, now = new Date()): Promise<string> {
  const id = randomViewToken();
  const expires = new Date(now.getTime() + FORM_STATE_MINUTES * 60_000);
  await db
    .prepare('INSERT INTO quote_form_states (id, created_at, expires_at, state) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(id), now.toISOString(), expires.toISOString(), JSON.stringify(state))
    .run();
  return id;
}

/** The state stored under `id`, or null when there is none, it has expired, or the id is not one we make. */
export async function readFormState(db: D1Database, id: string | null, now = new Date()): Promise<SavedFormState | null> {
  if (!id || !ID_PATTERN.test(id)) return null;
  const row = await db
    .prepare('SELECT state FROM quote_form_states WHERE id = ? AND expires_at > ?')
    .bind(await sha256Hex(id), now.toISOString())
    .first<{ state: string }>();
  return row ? (JSON.parse(row.state) as SavedFormState) : null;
}

/** The statement deleting expired states (the cron trigger's). */
export const deleteExpiredFormStates = (db: D1Database, now: Date) =>
  db.prepare('DELETE FROM quote_form_states WHERE expires_at < ?').bind(now.toISOString());
