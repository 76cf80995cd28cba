/**
 * Lateness said first (issue 44 item 3). Each cron run looks at today's booked moves (UK day), partners' too: when
 * the arrival window has started with no "On our way", or the crew's latest estimate has passed with no "Arrived", the
 * customer is told and the office gets an urgent to-do with the crew lead's phone; once each (the window once, each estimate once), as
 * the e-mail's idempotency key says whether it was told already.
 */
import { londonToday } from '~/lib/dates';
import type { MoveEvent } from '~/lib/move-status';
import { arrivalWindowLabel, arrivalWindowStart } from '~/lib/office/arrival-windows';
import { etaAfter } from '~/lib/office/job-sheet';
import type { Env } from '../../env';
import { insertValues } from '../d1';
import { mailContext } from '../mail-context';
import { customerMessages } from '../sms-consent';
import { outboxInserts, queueEmails } from '../outbox';
import { findQuote } from '../quote/store';
import { eventInsert } from '../quote/transition';
import { auditStatement } from './audit';
import { bookedInDiary, CREWED, jobReports } from './job-sheets';

const SET_OFF = new Set(['on_our_way', 'arrived', 'leaving', 'at_delivery', 'done']);
const THERE = new Set(['arrived', 'at_delivery', 'done']);

/** What is late about a move at `clock` (HH:MM, UK), or null: its reports and its window decide. */
export function lateness(
  reports: ReadonlyArray<{ kind: string; eta: string | null }>,
  window: string | null,
  clock: string,
): { window: string } | { eta: string } | null {
  if (reports.some((report) => THERE.has(report.kind))) return null;
  const eta = reports.findLast((report) => report.eta !== null)?.eta;
  if (eta) return clock > eta ? { eta } : null;
  const start = window && arrivalWindowStart(window);
  return start && clock >= start && !reports.some((report) => SET_OFF.has(report.kind)) ? { window: window! } : null;
}

/** Tells the customer and the office about each late move of today; the number told. */
export async function tellLateness(env: Env, now: Date): Promise<number> {
  const db = env.DB;
  const today = londonToday(now);
  const clock = etaAfter(now, 0);
  const { results } = await db
    // Today's booked moves with a crew, the firm's or a partner's (CREWED). The quote's own status too: a cancelled move
    // keeps its diary entry, and its customer is told nothing more.
    .prepare(`SELECT q.reference FROM quote_requests q WHERE q.move_date = ? AND q.status = 'booked' AND ${CREWED('q.reference')}`)
    .bind(today)
    .all<{ reference: string }>();
  let told = 0;
  for (const { reference } of results) {
    const [booking, reports] = await Promise.all([bookedInDiary(db, reference), jobReports(db, reference)]);
    const late = booking && lateness(reports, booking.arrivalWindow, clock);
    if (!booking || !late) continue;
    const key = `move:${reference}:late_${'eta' in late ? late.eta.replace(':', '') : 'window'}:customer`;
    const quote = await findQuote(db, { reference });
    if (!quote || (await db.prepare('SELECT 1 FROM email_outbox WHERE idempotency_key = ?').bind(key).first())) continue;
    const event: MoveEvent = { kind: 'late_said', ...late };
    // By text too, to a customer who opted in (issue 44 item 4).
    const messages = await customerMessages(db, await mailContext(env), quote, event, key);
    const what =
      'eta' in late
        ? `Their estimate of ${late.eta} has passed with no “Arrived”`
        : `The arrival window ${arrivalWindowLabel(late.window)} has started with no “On our way”`;
    const lead = `${booking.crewLead ?? 'No crew lead'}: ${booking.crewPhone ?? 'no phone on file'}`;
    const at = now.toISOString();
    await db.batch([
      eventInsert(db, reference, at, event, { afterChange: false }),
      ...outboxInserts(db, messages, now),
      db
        .prepare(`INSERT INTO office_tasks (record_reference, kind, detail, created_at) ${insertValues(4)}`)
        .bind(reference, 'crew_late', `${what}. Ring the crew lead, ${lead}. The customer has been told.`, at),
      auditStatement(db, { actor: 'system', action: 'crew_late_told', reference, detail: `${what}: the customer told` }, now),
    ]);
    await queueEmails(
      env,
      messages.map((message) => message.idempotencyKey),
    );
    told += 1;
  }
  return told;
}
