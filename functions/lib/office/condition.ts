/**
 * A condition record at both ends (issue 44 item 5): the one writer of `condition_records` (0120), and its reader. The
 * photos go to R2 first under the crew reports' own key scheme (job-sheets.ts), then the record, its audit line and the
 * customer's copy by e-mail in one batch, stored only if that end has none yet: a signed record is never replaced.
 */
import { formatLongDate, londonToday, UK_TIME_ZONE } from '~/lib/dates';
import {
  CONDITION_AGREEMENT,
  CONDITION_AUDIT,
  CONDITION_LABELS,
  CONDITION_WHEN,
  SIGNED_ON_PHONE,
  photoCountWords,
  type ConditionEnd,
} from '~/lib/office/condition';
import type { Env } from '../../env';
import { mailContext } from '../mail-context';
import { outboxInserts, queueEmails } from '../outbox';
import { toCustomer } from '../payments/money-emails';
import type { StoredQuote } from '../quote/stored-quote';
import { auditStatement } from './audit';
import { crewActor, crewFirstName, putJobPhotos, type DiaryBooking, type JobPhoto } from './job-sheets';

export interface ConditionRecord {
  end: ConditionEnd;
  note: string;
  photos: string[];
  signedName: string;
  /** The drawn signature's R2 key, or null when only the typed name and tick were given. */
  signature: string | null;
  recordedBy: string;
  createdAt: string;
}

export async function conditionRecords(db: D1Database, reference: string): Promise<ConditionRecord[]> {
  const { results } = await db
    .prepare(
      `SELECT end_kind AS "end", note, photos, signed_name AS signedName, signature, recorded_by AS recordedBy, created_at AS createdAt
       FROM condition_records WHERE reference = ? ORDER BY end_kind = 'delivery', id`,
    )
    .bind(reference)
    .all<Omit<ConditionRecord, 'photos'> & { photos: string | null }>();
  return results.map((row) => ({ ...row, photos: row.photos ? (JSON.parse(row.photos) as string[]) : [] }));
}

const recordedAt = (at: Date) => {
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
  return `${formatLongDate(londonToday(at))} at ${clock.format(at)}`;
};

export const conditionEmailKey = (reference: string, end: ConditionEnd) => `move:${reference}:condition:${end}:customer`;

export interface ConditionPost {
  note: string;
  signedName: string;
  photos: JobPhoto[];
  /** Drawn on the pad as well; the typed name stays the signature of record. */
  signature: JobPhoto | null;
}

/** True when stored; false when this end already has its signed record (nothing is put in R2 then). */
export async function recordCondition(
  env: Env,
  quote: StoredQuote,
  booking: DiaryBooking,
  end: ConditionEnd,
  post: ConditionPost,
  now: Date,
): Promise<boolean> {
  const db = env.DB;
  const { reference } = quote;
  const taken = () => db.prepare('SELECT 1 FROM condition_records WHERE reference = ? AND end_kind = ?').bind(reference, end).first();
  if (await taken()) return false;
  const keys = await putJobPhotos(env, reference, post.photos);
  const [signature = null] = post.signature ? await putJobPhotos(env, reference, [post.signature]) : [];
  const email = toCustomer(await mailContext(env), quote, conditionEmailKey(reference, end), {
    subject: (firm) => `Your ${firm} condition record ${CONDITION_WHEN[end]}`,
    headline: `here is your copy of the record of your things’ condition ${CONDITION_WHEN[end]}, as you signed it`,
    paragraphs: [
      'It lists what was already damaged before we moved anything, so a claim later can be set beside it. If it is wrong, reply to this e-mail or call us.',
    ],
    rows: [
      ['Record', CONDITION_LABELS[end]],
      ['Already damaged', post.note],
      ['Photos', photoCountWords(keys.length)],
      ['Signed by', signature ? `${post.signedName} (${SIGNED_ON_PHONE.toLowerCase()} too)` : post.signedName],
      ['Signed', recordedAt(now)],
      ['With your crew lead', crewFirstName(booking)],
      ['You agreed', CONDITION_AGREEMENT],
    ],
  });
  const after = { afterChange: true };
  const [stored] = await db.batch([
    db
      .prepare(
        `INSERT INTO condition_records (reference, end_kind, note, photos, signed_name, agreed, recorded_by, created_at, signature)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE NOT EXISTS (SELECT 1 FROM condition_records WHERE reference = ?1 AND end_kind = ?2)`,
      )
      .bind(
        reference,
        end,
        post.note,
        keys.length ? JSON.stringify(keys) : null,
        post.signedName,
        CONDITION_AGREEMENT,
        crewActor(booking),
        now.toISOString(),
        signature,
      ),
    ...outboxInserts(db, [email], now, after),
    auditStatement(
      db,
      {
        actor: crewActor(booking),
        action: CONDITION_AUDIT[end],
        reference,
        detail: `${CONDITION_LABELS[end]}, signed by ${post.signedName}${signature ? ` (${SIGNED_ON_PHONE.toLowerCase()} too)` : ''}: ${post.note} (${photoCountWords(keys.length).toLowerCase()})`,
      },
      now,
      after,
    ),
  ]);
  // Lost a race with the same end sent at once: its photos and signature are left to the cron's sweep (job-sheets.ts).
  if (!stored?.meta.changes) return false;
  await queueEmails(env, [email.idempotencyKey]);
  return true;
}
