/** POST /api/request-callback: a call-back request (name, phone), stored and e-mailed to the business. */
import type { LeadAnswer } from '../../src/lib/api';
import { generateReference } from '../../src/lib/reference';
import { callbackSchema, type CallbackRequest } from '../../src/lib/schemas';
import { acceptLead } from '../lib/accept-lead';
import { callbackBusinessEmail } from '../lib/emails';
import type { LeadContext, LeadSpec } from '../lib/lead-pipeline';

export const callbackRoute: LeadSpec<typeof callbackSchema> = {
  type: 'callback',
  schema: callbackSchema,
  decoy: (c) => c.json<LeadAnswer>({ reference: generateReference(), emailSent: true }, 201),
};

export async function requestCallback(c: LeadContext, request: CallbackRequest): Promise<Response> {
  const { reference, sent } = await acceptLead(c.env, {
    type: 'callback',
    record: (db, { reference, createdAt }) => [
      db
        .prepare('INSERT INTO callback_requests (reference, created_at, name, phone) VALUES (?, ?, ?, ?)')
        .bind(reference, createdAt, request.name, request.phone),
    ],
    emails: (mail, { reference }) => [{ kind: 'business', draft: callbackBusinessEmail(mail, reference, request) }],
  });
  return c.json<LeadAnswer>({ reference, emailSent: sent.business === true }, 201);
}
