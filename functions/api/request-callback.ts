/** POST /api/request-callback: a call-back request (name, phone), stored and e-mailed to the business. */
import type { Context } from 'hono';
import { generateReference } from '../../src/lib/reference';
import { callbackSchema, fieldErrors, isHoneypotFilled } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { callbackBusinessEmail } from '../lib/emails';
import { mailContext } from '../lib/mail-context';
import { deliverNow, outboxInserts } from '../lib/outbox';
import { tooManyRequests, withinRateLimit } from '../lib/rate-limit';
import { issueReference } from '../lib/references';
import { bodyError, readBody, validationFailed } from '../lib/request-body';

export async function requestCallback(c: Context<AppBindings>): Promise<Response> {
  if (!(await withinRateLimit(c, 'CALLBACK_LIMITER', 'callback'))) return tooManyRequests(c);
  const body = await readBody(c);
  if (!body.ok) return bodyError(c, body);
  if (isHoneypotFilled(body.data)) return c.json({ reference: generateReference(), emailSent: true }, 201);

  const parsed = callbackSchema.safeParse(body.data);
  if (!parsed.success) return validationFailed(c, fieldErrors(parsed.error));
  const request = parsed.data;

  const now = new Date();
  const createdAt = now.toISOString();
  const reference = await issueReference(c.env.DB, 'callback', createdAt);
  const emails = [
    {
      kind: 'business' as const,
      payload: callbackBusinessEmail(mailContext(c.env), reference, request),
      recordType: 'callback' as const,
      recordReference: reference,
      idempotencyKey: `callback:${reference}:business`,
    },
  ];
  await c.env.DB.batch([
    c.env.DB.prepare('INSERT INTO callback_requests (reference, created_at, name, phone) VALUES (?, ?, ?, ?)').bind(
      reference,
      createdAt,
      request.name,
      request.phone,
    ),
    ...outboxInserts(c.env.DB, emails, now),
  ]);
  const sent = await deliverNow(c.env, 'callback', reference);
  return c.json({ reference, emailSent: sent.business === true }, 201);
}
