/** /contact after a plain form post (src/pages/forms/contact.astro): the reference written in, or a refused form with its values and messages. */
import { PAGE_PATHS } from '~/lib/api';
import type { FormView } from '~/lib/form-view';
import type { PageServices } from '../lib/page-services';
import { afterPost } from './form-twin';
import type { FormTwin } from '~/lib/views/forms';

// The thanks itself shows through the address's #message-sent (ContactForm.astro).
export const contactPageView = (services: PageServices, url: URL): Promise<FormTwin> =>
  afterPost(services, url, PAGE_PATHS.contact, 'contact', (reference): FormView => ({
    text: reference ? { reference } : {},
    show: reference ? ['reference'] : [],
  }));
