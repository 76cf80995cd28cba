// A plain form post to a page the Worker answers (sign-in, the manage page, the staff link's page): a small body, a form
// media type, from a page of this site. Read here once, so each page only decides what it means.
import type { RequestContext } from '../env';
import { readBounded } from './body';
import { REFUSALS, type Refusal } from './http';
import { fromOwnOrigin } from './same-origin';

/** An oversized body is refused first, whatever its type; a refusal for a post from another site still carries what it posted. */
export async function readFormPost(
  c: RequestContext,
  maxBytes: number,
  fromThisSite: (c: RequestContext) => boolean = fromOwnOrigin,
): Promise<{ values: URLSearchParams } | { refusal: Refusal; values?: URLSearchParams }> {
  const body = await readBounded(c.req.raw, maxBytes);
  if (body.tooLarge) return { refusal: REFUSALS.payloadTooLarge };
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return { refusal: REFUSALS.unsupportedForm };
  }
  const values = new URLSearchParams(new TextDecoder().decode(body.bytes));
  if (!fromThisSite(c)) return { refusal: REFUSALS.foreignForm, values };
  return { values };
}
