// A plain form's page after a post: stored, it names the reference (`?sent=1&ref=…`); refused, it is the form again
// (`?form=<id>`, form-state.ts). The contact and call-back forms; the quote's success is its confirmation link.
import type { Context } from 'hono';
import { PAGE_PATHS } from '../../src/lib/api';
import { isReference } from '../../src/lib/reference';
import type { AppBindings } from '../env';
import { readFormState } from './form-state';
import { filledPage, formPageWith, prebuiltPage, type PageFill } from './prebuilt-page';
import { RECORD_TABLES, type RecordType } from './records';

/** Where a stored plain form post goes: its page, naming the reference. */
export const sentPath = (page: string, reference: string, fragment = '') =>
  `${page}?${new URLSearchParams({ sent: '1', ref: reference })}${fragment}`;

export const contactSentPath = (reference: string) => sentPath(PAGE_PATHS.contact, reference, '#message-sent');

/** The Worker answers a form's page itself only after a post: its address carries `sent`, or `form` (a refused form). */
export const isAfterPost = (url: URL) => url.searchParams.has('sent') || url.searchParams.has('form');

/**
 * GET of a form's page after a post. `sent(reference)` fills the thanks, given the reference only if a record of `type`
 * has it; an expired form is the empty page.
 */
export async function afterPostPage(
  c: Context<AppBindings>,
  page: string,
  type: RecordType,
  sent: (reference: string | null) => PageFill,
): Promise<Response> {
  const saved = await readFormState(c.env.DB, c.req.query('form') ?? null, page);
  if (saved) return formPageWith(c, page, 200, new URLSearchParams(saved.values), saved);
  const built = await prebuiltPage(c.env, c.req.url, page);
  if (c.req.query('sent') === undefined) return filledPage(built, {}, 200);
  const reference = c.req.query('ref') ?? '';
  const known =
    isReference(reference) &&
    !!(await c.env.DB.prepare(`SELECT 1 FROM ${RECORD_TABLES[type]} WHERE reference = ?`).bind(reference).first());
  return filledPage(built, sent(known ? reference : null), 200);
}
