/**
 * /call-back, the call-back request without JavaScript (where Call Me Back leads when its dialog cannot open). POST
 * /call-back is stored and e-mailed like the dialog's request, with the same schema and messages, and answers 303 to the
 * page naming the reference; a refused form comes back with its values and messages (post/redirect/get, as /quote).
 */
import type { Context } from 'hono';
import { CALLBACK_MESSAGES } from '../../src/data/callback';
import { PAGE_PATHS } from '../../src/lib/api';
import { CALLBACK_FORM_FIELDS } from '../../src/lib/form-fields';
import { generateReference } from '../../src/lib/reference';
import { callbackSchema, type CallbackRequest } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { acceptCallback } from '../lib/callback';
import { afterPostPage, sentPath } from '../lib/form-sent';
import { answerFormPost } from '../lib/form-state';
import { seeOther, type Refusal } from '../lib/http';
import type { LeadContext, LeadSpec } from '../lib/lead-pipeline';
import { postedValues, refusalState } from '../lib/prebuilt-page';

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

/** GET /call-back after a post (lib/form-sent.ts): the thanks, naming the reference, or a refused form. */
export const callbackPage = (c: Context<AppBindings>) =>
  afterPostPage(c, PAGE, 'callback', (reference) => ({
    text: { reference: reference ?? '' },
    show: ['sent', ...(reference ? ['reference'] : [])],
    focus: 'sent',
  }));
