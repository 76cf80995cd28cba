/**
 * Reminders before a booked move (issue 34 item 4): the cron trigger queues one e-mail 7 days and one 2 days before the
 * day (UK). Each has its own idempotency key, and a move whose key is already in the outbox is skipped, so a second run
 * of the cron sends nothing twice.
 */
import { addDays, formatLongDate, londonToday } from '~/lib/dates';
import { crewLine, isArrivalWindow, isVanSize, leadFirstName, type CrewAssignment } from '~/lib/office/diary';
import { partnerVan } from '~/lib/partners/offers';
import { PAYMENT_WORDS } from '~/lib/payments';
import { priceNowRow } from '~/lib/price-lines';
import { priceNow } from '~/lib/price-to-pay';
import { formatPence } from '~/lib/money';
import type { Env } from '../../env';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactText, renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { CustomerEmail } from '~/components/email/CustomerEmail';
import { bookedInDiary, type DiaryBooking } from '../office/job-sheets';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { moneyOwed } from '../payments/due';
import { findQuote } from './store';
import type { StoredQuote } from './stored-quote';
import { firstName, place } from './summary';
import { mailContext } from '../mail-context';

export const REMINDER_DAYS = [7, 2] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/** Per move date: a booked date moved (issue 34 item 3) has its reminders again before the new day. */
export const reminderKey = (reference: string, days: ReminderDays, moveDate: string) =>
  `move:${reference}:reminder-${days}-${moveDate}:customer`;

/** The crew as the booking told the customer, when the diary has all of it. */
export function crewOf(booking: DiaryBooking | null): CrewAssignment | null {
  if (!booking?.crewLead || !booking.crewSize || !booking.arrivalWindow || !isArrivalWindow(booking.arrivalWindow)) return null;
  // A partner's own van, in tonnes; else the diary's van, by its size.
  const van = booking.partnerVanTonnes !== null ? partnerVan(booking.partnerVanTonnes) : booking.vanSize;
  if (!van || (booking.partnerVanTonnes === null && !isVanSize(van))) return null;
  return { lead: leadFirstName(booking.crewLead), size: booking.crewSize, van, window: booking.arrivalWindow };
}

export interface Balance {
  pence: number;
  /** `YYYY-MM-DD`. */
  dueOn: string;
}

export function reminderEmail(
  ctx: MailContext,
  quote: StoredQuote,
  days: ReminderDays,
  crew: CrewAssignment | null,
  balance: Balance | null,
): EmailDraft {
  const when = formatLongDate(quote.moveDate);
  const rows: Row[] = [
    ['Move date', when],
    ['From', place(quote, 'from')],
    ['To', place(quote, 'to')],
    priceNowRow(priceNow(quote)),
    ...(crew ? [['Your crew', crewLine(crew)] satisfies Row] : []),
    ...(balance
      ? [['Balance to pay', `${formatPence(balance.pence)}. ${PAYMENT_WORDS.balanceDue(formatLongDate(balance.dueOn))}`] satisfies Row]
      : []),
  ];
  const lead = `${firstName(quote.name)}, your move is in ${days} days, on ${when}.`;
  const action = balance ? 'Pay the balance' : 'See your move';
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} move ${quote.reference}: ${days} days to go`),
    html: renderEmail(CustomerEmail, { firm: ctx.firm, title: `Your move ${quote.reference}`, headline: lead, rows, action }),
    text: parts`${lead}

${textTable(rows)}

${action}: ${VIEW_LINK}

${contactText(ctx)}`,
  };
}

/** The booked moves `days` days ahead of `today` whose reminder has not been stored yet. */
async function dueReminders(db: D1Database, today: string, days: ReminderDays): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT reference FROM quote_requests q WHERE status = 'booked' AND move_date = ?
         AND NOT EXISTS (SELECT 1 FROM email_outbox
           WHERE idempotency_key = 'move:' || q.reference || ':reminder-' || ? || '-' || q.move_date || ':customer')`,
    )
    .bind(addDays(today, days), String(days))
    .all<{ reference: string }>();
  return results.map((row) => row.reference);
}

async function reminderFor(env: Env, reference: string, days: ReminderDays): Promise<OutboxEmail | null> {
  const [quote, booking] = await Promise.all([findQuote(env.DB, { reference }), bookedInDiary(env.DB, reference)]);
  if (!quote) return null;
  const owed = await moneyOwed(env.DB, quote);
  const balance = owed.due.balance ? { pence: owed.due.balance, dueOn: owed.balanceDueOn } : null;
  return {
    recordType: 'move',
    recordReference: reference,
    kind: 'customer',
    draft: reminderEmail(await mailContext(env), quote, days, crewOf(booking), balance),
    idempotencyKey: reminderKey(reference, days, quote.moveDate),
  };
}

/** Stores and queues the reminders due today; answers how many. A race with another run loses on the key's UNIQUE. */
export async function queueReminders(env: Env, now: Date): Promise<number> {
  const today = londonToday(now);
  const emails: OutboxEmail[] = [];
  for (const days of REMINDER_DAYS) {
    for (const reference of await dueReminders(env.DB, today, days)) {
      const email = await reminderFor(env, reference, days);
      if (email) emails.push(email);
    }
  }
  if (emails.length === 0) return 0;
  await env.DB.batch(outboxInserts(env.DB, emails, now));
  await queueEmails(
    env,
    emails.map((email) => email.idempotencyKey),
  );
  return emails.length;
}
