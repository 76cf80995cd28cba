/**
 * /call-back, the call-back request without JavaScript (where Call Me Back leads when its dialog cannot open). POST
 * /call-back is stored and e-mailed like the dialog's request, with the same schema and messages, and answers 303 to the
 * page naming the reference; a refused form comes back with its values and messages (post/redirect/get, as /quote),
 * both rendered by the page's twin (src/pages/forms/call-back.astro).
 */
import { CALLBACK_MESSAGES } from '~/data/callback';
import { PAGE_PATHS } from '~/lib/api';
import { CALLBACK_FORM_FIELDS } from '~/lib/form-fields';
import { generateReference } from '~/lib/reference';
import { callbackSchema, type CallbackRequest } from '~/lib/schemas';
import { acceptCallback } from '../lib/callback';
import { answerFormPost, postedValues, refusalState, sentPath } from '../lib/form-answer';
import { seeOther, type Refusal } from '../lib/http';
import type { LeadContext, LeadSpec } from '../lib/pipeline';
import type { PageServices } from '../lib/page-services';
import { afterPost } from './form-twin';
import type { FormTwin } from '~/lib/views/forms';

const PAGE = PAGE_PATHS.callback;

function refusalPage(c: LeadContext, refusal: Refusal): Promise<Response> {
  const values = postedValues(c);
  const state = refusalState(refusal, CALLBACK_FORM_FIELDS);
  const blank = !values.get('name')?.trim() || !values.get('phone')?.trim();
  if (refusal.error.code === 'validation_failed' && blank) {
    state.general = `${CALLBACK_MESSAGES.blank.title}. ${CALLBACK_MESSAGES.blank.description}`;
  }
  return answerFormPost(c, PAGE, refusal.status, values, state);
}

export const callbackFormRoute: LeadSpec<typeof callbackSchema> = {
  type: 'callback',
  schema: callbackSchema,
  form: { only: true, page: refusalPage },
  decoy: () => seeOther(sentPath(PAGE, generateReference())),
};

export async function requestCallbackByForm(c: LeadContext, request: CallbackRequest): Promise<Response> {
  const { reference } = await acceptCallback(c, request);
  return seeOther(sentPath(PAGE, reference));
}

/** GET /call-back after a post (src/pages/forms/call-back.astro): the thanks, naming the reference, or a refused form. */
export const callbackPageView = (services: PageServices, url: URL): Promise<FormTwin> =>
  afterPost(services, url, PAGE, 'callback', (reference) => ({
    text: { reference: reference ?? '' },
    show: ['sent', ...(reference ? ['reference'] : [])],
    focus: 'sent',
  }));
