/**
 * The kinds of record the Worker stores, listed once. Each has its own table; the migration's CHECK
 * constraints (migrations/0002_leads.sql: reference_numbers.record_type, email_outbox.record_type) allow
 * exactly these, and tests/unit/records.test.ts keeps the two in step.
 */
export const RECORD_TABLES = {
  quote: 'quote_requests',
  contact: 'contact_messages',
  callback: 'callback_requests',
} as const;

export type RecordType = keyof typeof RECORD_TABLES;

export const RECORD_TYPES = Object.keys(RECORD_TABLES) as RecordType[];

/**
 * An outbox row belongs to a record, is an alert to the business about e-mails that could not be sent, a sign-in
 * link, or the confirmation that an address's data was deleted (functions/lib/account/).
 */
export type OutboxRecordType = RecordType | 'alert' | 'signin' | 'account';

/** Who an e-mail is for (email_outbox.kind). */
export type EmailKind = 'customer' | 'business' | 'alert';
