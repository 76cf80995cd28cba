import type { CallbackRequest } from '~/lib/schemas';
import { acceptLead } from './accept-lead';
import { callbackBusinessEmail } from './emails';
import type { LeadContext } from './lead-pipeline';

export async function acceptCallback(c: LeadContext, request: CallbackRequest): Promise<{ reference: string; emailed: boolean }> {
  const { reference, queued } = await acceptLead(c.env, {
    type: 'callback',
    record: (db, { reference, createdAt }) => [
      db
        .prepare('INSERT INTO callback_requests (reference, created_at, name, phone, survey, car) VALUES (?, ?, ?, ?, ?, ?)')
        .bind(reference, createdAt, request.name, request.phone, asJson(request.survey), asJson(request.car)),
    ],
    emails: (mail, { reference }) => [{ kind: 'business', draft: callbackBusinessEmail(mail, reference, request) }],
  });
  return { reference, emailed: queued };
}

const asJson = (value: object | undefined) => (value ? JSON.stringify(value) : null);
