/** /contact after a plain form post (lib/form-sent.ts): the reference written in, or a refused form with its values and messages. */
import type { Context } from 'hono';
import { PAGE_PATHS } from '../../src/lib/api';
import type { AppBindings } from '../env';
import { afterPostPage } from '../lib/form-sent';

// The thanks itself shows through the address's #message-sent (ContactForm.astro).
export const contactPage = (c: Context<AppBindings>) =>
  afterPostPage(c, PAGE_PATHS.contact, 'contact', (reference) => (reference ? { text: { reference }, show: ['reference'] } : {}));
