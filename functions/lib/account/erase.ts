/**
 * UK GDPR's right to erasure (issue 30, item 3: src/lib/erasure.ts says what is kept and why). One batch, one
 * transaction: a booking confirmed while it runs is either kept or was never booked. Reference numbers stay claimed:
 * they hold nothing personal and must never be issued twice.
 */
import { londonToday } from '~/lib/dates';
import type { ErasedMove, Erasure } from '~/lib/erasure';
import { generateReference } from '~/lib/reference';
import type { Env } from '../../env';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { deleteFormStatesOf } from '../form-state';
import { customerTasksFor } from '../office/tasks';
import { dataDeletedEmail, erasureBusinessEmail } from './emails';
import { accountEmail } from './tokens';
import { endEverySession } from '../sessions';
import { officeRowDeletes } from '../office/rows';
import { mailContext } from '../mail-context';

// ?1 the address, lower-cased; ?2 today in the UK.
const OWN = 'lower(email) = ?1';
const KEPT = `${OWN} AND status = 'booked' AND move_date >= ?2`;
const ERASED = `${OWN} AND NOT (status = 'booked' AND move_date >= ?2)`;
const erasedQuotes = `SELECT reference FROM quote_requests WHERE ${ERASED}`;
const keptQuotes = `SELECT reference FROM quote_requests WHERE ${KEPT}`;
const messages = `SELECT reference FROM contact_messages WHERE ${OWN}`;
// Survey and car-transport requests carry an address too (issue 40 item 2).
const callbacks = `SELECT reference FROM callback_requests WHERE ${OWN}`;
const moves = (where: string) => `SELECT reference, move_date AS moveDate FROM quote_requests WHERE ${where} ORDER BY move_date, reference`;

export async function eraseAddress(env: Env, typed: string, now = new Date()): Promise<Erasure> {
  const email = accountEmail(typed);
  const db = env.DB;
  const dated = (sql: string) => db.prepare(sql).bind(email, londonToday(now));
  const own = (sql: string) => db.prepare(sql).bind(email);
  const plan = {
    withdrawn: dated(moves(`${ERASED} AND status = 'booking_requested'`)),
    emails: dated(
      `DELETE FROM email_outbox
       WHERE (record_reference IN (${erasedQuotes}) OR record_reference IN (${messages}) OR record_reference IN (${callbacks})
           OR lower(recipient) = ?1)
         AND record_reference NOT IN (${keptQuotes})`,
    ),
    // Card payments and refunds are financial records, kept for their own retention (functions/cron.ts): amounts, dates,
    // the reference and Stripe's ids. Stripe's refusal in its words may quote the address, so it goes.
    paymentErrors: dated(`UPDATE payments SET last_error = NULL WHERE reference IN (${erasedQuotes})`),
    // Its tokens, history and review go with each quote (ON DELETE CASCADE, migrations/0045), and D1's `changes` counts
    // them too: the quotes are counted by the references returned.
    quotes: dated(`DELETE FROM quote_requests WHERE ${ERASED} RETURNING reference`),
    messages: own(`DELETE FROM contact_messages WHERE ${OWN}`),
    callbacks: own(`DELETE FROM callback_requests WHERE ${OWN}`),
    links: own('DELETE FROM sign_in_links WHERE email = ?1'),
    // The address's customer sessions; an office session is the staff's, ended when the owner removes them.
    sessions: endEverySession(db, email, 'customer'),
    referralCode: own('DELETE FROM referral_codes WHERE email = ?1'),
    formStates: deleteFormStatesOf(db, email),
    kept: dated(moves(KEPT)),
  };
  // First, while the quotes and messages they are about can still be selected.
  const office = officeRowDeletes(db, `${erasedQuotes} UNION ${messages} UNION ${callbacks}`, email, londonToday(now));
  // The office is told of every booked move it must still carry out for someone no longer on its books.
  const officeTasks = customerTasksFor(db, keptQuotes, [email, londonToday(now)], 'erasure_kept_move', now);
  const names = Object.keys(plan) as Array<keyof typeof plan>;
  const results = await db.batch<ErasedMove>([...office, ...Object.values(plan), ...officeTasks]);
  const result = (name: keyof typeof plan) => results[office.length + names.indexOf(name)]!;
  const erasure: Erasure = {
    quotes: result('quotes').results.length,
    messages: result('messages').meta.changes,
    kept: result('kept').results,
    withdrawn: result('withdrawn').results,
  };

  const id = generateReference();
  const mail = await mailContext(env);
  const emails: OutboxEmail[] = [
    {
      recordType: 'account',
      recordReference: id,
      kind: 'customer',
      draft: dataDeletedEmail(mail, email, erasure),
      idempotencyKey: `account:${id}:deleted`,
    },
  ];
  // The business hears of every booking the erasure touched: one it must still carry out, or one no longer asked for.
  if (erasure.kept.length + erasure.withdrawn.length > 0) {
    emails.push({
      recordType: 'account',
      recordReference: id,
      kind: 'business',
      draft: erasureBusinessEmail(mail, erasure),
      idempotencyKey: `account:${id}:business`,
    });
  }
  await db.batch(outboxInserts(db, emails, now));
  const keys = emails.map((email) => email.idempotencyKey);
  await queueEmails(env, keys);
  return erasure;
}
