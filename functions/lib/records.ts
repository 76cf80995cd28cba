/** Must match the CHECK constraints of migrations/0002_leads.sql (tests/unit/records.test.ts keeps them in step). */
export const RECORD_TABLES = {
  quote: 'quote_requests',
  contact: 'contact_messages',
  callback: 'callback_requests',
} as const;

export type RecordType = keyof typeof RECORD_TABLES;

export const RECORD_TYPES = Object.keys(RECORD_TABLES) as RecordType[];

/** Outbox rows with no e-mail status of their own to keep. */
export const OUTBOX_ONLY_TYPES = ['alert', 'signin', 'account', 'move', 'staff', 'review', 'office', 'crew'] as const;

export type OutboxRecordType = RecordType | (typeof OUTBOX_ONLY_TYPES)[number];

export type EmailKind = 'customer' | 'business' | 'alert' | 'crew';

export const isRecordType = (type: OutboxRecordType): type is RecordType => type in RECORD_TABLES;
