// A plain form post to a page the Worker answers (sign-in, the manage page, the staff link's page): a form media type,
// a small body, from a page of this site. Read here once, so each page only decides what it means.
import type { RequestContext } from '../env';
import { REFUSALS, type Refusal } from './http';
import { fromOwnOrigin } from './same-origin';

/** A refusal for a post from another site still carries what it posted. */
export async function readFormPost(
  c: RequestContext,
  maxBytes: number,
  fromThisSite: (c: RequestContext) => boolean = fromOwnOrigin,
): Promise<{ values: URLSearchParams } | { refusal: Refusal; values?: URLSearchParams }> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return { refusal: REFUSALS.unsupportedForm };
  }
  if (Number(c.req.header('Content-Length') ?? 0) > maxBytes) return { refusal: REFUSALS.payloadTooLarge };
  const raw = await c.req.text();
  if (raw.length > maxBytes) return { refusal: REFUSALS.payloadTooLarge };
  const values = new URLSearchParams(raw);
  if (!fromThisSite(c)) return { refusal: REFUSALS.foreignForm, values };
  return { values };
}
