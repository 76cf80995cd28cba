import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call, query, runCron, unique, validContact } from './helpers';

/**
 * Records older than 24 months cannot be made over HTTP, so this test plants one straight into the local
 * D1 file (SQLite handles a second writer), then lets the real cron trigger delete it.
 */
function plantOldRecords(reference: string, createdAt: string): void {
  const folder = join(inject('statePath'), 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')!;
  const db = new DatabaseSync(join(folder, file));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(
      `INSERT INTO contact_messages (reference, created_at, first_name, last_name, email, phone, subject, message, via, email_status)
       VALUES (?, ?, 'Old', 'Record', 'old@example.com', NULL, 'general', 'From long ago', 'json', 'sent')`,
    ).run(reference, createdAt);
    db.prepare(
      `INSERT INTO email_outbox (record_type, record_reference, kind, recipient, payload, idempotency_key, status, attempts, next_attempt_at, created_at)
       VALUES ('contact', ?, 'business', 'leads@shiftly.example', '{}', ?, 'sent', 1, ?, ?)`,
    ).run(reference, `old:${reference}`, createdAt, createdAt);
  } finally {
    db.close();
  }
}

describe('retention (cron trigger)', () => {
  it('deletes records and e-mails older than 24 months and keeps newer ones', async () => {
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 24);
    old.setUTCDate(old.getUTCDate() - 1);
    const oldReference = `OLD${unique('r').slice(-6).toUpperCase()}`;
    plantOldRecords(oldReference, old.toISOString());
    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE reference = ?', oldReference)).toEqual([{ n: 1 }]);

    const recent = (await (await call('/api/send-contact-email', validContact())).json()) as { reference: string };
    await runCron();

    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE reference = ?', oldReference)).toEqual([{ n: 0 }]);
    expect(query('SELECT COUNT(*) AS n FROM email_outbox WHERE record_reference = ?', oldReference)).toEqual([{ n: 0 }]);
    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE reference = ?', recent.reference)).toEqual([{ n: 1 }]);
  });
});
