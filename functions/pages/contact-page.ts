/** GET /contact?sent=1&ref=…, after a contact form posted without JavaScript. Only a reference that exists is written in. */
import type { Context } from 'hono';
import { PAGE_PATHS } from '../../src/lib/api';
import { isReference } from '../../src/lib/reference';
import type { AppBindings } from '../env';
import { filledPage, prebuiltPage } from '../lib/prebuilt-page';

export async function contactSentPage(c: Context<AppBindings>): Promise<Response> {
  const reference = c.req.query('ref') ?? '';
  const known =
    isReference(reference) && !!(await c.env.DB.prepare('SELECT 1 FROM contact_messages WHERE reference = ?').bind(reference).first());
  const page = await prebuiltPage(c.env, c.req.url, PAGE_PATHS.contact);
  return filledPage(page, known ? { text: { reference }, show: ['reference'] } : {}, 200);
}
