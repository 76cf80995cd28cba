/**
 * A move's receipt, invoice or credit note for its customer (issue 45 item 2): opened as the move page is, by its
 * link's token or the customer's session; another move's number, or none, is the same 404 as a wrong token.
 */
import type { Context } from 'hono';
import { MOVE_DOCUMENT_PATH } from '~/lib/documents';
import type { MoveDocumentRequest } from '~/lib/views/document';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { findDocument } from '../lib/documents';
import { pageAsSent } from '../lib/page-policy';
import { PRIVATE_PAGE } from '../lib/prebuilt-page';
import { moveNotOpened, openQuote } from './quote-confirmation';

export async function showMoveDocument(c: Context<AppBindings>): Promise<Response> {
  const number = Number(c.req.query('n'));
  const opened = await openQuote(c, c.req.query('ref') ?? null, c.req.query('t') ?? null);
  const found = opened && Number.isSafeInteger(number) && number > 0 ? await findDocument(c.env.DB, number) : null;
  if (!opened || !found || found.reference !== opened.quote.reference) return moveNotOpened(c);
  const handed: MoveDocumentRequest = { reference: opened.quote.reference, token: opened.token, number };
  return pageAsSent(c.env, c.req.url, await astroPageAt(c, MOVE_DOCUMENT_PATH, handed, { status: 200, headers: PRIVATE_PAGE }));
}
