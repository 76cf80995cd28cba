/**
 * POST /api/send-contact-email: stores a contact message, e-mails it to the business (reply-to the
 * customer) and acknowledges it to the customer. JSON for the enhanced form; a plain form post from our
 * own origin answers 303 to /contact?sent=1#message-sent, or an HTML page listing what to fix.
 */
import type { Context } from 'hono';
import { generateReference } from '../../src/lib/reference';
import { contactSchema, fieldErrors, isHoneypotFilled } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { contactBusinessEmail, contactCustomerEmail } from '../lib/emails';
import { formProblemPage } from '../lib/form-page';
import { mailContext } from '../lib/mail-context';
import { deliverNow, outboxInserts } from '../lib/outbox';
import { RATE_LIMIT_PERIOD_SECONDS, tooManyRequests, withinRateLimit } from '../lib/rate-limit';
import { issueReference } from '../lib/references';
import { bodyError, readBody, validationFailed } from '../lib/request-body';
import { contactSubjects } from '../../src/data/contact-subjects';

function subjectLabel(value: string): string {
  return contactSubjects.find((subject) => subject.value === value)?.label ?? value;
}

export const CONTACT_SENT_PATH = '/contact?sent=1#message-sent';
const CONTACT_PATH = '/contact';

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
};

/** `wrangler dev` rewrites the request URL to localhost; a browser on 127.0.0.1 is the same machine and port. */
function comparableOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    const host = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? 'localhost' : url.hostname;
    return `${url.protocol}//${host}:${url.port}`;
  } catch {
    return null;
  }
}

/** A plain form post must come from a page of this site (Origin, or Referer when a browser omits Origin). */
function fromOwnOrigin(c: Context<AppBindings>): boolean {
  const allowed = new Set([comparableOrigin(c.req.url), c.env.SITE_URL ? comparableOrigin(c.env.SITE_URL) : null].filter(Boolean));
  const claimed = c.req.header('Origin') ?? c.req.header('Referer');
  if (!claimed || claimed === 'null') return false;
  return allowed.has(comparableOrigin(claimed));
}

const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

export async function sendContactEmail(c: Context<AppBindings>): Promise<Response> {
  const isForm = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
  if (!(await withinRateLimit(c, 'CONTACT_LIMITER', 'contact'))) {
    if (!isForm) return tooManyRequests(c);
    const page = formProblemPage(429, 'Too many messages', ['Please wait a minute and send your message again.'], CONTACT_PATH);
    page.headers.set('Retry-After', String(RATE_LIMIT_PERIOD_SECONDS));
    return page;
  }
  if (isForm && !fromOwnOrigin(c)) {
    return formProblemPage(403, 'This form can only be sent from our website', ['Please use the form on our contact page.'], CONTACT_PATH);
  }
  const body = await readBody(c, { allowForm: true });
  if (!body.ok) {
    if (!isForm) return bodyError(c, body);
    return formProblemPage(body.status, 'We could not read your message', [body.message], CONTACT_PATH);
  }

  if (isHoneypotFilled(body.data)) {
    return body.kind === 'form' ? redirect(CONTACT_SENT_PATH) : c.json({ reference: generateReference(), emailSent: true }, 201);
  }

  const parsed = contactSchema.safeParse(body.data);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    if (body.kind === 'json') return validationFailed(c, fields);
    const problems = Object.entries(fields).map(([field, message]) => `${FIELD_LABELS[field] ?? field}: ${message}`);
    return formProblemPage(400, 'Please check your message', problems, CONTACT_PATH);
  }
  // The form sends a subject's value ('driver-application'); people read its label ('Driver application').
  const message = { ...parsed.data, subject: subjectLabel(parsed.data.subject) };

  const now = new Date();
  const createdAt = now.toISOString();
  const reference = await issueReference(c.env.DB, 'contact', createdAt);
  const ctx = mailContext(c.env);
  const emails = [
    { kind: 'business' as const, payload: contactBusinessEmail(ctx, reference, message) },
    { kind: 'customer' as const, payload: contactCustomerEmail(ctx, reference, message) },
  ].map((email) => ({
    ...email,
    recordType: 'contact' as const,
    recordReference: reference,
    idempotencyKey: `contact:${reference}:${email.kind}`,
  }));

  await c.env.DB.batch([
    c.env.DB.prepare(
      `INSERT INTO contact_messages (reference, created_at, first_name, last_name, email, phone, subject, message, via)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      reference,
      createdAt,
      message.firstName,
      message.lastName,
      message.email,
      message.phone || null,
      message.subject,
      message.message,
      body.kind,
    ),
    ...outboxInserts(c.env.DB, emails, now),
  ]);

  const sent = await deliverNow(c.env, 'contact', reference);
  if (body.kind === 'form') return redirect(CONTACT_SENT_PATH);
  // The message is stored either way; emailSent says whether the business has it in its inbox yet.
  return c.json({ reference, emailSent: sent.business === true }, 201);
}
