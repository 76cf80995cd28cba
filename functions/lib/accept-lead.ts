/** The reference, record and outbox rows go in ONE batch, so none exists without the others and the lead is safe before any e-mail is queued. */
import type { Env } from '../env';
import type { MailContext } from './config';
import type { EmailDraft } from './email-draft';
import { outboxInserts, outboxKey, queueEmails } from './outbox';
import type { EmailKind, RecordType } from './records';
import { newReference, referenceTaken } from './references';
import { mailContext } from './mail-context';

export interface Claim {
  reference: string;
  createdAt: string;
}

export interface Lead {
  type: RecordType;
  record(db: D1Database, claim: Claim): D1PreparedStatement[];
  emails(mail: MailContext, claim: Claim): Array<{ kind: EmailKind; draft: EmailDraft }>;
}

export interface Accepted {
  reference: string;
  /** The e-mails are on their way; false when only stored (the cron trigger's sweep queues them later). */
  queued: boolean;
}

const REFERENCE_DRAWS = 5;

/** Rejects as D1 does (a quote's reused request key breaks a UNIQUE constraint). */
export async function acceptLead(env: Env, lead: Lead, now = new Date()): Promise<Accepted> {
  const createdAt = now.toISOString();
  const mail = await mailContext(env);
  for (let draw = 1; ; draw++) {
    const { reference, claim } = newReference(env.DB, lead.type, createdAt);
    const emails = lead.emails(mail, { reference, createdAt }).map(({ kind, draft }) => ({
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
    const keys = emails.map((email) => email.idempotencyKey);
    return { reference, queued: await queueEmails(env, keys) };
  }
}
