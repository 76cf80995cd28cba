// The contact, call-back and undelivered-alert e-mails (a quote's are in quote/emails.ts).
import { CALL_BACK_WITHIN, EMAIL_REPLY } from '~/data/promises';
import { surveySizeLabel, surveyTypeLabel } from '~/data/survey';
import { carRunsLabel } from '~/data/car-transport';
import type { CallbackRequest, ContactMessage } from '~/lib/schemas';
import type { MailContext } from './config';
import type { EmailDraft } from './email-draft';
import { contactText, renderEmail, textTable, type Row } from './email-layout';
import { headerSafe } from './escape';
import { BusinessEmail } from '~/components/email/BusinessEmail';
import { ContactCustomerEmail, UndeliveredAlertEmail } from '~/components/email/EnquiryEmails';

export function contactBusinessEmail(ctx: MailContext, reference: string, message: ContactMessage): EmailDraft {
  const name = `${message.firstName} ${message.lastName}`;
  const rows: Row[] = [
    ['Reference', reference],
    ['Name', name],
    ['Email', message.email],
    ['Phone', message.phone || '(not given)'],
    ['Subject', message.subject],
    ['Message', message.message],
  ];
  return {
    from: ctx.from,
    to: ctx.business,
    replyTo: message.email,
    subject: headerSafe(`Contact form: ${message.subject} (from ${name}, ${reference})`),
    html: renderEmail(BusinessEmail, { firm: ctx.firm, title: `Contact form ${reference}`, headline: `New message from ${name}`, rows }),
    text: [`New message from ${name}\n\n${textTable(rows)}`],
  };
}

export function contactCustomerEmail(ctx: MailContext, reference: string, message: ContactMessage): EmailDraft {
  return {
    from: ctx.from,
    to: message.email,
    subject: headerSafe(`We have your message (${reference})`),
    html: renderEmail(ContactCustomerEmail, {
      firm: ctx.firm,
      title: 'We have your message',
      firstName: message.firstName,
      reply: EMAIL_REPLY,
      reference,
      rows: [
        ['Subject', message.subject],
        ['Your message', message.message],
      ],
    }),
    text: [
      `Thanks, ${message.firstName}. We have your message.\nSomeone from our team will reply ${EMAIL_REPLY}. Your reference is ${reference}.\n\nSubject: ${message.subject}\nYour message: ${message.message}\n\n${contactText(ctx)}`,
    ],
  };
}

export function callbackBusinessEmail(ctx: MailContext, reference: string, request: CallbackRequest): EmailDraft {
  const { survey, car } = request;
  const rows: Row[] = [
    ['Reference', reference],
    ['Name', request.name],
    ['Phone', request.phone],
    ...(request.email ? ([['Email', request.email]] satisfies Row[]) : []),
    ...(survey
      ? ([
          ['Survey request', `${surveySizeLabel(survey.size)}: ${surveyTypeLabel(survey.type)}`],
          ['Postcode', survey.postcode || '(not given)'],
          ['Price', 'Not priced: call to arrange the survey, then price the move'],
        ] satisfies Row[])
      : []),
    ...(car
      ? ([
          ['Service', 'Car transport'],
          ['Car', car.vehicle],
          ['Runs', carRunsLabel(car.runs)],
          ['From', car.from],
          ['To', car.to],
          ['Price', 'Priced on request: call with a price for the car'],
        ] satisfies Row[])
      : []),
    ['Promise', `Call back ${CALL_BACK_WITHIN}`],
  ];
  const about = survey
    ? `Survey request (${surveySizeLabel(survey.size)}, ${surveyTypeLabel(survey.type).toLowerCase()})`
    : car
      ? `Car transport, priced on request (${car.from} to ${car.to})`
      : 'Call-back request';
  return {
    from: ctx.from,
    to: ctx.business,
    subject: headerSafe(`${about} ${reference}: ${request.name}, ${request.phone}`),
    html: renderEmail(BusinessEmail, {
      firm: ctx.firm,
      title: `Call-back request ${reference}`,
      headline: `Please call ${request.name} back`,
      rows,
    }),
    text: [`Please call ${request.name} back\n\n${textTable(rows)}`],
  };
}

export interface UndeliveredEmail {
  id: number;
  record_reference: string;
  kind: string;
  recipient: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

export function undeliveredAlertEmail(ctx: MailContext, rows: UndeliveredEmail[]): EmailDraft {
  const lines: Row[] = rows.map((r) => [
    `${r.record_reference} (${r.kind})`,
    `to ${r.recipient}, ${r.attempts} attempts since ${r.created_at}; last error: ${r.last_error ?? 'unknown'}`,
  ]);
  return {
    from: ctx.from,
    to: ctx.business,
    subject: headerSafe(`${rows.length} e-mail${rows.length === 1 ? '' : 's'} could not be sent`),
    html: renderEmail(UndeliveredAlertEmail, {
      firm: ctx.firm,
      title: 'E-mails that could not be sent',
      headline: `${rows.length} e-mail${rows.length === 1 ? '' : 's'} could not be sent`,
      rows: lines,
    }),
    text: [
      `${rows.length} e-mail(s) could not be sent. The requests are stored; please contact these customers yourselves.\n\n${textTable(lines)}`,
    ],
  };
}
