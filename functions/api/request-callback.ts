import type { LeadAnswer } from '~/lib/api';
import { generateReference } from '~/lib/reference';
import { callbackSchema, type CallbackRequest } from '~/lib/schemas';
import { acceptCallback } from '../lib/callback';
import type { LeadContext, LeadSpec } from '../lib/pipeline';

export const callbackRoute: LeadSpec<typeof callbackSchema> = {
  type: 'callback',
  schema: callbackSchema,
  decoy: (c) => c.json<LeadAnswer>({ reference: generateReference(), emailSent: true }, 201),
};

export async function requestCallback(c: LeadContext, request: CallbackRequest): Promise<Response> {
  const { reference, emailed } = await acceptCallback(c, request);
  return c.json<LeadAnswer>({ reference, emailSent: emailed }, 201);
}
