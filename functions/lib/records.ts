import type { EmailDraft } from './email-draft';

/** Must match the CHECK constraints of migrations/0002_leads.sql (tests/unit/records.test.ts keeps them in step). */
export const RECORD_TABLES = {
  quote: 'quote_requests',
  contact: 'contact_messages',
  callback: 'callback_requests',
} as const;

export type RecordType = keyof typeof RECORD_TABLES;

export const RECORD_TYPES = Object.keys(RECORD_TABLES) as RecordType[];

/** Outbox rows with no e-mail status of their own to keep. */
export const OUTBOX_ONLY_TYPES = ['alert', 'signin', 'account', 'move', 'staff', 'review', 'office', 'crew', 'partner'] as const;

export type OutboxRecordType = RecordType | (typeof OUTBOX_ONLY_TYPES)[number];

export type EmailKind = 'customer' | 'business' | 'alert' | 'crew';

export const isRecordType = (type: OutboxRecordType): type is RecordType => type in RECORD_TABLES;

/** An outbox row's state and channel (migrations 0002, 0080): one outbox for e-mails and texts. */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'gave_up';
export type OutboxChannel = 'email' | 'sms';

export interface OutboxRow {
  id: number;
  record_type: OutboxRecordType;
  record_reference: string;
  kind: EmailKind;
  recipient: string;
  payload: string;
  idempotency_key: string;
  status: OutboxStatus;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  channel: OutboxChannel;
  sending_until: string | null;
}

/** What a message needs next: nothing (sent, given up, or no row left), or another attempt after `delaySeconds`. */
export type Delivery = { done: true } | { done: false; delaySeconds: number };

/** A text's payload: the mobile (E.164) and the words. */
export interface TextDraft {
  to: string;
  body: string;
}

export interface OutboxEmail {
  recordType: OutboxRecordType;
  recordReference: string;
  kind: EmailKind;
  draft: EmailDraft;
  idempotencyKey: string;
}

/** An e-mail or a text, stored the same way. */
export type OutboxMessage = OutboxEmail | OutboxText;

export interface OutboxText {
  recordType: OutboxRecordType;
  recordReference: string;
  kind: EmailKind;
  text: TextDraft;
  idempotencyKey: string;
}
