/**
 * The storing half of the lead pipeline, the same for every kind of lead: issue a reference, write the
 * e-mails, store the record and its outbox rows in ONE D1 batch (so neither exists without the other, and
 * the request is safe before any e-mail is tried), then deliver. A failed e-mail stays in the outbox for
 * the cron trigger to retry; the lead is never lost to it.
 */
import type { Env } from '../env';
import { config, type MailContext } from './config';
import { deliverNow, outboxInserts, type EmailPayload } from './outbox';
import type { EmailKind, RecordType } from './records';
import { issueReference } from './references';

export interface Lead {
  type: RecordType;
  /** The record's INSERT (and any rows that belong to it), given its reference and creation time. */
  record(db: D1Database, reference: string, createdAt: string): D1PreparedStatement | D1PreparedStatement[];
  /** The e-mails it sends, given its reference. */
  emails(mail: MailContext, reference: string): Array<{ kind: EmailKind; payload: EmailPayload }>;
  /**
   * Start of each e-mail's idempotency key (`<start>:<kind>`); default `<type>:<reference>`. A quote uses the
   * customer's own request key, so a retried submission can never send twice.
   */
  emailKey?: string;
  /** A quote's view token, for the link in the e-mails sent at once (outbox.ts writes links in at send time). */
  viewToken?: string;
}

export interface Accepted {
  reference: string;
  /** Which e-mails went out at once (kind -> sent). */
  sent: Partial<Record<EmailKind, boolean>>;
}

/** Stores a valid lead and sends its e-mails. The batch rejects as D1 does (a quote's reused key: UNIQUE). */
export async function acceptLead(env: Env, lead: Lead, now = new Date()): Promise<Accepted> {
  const createdAt = now.toISOString();
  const reference = await issueReference(env.DB, lead.type, createdAt);
  const keyStart = lead.emailKey ?? `${lead.type}:${reference}`;
  const emails = lead.emails(config(env).mail, reference).map((email) => ({
    ...email,
    recordType: lead.type,
    recordReference: reference,
    idempotencyKey: `${keyStart}:${email.kind}`,
  }));
  await env.DB.batch([lead.record(env.DB, reference, createdAt), outboxInserts(env.DB, emails, now)].flat());
  return { reference, sent: await deliverNow(env, lead.type, reference, lead.viewToken) };
}
