/** The business hears once about e-mails given up: from the dead-letter queue's consumer, or the cron trigger for any it could not tell. */
import type { Env } from '../env';
import { withoutLink } from './email-draft';
import { undeliveredAlertEmail, type UndeliveredEmail } from './emails';
import { sendEmail } from './send-email';
import { mailContext } from './mail-context';

const BATCH = 50;

/** Claims the rows before it sends, so two callers never report the same e-mail; throws, unclaimed, if the alert fails. */
export async function alertGivenUp(env: Env, now = new Date()): Promise<number> {
  const claimedAt = now.toISOString();
  const { results } = await env.DB.prepare(
    `UPDATE email_outbox SET alerted_at = ?1 WHERE id IN (
       SELECT id FROM email_outbox WHERE status = 'gave_up' AND alerted_at IS NULL AND record_type != 'alert' ORDER BY id LIMIT ${BATCH})
     RETURNING id, record_reference, CASE channel WHEN 'sms' THEN kind || ' text' ELSE kind END AS kind, recipient, attempts, last_error, created_at`,
  )
    .bind(claimedAt)
    .all<UndeliveredEmail>();
  if (results.length === 0) return 0;
  const rows = results.toSorted((a, b) => a.id - b.id);
  const ids = rows.map((row) => row.id);
  const outcome = await sendEmail(env, withoutLink(undeliveredAlertEmail(await mailContext(env), rows)), `alert:${ids.join(',')}`);
  if (outcome.ok) return rows.length;
  await env.DB.prepare(`UPDATE email_outbox SET alerted_at = NULL WHERE alerted_at = ? AND id IN (${ids.map(() => '?').join(',')})`)
    .bind(claimedAt, ...ids)
    .run();
  throw new Error(`could not alert the business about ${rows.length} undelivered e-mails: ${outcome.error}`);
}
