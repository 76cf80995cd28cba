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
 * Outbox rows that are not a record's own first e-mails: an alert to the business about e-mails that could not be
 * sent, a sign-in link, the confirmation that an address's data was deleted (functions/lib/account/), and the e-mails
 * of a change to a quote ('move', with a view link for the customer; 'staff' and 'review', the business's with a
 * booking's or a review's staff link: functions/lib/quote/manage.ts). None of them has an e-mail status of its own to keep.
 */
export const OUTBOX_ONLY_TYPES = ['alert', 'signin', 'account', 'move', 'staff', 'review'] as const;

export type OutboxRecordType = RecordType | (typeof OUTBOX_ONLY_TYPES)[number];

/** Who an e-mail is for (email_outbox.kind). */
export type EmailKind = 'customer' | 'business' | 'alert';

/** Whether an outbox row's type is a record with an e-mail status of its own. */
export const isRecordType = (type: OutboxRecordType): type is RecordType => type in RECORD_TABLES;
