/**
 * A customer's consent to day-of-move texts (issue 44 item 4): given only by its own unticked box (at the quote, or on
 * the move page), for one move and one mobile, stored with when and where; taken back on the move page or by texting
 * STOP, which turns texts off for every move with that number. `sms_consents` has this module as its one writer.
 */
import type { MoveEvent } from '~/lib/move-status';
import { isTextedEvent, moveText } from '~/lib/sms-texts';
import type { MailContext } from './config';
import { moveCustomerEmail } from './quote/move-emails';
import { firstName } from './quote/summary';
import type { StoredQuote } from './quote/stored-quote';
import type { OutboxEmail, OutboxMessage, OutboxText } from './records';

export type ConsentGiven = 'quote' | 'move_page';
export type ConsentTaken = 'move_page' | 'stop';

export interface SmsConsent {
  phone: string;
  optedIn: boolean;
  optedInAt: string | null;
  optedInVia: ConsentGiven | null;
  optedOutAt: string | null;
  optedOutVia: ConsentTaken | null;
}

export const readConsent = (db: D1Database, reference: string): Promise<SmsConsent | null> =>
  db
    .prepare(
      `SELECT phone, opted_in AS optedIn, opted_in_at AS optedInAt, opted_in_via AS optedInVia, opted_out_at AS optedOutAt,
              opted_out_via AS optedOutVia
       FROM sms_consents WHERE reference = ?`,
    )
    .bind(reference)
    .first<Omit<SmsConsent, 'optedIn'> & { optedIn: number }>()
    .then((row) => row && { ...row, optedIn: row.optedIn === 1 });

/** Texts on for a move, to `phone` (E.164). In the batch that stores the quote, or alone from the move page. */
export const consentOn = (db: D1Database, reference: string, phone: string, via: ConsentGiven, now: Date) =>
  db
    .prepare(
      `INSERT INTO sms_consents (reference, phone, opted_in, opted_in_at, opted_in_via) VALUES (?1, ?2, 1, ?3, ?4)
       ON CONFLICT (reference) DO UPDATE SET phone = ?2, opted_in = 1, opted_in_at = ?3, opted_in_via = ?4`,
    )
    .bind(reference, phone, now.toISOString(), via);

/** Texts off for one move, from its page. */
export const consentOff = (db: D1Database, reference: string, now: Date) =>
  db
    .prepare("UPDATE sms_consents SET opted_in = 0, opted_out_at = ?, opted_out_via = 'move_page' WHERE reference = ? AND opted_in = 1")
    .bind(now.toISOString(), reference);

/** STOP from a number (or the provider saying it sent one): texts off for every move with it. How many were on. */
export async function clearConsentForPhone(db: D1Database, phone: string, via: ConsentTaken, now: Date): Promise<number> {
  const { meta } = await db
    .prepare('UPDATE sms_consents SET opted_in = 0, opted_out_at = ?, opted_out_via = ? WHERE phone = ? AND opted_in = 1')
    .bind(now.toISOString(), via, phone)
    .run();
  return meta.changes;
}

/**
 * The text for a moving-day event, when the customer opted in to texts for this move: stored beside its e-mail (the
 * e-mail's key with `:text`), in the same batch. Null for any other event, or without consent.
 */
async function dayText(
  db: D1Database,
  ctx: MailContext,
  quote: StoredQuote,
  event: MoveEvent,
  emailKey: string,
): Promise<OutboxText | null> {
  if (!isTextedEvent(event)) return null;
  const consent = await readConsent(db, quote.reference);
  if (!consent?.optedIn) return null;
  return {
    recordType: 'move',
    recordReference: quote.reference,
    kind: 'customer',
    text: { to: consent.phone, body: moveText({ firm: ctx.firm.name, firstName: firstName(quote.name) }, event) },
    idempotencyKey: `${emailKey}:text`,
  };
}

/**
 * What the customer is sent for a move's event: its e-mail under `emailKey`, and the text beside it when the event is
 * texted and they opted in. One place, so the crew's taps, the lateness watch and a partner's crew say it alike.
 */
export async function customerMessages(
  db: D1Database,
  ctx: MailContext,
  quote: StoredQuote,
  event: MoveEvent,
  emailKey: string,
): Promise<OutboxMessage[]> {
  const email: OutboxEmail = {
    recordType: 'move',
    recordReference: quote.reference,
    kind: 'customer',
    draft: moveCustomerEmail(ctx, quote, event),
    idempotencyKey: emailKey,
  };
  const text = await dayText(db, ctx, quote, event, emailKey);
  return text ? [email, text] : [email];
}
