/**
 * The storing half of the lead pipeline, the same for every kind of lead: claim a reference, and store it with the
 * record and its outbox rows in ONE D1 batch (so none exists without the others, and the request is safe before any
 * e-mail is tried), then deliver and record the outcomes in one more. A failed e-mail stays in the outbox for the cron
 * trigger to retry; the lead is never lost to it.
 */
import type { Env } from '../env';
import { config, type MailContext } from './config';
import type { EmailDraft } from './email-draft';
import { deliverNow, outboxInserts, outboxKey } from './outbox';
import type { EmailKind, RecordType } from './records';
import { newReference, referenceTaken } from './references';

/** The reference a lead is stored under, and when. */
export interface Claim {
  reference: string;
  createdAt: string;
}

export interface Lead {
  type: RecordType;
  /** The record's INSERT and any rows that belong to it. */
  record(db: D1Database, claim: Claim): D1PreparedStatement[];
  /** The e-mails it sends. */
  emails(mail: MailContext, claim: Claim): Array<{ kind: EmailKind; draft: EmailDraft }>;
  /** A quote's view token, for the link in the customer e-mail sent at once. */
  viewToken?: string;
}

export interface Accepted {
  reference: string;
  /** Which e-mails went out at once (kind -> sent). */
  sent: Partial<Record<EmailKind, boolean>>;
}

const REFERENCE_DRAWS = 5;

/** Stores a valid lead and sends its e-mails. The batch rejects as D1 does (a quote's reused request key: UNIQUE). */
export async function acceptLead(env: Env, lead: Lead, now = new Date()): Promise<Accepted> {
  const createdAt = now.toISOString();
  for (let draw = 1; ; draw++) {
    const { reference, claim } = newReference(env.DB, lead.type, createdAt);
    const emails = lead.emails(config(env).mail, { reference, createdAt }).map(({ kind, draft }) => ({
      kind,
      draft,
      recordType: lead.type,
      recordReference: reference,
      idempotencyKey: outboxKey(lead.type, reference, kind),
    }));
    try {
      await env.DB.batch([claim, ...lead.record(env.DB, { reference, createdAt }), ...outboxInserts(env.DB, emails, now)]);
    } catch (error) {
      if (draw < REFERENCE_DRAWS && referenceTaken(error)) continue;
      throw error;
    }
    return { reference, sent: await deliverNow(env, lead.type, reference, emails, now, lead.viewToken) };
  }
}
