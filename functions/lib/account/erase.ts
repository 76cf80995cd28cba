/** UK GDPR's right to erasure. Reference numbers stay claimed: they hold nothing personal and must never be issued twice. */
import { generateReference } from '../../../src/lib/reference';
import type { Env } from '../../env';
import { config } from '../config';
import { deliverNow, outboxInserts } from '../outbox';
import { dataDeletedEmail } from './emails';
import { accountEmail } from './tokens';

export async function eraseAddress(env: Env, typed: string, now = new Date()): Promise<{ quotes: number; messages: number }> {
  const email = accountEmail(typed);
  const db = env.DB;
  const quotes = 'SELECT reference FROM quote_requests WHERE lower(email) = ?1';
  const messages = 'SELECT reference FROM contact_messages WHERE lower(email) = ?1';
  const results = await db.batch([
    db.prepare(`DELETE FROM quote_view_tokens WHERE reference IN (${quotes})`).bind(email),
    db.prepare(`DELETE FROM quote_staff_tokens WHERE reference IN (${quotes})`).bind(email),
    db.prepare(`DELETE FROM quote_events WHERE reference IN (${quotes})`).bind(email),
    db.prepare(`DELETE FROM move_reviews WHERE reference IN (${quotes})`).bind(email),
    db
      .prepare(
        `DELETE FROM email_outbox WHERE record_reference IN (${quotes}) OR record_reference IN (${messages}) OR lower(recipient) = ?1`,
      )
      .bind(email),
    db.prepare('DELETE FROM quote_requests WHERE lower(email) = ?1').bind(email),
    db.prepare('DELETE FROM contact_messages WHERE lower(email) = ?1').bind(email),
    db.prepare('DELETE FROM sign_in_links WHERE email = ?1').bind(email),
    db.prepare('DELETE FROM sessions WHERE email = ?1').bind(email),
    db.prepare('DELETE FROM referral_codes WHERE email = ?1').bind(email),
  ]);
  const deleted = { quotes: results[5]?.meta.changes ?? 0, messages: results[6]?.meta.changes ?? 0 };
  const id = generateReference();
  const emails = [
    {
      recordType: 'account' as const,
      recordReference: id,
      kind: 'customer' as const,
      draft: dataDeletedEmail(config(env).mail, email, deleted),
      idempotencyKey: `account:${id}:deleted`,
    },
  ];
  await db.batch(outboxInserts(db, emails, now));
  await deliverNow(env, 'account', id, emails, now);
  return deleted;
}
