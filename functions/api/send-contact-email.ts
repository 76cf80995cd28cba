// POST /api/send-contact-email: JSON from the enhanced form. POST /contact: the form without JavaScript (the endpoint
// takes its posts too, from a page built before the form posted to /contact), answered with 303 to /contact: with the
// reference, or with a refused form's values and messages (post/redirect/get, as /quote).
import { contactSubjects } from '~/data/contact-subjects';
import { PAGE_PATHS, type LeadAnswer } from '~/lib/api';
import { generateReference } from '~/lib/reference';
import { CONTACT_FORM_FIELDS } from '~/lib/form-fields';
import { contactSchema, type ContactMessage } from '~/lib/schemas';
import { acceptLead } from '../lib/accept-lead';
import { contactBusinessEmail, contactCustomerEmail } from '../lib/emails';
import { answerFormPost, contactSentPath, postedValues, refusalState } from '../lib/form-answer';
import { seeOther, type Refusal } from '../lib/http';
import type { LeadContext, LeadSpec } from '../lib/pipeline';

function subjectLabel(value: string): string {
  return contactSubjects.find((subject) => subject.value === value)?.label ?? value;
}

const sent = (reference: string) => seeOther(contactSentPath(reference));

const contactProblemPage = (c: LeadContext, refusal: Refusal) =>
  answerFormPost(c, PAGE_PATHS.contact, refusal.status, postedValues(c), refusalState(refusal, CONTACT_FORM_FIELDS));

export const contactRoute: LeadSpec<typeof contactSchema> = {
  type: 'contact',
  schema: contactSchema,
  form: { page: contactProblemPage },
  decoy: (c) =>
    c.var.via === 'form' ? sent(generateReference()) : c.json<LeadAnswer>({ reference: generateReference(), emailSent: true }, 201),
};

/** The form's own address: anything but a form post is the page with a 415. */
export const contactFormRoute: LeadSpec<typeof contactSchema> = { ...contactRoute, form: { only: true, page: contactProblemPage } };

export async function sendContactEmail(c: LeadContext, valid: ContactMessage): Promise<Response> {
  // The form sends a subject's value ('driver-application'); people read its label ('Driver application').
  const message = { ...valid, subject: subjectLabel(valid.subject) };
  const { reference, queued } = await acceptLead(c.env, {
    type: 'contact',
    record: (db, { reference, createdAt }) => [
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
    ],
    emails: (mail, { reference }) => [
      { kind: 'business', draft: contactBusinessEmail(mail, reference, message) },
      { kind: 'customer', draft: contactCustomerEmail(mail, reference, message) },
    ],
  });
  if (c.var.via === 'form') return sent(reference);
  // The message is stored either way; emailSent says whether its e-mails are on their way.
  return c.json<LeadAnswer>({ reference, emailSent: queued }, 201);
}
