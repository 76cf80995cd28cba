/**
 * POST /api/send-contact-email: stores a contact message, e-mails it to the business (reply-to the
 * customer) and acknowledges it to the customer. JSON for the enhanced form; a plain form post from our
 * own origin answers 303 to /contact?sent=1#message-sent, or an HTML page listing what to fix.
 */
import { contactSubjects } from '../../src/data/contact-subjects';
import type { LeadAnswer } from '../../src/lib/api';
import { generateReference } from '../../src/lib/reference';
import { contactSchema, type ContactMessage } from '../../src/lib/schemas';
import { acceptLead } from '../lib/accept-lead';
import { contactBusinessEmail, contactCustomerEmail } from '../lib/emails';
import { formProblemPage } from '../lib/form-page';
import type { Refusal } from '../lib/http';
import type { LeadContext, LeadSpec } from '../lib/lead-pipeline';

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

function subjectLabel(value: string): string {
  return contactSubjects.find((subject) => subject.value === value)?.label ?? value;
}

const sent = () => new Response(null, { status: 303, headers: { Location: CONTACT_SENT_PATH, 'Cache-Control': 'no-store' } });

/** The contact form without JavaScript: each refusal as a page saying what to do, with a way back. */
function contactProblemPage(_c: LeadContext, { status, error }: Refusal): Response {
  switch (error.code) {
    case 'rate_limited':
      return formProblemPage(status, 'Too many messages', ['Please wait a minute and send your message again.'], CONTACT_PATH);
    case 'foreign_origin':
      return formProblemPage(
        status,
        'This form can only be sent from our website',
        ['Please use the form on our contact page.'],
        CONTACT_PATH,
      );
    case 'validation_failed': {
      const problems = Object.entries(error.fields ?? {}).map(([field, message]) => `${FIELD_LABELS[field] ?? field}: ${message}`);
      return formProblemPage(status, 'Please check your message', problems, CONTACT_PATH);
    }
    default:
      return formProblemPage(status, 'We could not read your message', [error.message], CONTACT_PATH);
  }
}

export const contactRoute: LeadSpec<typeof contactSchema> = {
  type: 'contact',
  schema: contactSchema,
  form: { page: contactProblemPage },
  decoy: (c) => (c.var.via === 'form' ? sent() : c.json<LeadAnswer>({ reference: generateReference(), emailSent: true }, 201)),
};

export async function sendContactEmail(c: LeadContext, valid: ContactMessage): Promise<Response> {
  // The form sends a subject's value ('driver-application'); people read its label ('Driver application').
  const message = { ...valid, subject: subjectLabel(valid.subject) };
  const { reference, sent: delivered } = await acceptLead(c.env, {
    type: 'contact',
    record: (db, reference, createdAt) =>
      db
        .prepare(
          `INSERT INTO contact_messages (reference, created_at, first_name, last_name, email, phone, subject, message, via)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          reference,
          createdAt,
          message.firstName,
          message.lastName,
          message.email,
          message.phone || null,
          message.subject,
          message.message,
          c.var.via,
        ),
    emails: (mail, reference) => [
      { kind: 'business', payload: contactBusinessEmail(mail, reference, message) },
      { kind: 'customer', payload: contactCustomerEmail(mail, reference, message) },
    ],
  });
  if (c.var.via === 'form') return sent();
  // The message is stored either way; emailSent says whether the business has it in its inbox yet.
  return c.json<LeadAnswer>({ reference, emailSent: delivered.business === true }, 201);
}
