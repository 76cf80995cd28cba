/**
 * The crew's job sheet link by e-mail (issue 40 item 7), sent from the lead page to the crew lead instead of by hand.
 * The e-mail is stored with its audit line; its link is made as it is sent (`jobSheetLinkMaker`, the 'crew' record
 * type's), which stops every earlier link working, as making one on the page does. The address is kept on the crew.
 */
import { formatLongDate } from '~/lib/dates';
import { arrivalWindowLabel } from '~/lib/office/arrival-windows';
import { JOB_SHEET_ACTIONS, jobSheetLastDay } from '~/lib/office/job-sheet';
import type { Env } from '../../env';
import type { MailContext } from '../config';
import { linkFor, parts, VIEW_LINK, type EmailDraft, type LinkMaker } from '../email-draft';
import { renderEmail } from '../email-layout';
import { headerSafe } from '../escape';
import { JobSheetEmail } from '~/components/email/OfficeEmails';
import { mailContext } from '../mail-context';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { auditStatement } from './audit';
import { bookedInDiary, crewFirstName, jobSheetUrl, newSheetToken, type DiaryBooking } from './job-sheets';
import type { StaffMember } from '~/lib/views/office';

export function crewJobSheetEmail(ctx: MailContext, to: string, reference: string, booking: DiaryBooking): EmailDraft {
  const day = formatLongDate(booking.moveDate);
  const subject = headerSafe(`Job sheet for ${day}: move ${reference}`);
  const arriving = booking.arrivalWindow ? `, arriving ${arrivalWindowLabel(booking.arrivalWindow)}` : '';
  const paragraphs = [
    `Hello ${crewFirstName(booking)}, here is the job sheet for the move on ${day}${arriving}: the addresses, the customer’s phone number and what to move, with buttons for On our way, Job done and Damage or problem.`,
    `The link works until the end of ${formatLongDate(jobSheetLastDay(booking.moveDate))}. Keep it to yourself: anyone with it can see the job. A newer link from the office stops this one working.`,
  ];
  return {
    from: ctx.from,
    to,
    subject,
    html: renderEmail(JobSheetEmail, { firm: ctx.firm, title: subject, headline: `Job sheet for ${day}`, paragraphs }),
    text: parts`Job sheet for ${day}

${paragraphs.join('\n\n')}

${VIEW_LINK}`,
  };
}

/** The 'crew' e-mail's link, made as it is sent. A move no longer booked by then gets the sheet's address without a token (its 404). */
export const jobSheetLinkMaker: LinkMaker = async (db, { reference }, siteUrl, now) => {
  const booking = await bookedInDiary(db, reference);
  if (!booking) {
    return { ...linkFor(jobSheetUrl(siteUrl, '')), insert: db.prepare('SELECT 1') };
  }
  const { token, revoke, insert } = await newSheetToken(db, reference, booking.moveDate, now);
  // The earlier links stop here, before the new one is stored with the e-mail's other links.
  await revoke.run();
  return { ...linkFor(jobSheetUrl(siteUrl, token)), insert };
};

/** The address last used for the crew booked on this move, to be offered again. */
export const crewLeadEmail = async (db: D1Database, reference: string): Promise<string | null> =>
  (
    await db
      .prepare(
        `SELECT c.lead_email AS email FROM diary_entries d JOIN crews c ON c.id = d.crew_id
         WHERE d.reference = ? AND d.status = 'booked'`,
      )
      .bind(reference)
      .first<{ email: string | null }>()
  )?.email ?? null;

/** False when the move is not booked in the diary: there is no sheet to send. */
export async function emailJobSheetLink(env: Env, reference: string, to: string, staff: StaffMember, now: Date): Promise<boolean> {
  const booking = await bookedInDiary(env.DB, reference);
  if (!booking) return false;
  const email: OutboxEmail = {
    recordType: 'crew',
    recordReference: reference,
    kind: 'crew',
    draft: crewJobSheetEmail(await mailContext(env), to, reference, booking),
    idempotencyKey: `crew:${reference}:job_sheet:${now.getTime()}`,
  };
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE crews SET lead_email = ? WHERE id = (SELECT crew_id FROM diary_entries WHERE reference = ? AND status = 'booked')`,
    ).bind(to, reference),
    ...outboxInserts(env.DB, [email], now),
    auditStatement(
      env.DB,
      {
        actor: staff.email,
        action: JOB_SHEET_ACTIONS.emailed,
        reference,
        detail: `Job sheet link e-mailed to ${to}; any earlier link stops working when it is sent`,
      },
      now,
    ),
  ]);
  await queueEmails(env, [email.idempotencyKey]);
  return true;
}
