/**
 * The crew's job sheet (issue 33 item 5). The office makes a link once a move is booked in the diary: a random token of
 * which D1 keeps only the SHA-256, working until the end of the day after the move (UK time); a new link revokes the
 * old. The crew's reports from the sheet are stored before anything is e-mailed, each with its audit line.
 */
import { formatLongDate, londonDayStart, londonToday } from '~/lib/dates';
import type { MoveEvent } from '~/lib/move-status';
import {
  JOB_NOTE_MAX,
  JOB_PHOTO_MAX,
  JOB_PHOTO_MAX_BYTES,
  JOB_PHOTO_TYPES,
  JOB_REPORT_LABELS,
  JOB_SHEET_MESSAGES,
  photoType,
  JOB_SHEET_ACTIONS,
  movingDayRefusal,
  ONCE_ONLY_STEPS,
  jobSheetExpiresOn,
  jobSheetLastDay,
  type JobReportKind,
  type ReportsToday,
} from '~/lib/office/job-sheet';
import { SIGNATURE_MAX_BYTES } from '~/lib/office/condition';
import type { OfficeTaskKind } from '~/lib/office/pipeline';
import type { Env } from '../../env';
import { perClient, type Bound, type RateLimit } from '../pipeline';
import { insertValues } from '../d1';
import { sha256Hex } from '../hash';
import { outboxInserts, queueEmails, type OutboxEmail } from '../outbox';
import { reviewRequestEmail, reviewRequestKey } from '../quote/review-request';
import type { StoredQuote } from '../quote/stored-quote';
import { firstName } from '../quote/summary';
import { eventInsert } from '../quote/transition';
import { randomViewToken } from '../view-token';
import { auditStatement } from './audit';
import { quoteLeadAt } from './office-leads';
import { mailContext } from '../mail-context';
import { customerMessages } from '../sms-consent';
import { JOB_SHEET_TOKEN_FIELD, OFFICE_PATHS } from '~/lib/office/paths';
import { arrivalMinutes } from '~/lib/office/arrival-estimate';
import type { LatLng } from '~/lib/geo';
import { PostcodeNotFoundError, PostcodeServiceError } from '~/lib/postcode-client';
import { workerPostcodeClient } from '../quote/price';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A move as the diary booked it: its day, arrival window, crew and van (null where the office left one out). */
export interface DiaryBooking {
  moveDate: string;
  arrivalWindow: string | null;
  crewLead: string | null;
  crewPhone: string | null;
  crewSize: number | null;
  vanName: string | null;
  vanSize: string | null;
  /** A partner's crew: their van in tonnes (the firm's van, if the diary had one, is not theirs). */
  partnerVanTonnes: number | null;
}

/**
 * A partner's crew is the move's crew (issue 43 item 3): the partner who has the job, else the one who last gave it back,
 * so the customer's page changes only when a new partner is confirmed (item 6), or when the office books the diary
 * again after the give-back (its own crew: the diary entry is newer than the give-back).
 */
const PARTNER_JOB = `SELECT j.id FROM partner_jobs j WHERE j.reference = q.reference
  AND (j.given_back_at IS NULL OR j.given_back_at >= d.updated_at)
  ORDER BY j.given_back_at IS NULL DESC, j.claimed_at DESC LIMIT 1`;

/**
 * Told a crew: the diary entry `entry` (its alias) books the move `reference` with the firm's crew and an arrival window,
 * which the booking e-mailed the customer (issue 43 item 4: a partner taking the move then keeps to them). A booking
 * always has both (bookingSchema); a held entry, or one moved to a new day (entryMoved), has neither.
 */
export const TOLD_CREW = (entry: string, reference: string) =>
  `${entry}.reference = ${reference} AND ${entry}.status = 'booked' AND ${entry}.arrival_window IS NOT NULL AND ${entry}.crew_id IS NOT NULL`;

/**
 * Crewed: booked in the diary with the firm's crew, or a partner's job (a move the diary only holds, or never had, is
 * the partner's to do: the site holds a full day's online booking for a partner; the office offers one it cannot crew).
 */
export const CREWED = (reference: string) => `(EXISTS (SELECT 1 FROM diary_entries b WHERE ${TOLD_CREW('b', reference)})
  OR EXISTS (SELECT 1 FROM partner_jobs j WHERE j.reference = ${reference} AND j.given_back_at IS NULL))`;

export const bookedInDiary = (db: D1Database, reference: string): Promise<DiaryBooking | null> =>
  db
    .prepare(
      `SELECT COALESCE(d.move_date, q.move_date) AS moveDate, COALESCE(pj.arrival_window, d.arrival_window) AS arrivalWindow,
              COALESCE(p.name, c.lead_name) AS crewLead, COALESCE(p.phone, c.lead_phone) AS crewPhone,
              COALESCE(pj.crew_size, c.size) AS crewSize, IIF(p.reference IS NULL, v.name, NULL) AS vanName,
              IIF(p.reference IS NULL, v.size, NULL) AS vanSize, p.van_tonnes AS partnerVanTonnes
       FROM quote_requests q LEFT JOIN diary_entries d ON d.reference = q.reference
       LEFT JOIN crews c ON c.id = d.crew_id LEFT JOIN vans v ON v.id = d.van_id
       LEFT JOIN partner_jobs pj ON pj.id = (${PARTNER_JOB})
       LEFT JOIN partner_applications p ON p.reference = pj.partner_reference
       WHERE q.reference = ?1 AND ${CREWED('?1')}`,
    )
    .bind(reference)
    .first<DiaryBooking>();

/** The crew lead as the customer and the audit trail name them: the first name only. */
export const crewFirstName = (booking: Pick<DiaryBooking, 'crewLead'>): string => firstName(booking.crewLead?.trim() || 'Crew');

export interface MadeLink {
  token: string;
  /** The last UK day it works. */
  lastDay: string;
}

/** The sheet's address with its token (in the query: the request logs drop query strings). */
export const jobSheetUrl = (siteUrl: string, token: string): string =>
  `${siteUrl}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token })}`;

/** A new token for the move's sheet, and the statements that revoke every earlier one and store its hash. */
export async function newSheetToken(db: D1Database, reference: string, moveDate: string, now: Date) {
  const token = randomViewToken();
  const at = now.toISOString();
  const endsAt = londonDayStart(jobSheetExpiresOn(moveDate)).toISOString();
  return {
    token,
    revoke: db.prepare('UPDATE job_sheet_tokens SET revoked_at = ? WHERE reference = ? AND revoked_at IS NULL').bind(at, reference),
    insert: db
      .prepare(`INSERT INTO job_sheet_tokens (token_hash, reference, created_at, expires_at) ${insertValues(4)}`)
      .bind(await sha256Hex(token), reference, at, endsAt),
  };
}

/** Null when the move is not booked in the diary. The token is returned once, to be shown once; never stored or logged. */
export async function makeJobSheetLink(db: D1Database, reference: string, actor: string, now: Date): Promise<MadeLink | null> {
  const booking = await bookedInDiary(db, reference);
  if (!booking) return null;
  const { token, revoke, insert } = await newSheetToken(db, reference, booking.moveDate, now);
  await db.batch([
    revoke,
    insert,
    auditStatement(
      db,
      { actor, action: JOB_SHEET_ACTIONS.link, reference, detail: 'Job sheet link made for the crew; any earlier link stops working' },
      now,
    ),
  ]);
  return { token, lastDay: formatLongDate(jobSheetLastDay(booking.moveDate)) };
}

/**
 * The move a job sheet's token opens, or null: a malformed, unknown, revoked or expired token, or a move no longer
 * crewed (booked in the diary, or a partner's job). The token is looked up only as its hash, after the same work whatever was offered.
 */
export async function openJobSheet(db: D1Database, token: string | null, now: Date): Promise<string | null> {
  const wellFormed = !!token && TOKEN_PATTERN.test(token);
  const hash = await sha256Hex(wellFormed ? token : 'not-a-token');
  const row = await db
    .prepare(
      `SELECT t.reference FROM job_sheet_tokens t
       WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ? AND ${CREWED('t.reference')}`,
    )
    .bind(hash, now.toISOString())
    .first<{ reference: string }>();
  return wellFormed && row ? row.reference : null;
}

/** The link the office last made, while it still works. */
export const liveJobSheetLink = (db: D1Database, reference: string, now: Date) =>
  db
    .prepare(
      `SELECT created_at AS createdAt, expires_at AS expiresAt FROM job_sheet_tokens
       WHERE reference = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(reference, now.toISOString())
    .first<{ createdAt: string; expiresAt: string }>();

export interface JobReport {
  id: number;
  kind: JobReportKind;
  createdAt: string;
  eta: string | null;
  note: string | null;
  photos: string[];
}

export async function jobReports(db: D1Database, reference: string): Promise<JobReport[]> {
  const { results } = await db
    .prepare('SELECT id, kind, created_at AS createdAt, eta, note, photos FROM job_reports WHERE reference = ? ORDER BY id')
    .bind(reference)
    .all<Omit<JobReport, 'photos'> & { photos: string | null }>();
  return results.map((row) => ({ ...row, photos: row.photos ? (JSON.parse(row.photos) as string[]) : [] }));
}

const reportInsert = (db: D1Database, reference: string, kind: JobReportKind, now: Date, fields: Partial<JobReport> = {}) =>
  db
    .prepare(`INSERT INTO job_reports (reference, kind, created_at, eta, note, photos) ${insertValues(6)}`)
    .bind(
      reference,
      kind,
      now.toISOString(),
      fields.eta ?? null,
      fields.note ?? null,
      fields.photos?.length ? JSON.stringify(fields.photos) : null,
    );

/**
 * Repeated reports make one to-do (issue 40 item 8): while the move has an open to-do of this kind, it is kept and says
 * how many reports it stands for, with the latest note; otherwise a new one. After the report's insert, in its batch.
 */
const mergedTask = (db: D1Database, reference: string, kind: OfficeTaskKind, report: JobReportKind, detail: string | null, now: Date) => [
  db
    .prepare(
      `UPDATE office_tasks SET detail = 'Latest of ' || (
         SELECT COUNT(*) FROM job_reports r WHERE r.reference = ?1 AND r.kind = ?3 AND r.created_at >= office_tasks.created_at
       ) || ' reports' || coalesce(': ' || ?4, '')
       WHERE id = (SELECT id FROM office_tasks WHERE record_reference = ?1 AND kind = ?2 AND done_at IS NULL ORDER BY id DESC LIMIT 1)`,
    )
    .bind(reference, kind, report, detail),
  db
    .prepare('INSERT INTO office_tasks (record_reference, kind, detail, created_at) SELECT ?, ?, ?, ? WHERE changes() = 0')
    .bind(reference, kind, detail, now.toISOString()),
];

/** The move's reports and photos so far on the request's UK day, from the sheet and the move page together. */
export async function reportsToday(db: D1Database, reference: string, now: Date): Promise<ReportsToday> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS reports, COALESCE(SUM(json_array_length(photos)), 0) AS photos FROM job_reports
       WHERE reference = ? AND created_at >= ?`,
    )
    .bind(reference, londonDayStart(londonToday(now)).toISOString())
    .first<ReportsToday>();
  return row ?? { reports: 0, photos: 0 };
}

/**
 * A report post's per-minute limits (wrangler.jsonc), for the request pipeline: per client, and per link (`link`: which
 * page of which move, e.g. `sheet:<reference>`, or null for a post that opens no move), so neither one phone nor one
 * leaked link can flood a move.
 */
export const reportLimits = <E extends Bound>(link: RateLimit<E>['key']): RateLimit<E>[] => [
  perClient('REPORT_LIMITER', 'report'),
  { binding: 'REPORT_LINK_LIMITER', key: link },
];

/**
 * Minutes from the crew's phone's location to the pickup (issue 44 item 2), the pickup placed by the postcode service
 * the quote uses; null when the service cannot place it (down, slow or not found), so the chosen time is sent instead.
 * The location is an argument only: nothing here stores or logs it.
 */
export async function minutesToPickup(env: Env, pickupPostcode: string, crew: LatLng): Promise<number | null> {
  try {
    return arrivalMinutes(crew, await workerPostcodeClient(env).resolve(pickupPostcode, 'from'));
  } catch (error) {
    if (error instanceof PostcodeServiceError || error instanceof PostcodeNotFoundError) return null;
    throw error;
  }
}

export const crewActor = (booking: DiaryBooking) => `crew:${crewFirstName(booking)}`;

/**
 * The sheet's one check of the day (movingDayRefusal, or jobDoneRefusal for "Job done"): null when today allows `what`;
 * otherwise its audit line is written (nothing else is stored or sent, but the office sees that the crew tried, and
 * when, as it sees their other actions) and the refusal's words are answered.
 */
export async function refusedOffDay(
  db: D1Database,
  reference: string,
  booking: DiaryBooking,
  what: string,
  now: Date,
  rule: (moveDate: string, today: string) => string | null = movingDayRefusal,
): Promise<string | null> {
  const refusal = rule(booking.moveDate, londonToday(now));
  if (!refusal) return null;
  await auditStatement(
    db,
    {
      actor: crewActor(booking),
      action: JOB_SHEET_ACTIONS.offDay,
      reference,
      detail: `${what} sent on ${formatLongDate(londonToday(now))}, not the move's day (${formatLongDate(booking.moveDate)}): refused`,
    },
    now,
  ).run();
  return refusal;
}

/** The taps of the moving day that tell the customer at once (issue 44 item 2). */
export type DayTap = 'on_our_way' | 'arrived' | 'leaving' | 'at_delivery' | 'late';

function dayEvent(kind: DayTap, crew: string, eta: string | null): MoveEvent {
  if (kind === 'on_our_way') return { kind: 'crew_on_way', crew, eta: eta ?? '' };
  if (kind === 'late') return { kind: 'crew_late', crew, eta: eta ?? '' };
  return { kind: 'crew_step', crew, step: kind };
}

/** The audit line says how an estimate was made, never where the crew were. */
const tapDetail = (kind: DayTap, eta: string | null, located: boolean): string =>
  kind === 'on_our_way'
    ? `On our way, arriving at about ${eta}${located ? ' (estimate from the crew’s location)' : ''}`
    : kind === 'late'
      ? `Running late, now arriving at about ${eta}`
      : JOB_REPORT_LABELS[kind];

/**
 * A moving-day tap: the report, the move's history line, the customer's e-mail and the audit line, stored in one batch
 * and only if new, so a form posted twice on a poor signal (the same `tap` key), or a second Arrived, changes nothing.
 * False when nothing was stored.
 */
export async function reportDayTap(
  env: Env,
  quote: StoredQuote,
  booking: DiaryBooking,
  tap: { kind: DayTap; eta: string | null; key: string | null; located?: boolean },
  now: Date,
): Promise<boolean> {
  const db = env.DB;
  const { reference } = quote;
  const event = dayEvent(tap.kind, crewFirstName(booking), tap.eta);
  // "On our way" and "Running late" also go by text, to a customer who opted in (issue 44 item 4).
  const emailKey = `move:${reference}:crew_${tap.kind}:${now.getTime()}:customer`;
  const messages = await customerMessages(db, await mailContext(env), quote, event, emailKey);
  const after = { afterChange: true };
  const [stored] = await db.batch([
    db
      .prepare(
        `INSERT INTO job_reports (reference, kind, created_at, eta, tap) SELECT ?1, ?2, ?3, ?4, ?5
         WHERE NOT EXISTS (SELECT 1 FROM job_reports WHERE reference = ?1 AND ((?5 IS NOT NULL AND tap = ?5) OR (?6 = 1 AND kind = ?2)))`,
      )
      .bind(reference, tap.kind, now.toISOString(), tap.eta, tap.key, ONCE_ONLY_STEPS.has(tap.kind) ? 1 : 0),
    eventInsert(db, reference, now.toISOString(), event, after),
    ...outboxInserts(db, messages, now, after),
    auditStatement(
      db,
      {
        actor: crewActor(booking),
        action: JOB_SHEET_ACTIONS[tap.kind],
        reference,
        detail: tapDetail(tap.kind, tap.eta, tap.located === true),
      },
      now,
      after,
    ),
  ]);
  if (!stored?.meta.changes) return false;
  await queueEmails(
    env,
    messages.map((message) => message.idempotencyKey),
  );
  return true;
}

/**
 * "Job done": the report, the lead's stage moved to done (its office row made if the office had none), a to-do, and
 * the customer's review request (the first Job done only: a second report asks nothing again).
 */
export async function reportJobDone(env: Env, quote: StoredQuote, booking: DiaryBooking, note: string | null, now: Date): Promise<void> {
  const db = env.DB;
  const { reference } = quote;
  const at = now.toISOString();
  const key = reviewRequestKey(reference);
  const asked = await db.prepare('SELECT 1 FROM email_outbox WHERE idempotency_key = ?').bind(key).first();
  const emails: OutboxEmail[] =
    asked || quote.reviewed
      ? []
      : [
          {
            recordType: 'move',
            recordReference: reference,
            kind: 'customer',
            draft: reviewRequestEmail(await mailContext(env), quote),
            idempotencyKey: key,
          },
        ];
  await db.batch([
    reportInsert(db, reference, 'done', now, { note }),
    quoteLeadAt(db, reference, 'done', at),
    ...mergedTask(db, reference, 'job_done', 'done', note, now),
    auditStatement(
      db,
      {
        actor: crewActor(booking),
        action: JOB_SHEET_ACTIONS.done,
        reference,
        detail: note ? `${JOB_REPORT_LABELS.done}: ${note}` : JOB_REPORT_LABELS.done,
      },
      now,
    ),
    ...outboxInserts(db, emails, now),
  ]);
  await queueEmails(
    env,
    emails.map((email) => email.idempotencyKey),
  );
}

export interface JobPhoto {
  bytes: Uint8Array;
  /** A key of JOB_PHOTO_TYPES, read from its bytes. */
  type: string;
}

const PHOTO_PREFIX = 'job-photos/';
const photoKey = (reference: string, type: string) => `${PHOTO_PREFIX}${reference}/${crypto.randomUUID()}.${JOB_PHOTO_TYPES[type]}`;
/** Only keys this module makes are ever read back. */
export const PHOTO_KEY_PATTERN = /^job-photos\/[A-Za-z0-9-]+\/[0-9a-f-]{36}\.(jpg|png|webp|heic|heif)$/;

/** Photos into R2 under the move's own keys, before any row names them; their keys, in order. */
export async function putJobPhotos(env: Env, reference: string, photos: JobPhoto[]): Promise<string[]> {
  const keys: string[] = [];
  for (const photo of photos) {
    const key = photoKey(reference, photo.type);
    await env.PHOTOS.put(key, photo.bytes, { httpMetadata: { contentType: photo.type } });
    keys.push(key);
  }
  return keys;
}

/** "Damage or problem" from the crew's sheet. */
export async function reportProblem(
  env: Env,
  reference: string,
  booking: DiaryBooking,
  note: string,
  photos: JobPhoto[],
  now: Date,
): Promise<void> {
  await reportDamage(
    env,
    reference,
    { actor: crewActor(booking), report: 'problem', task: 'job_problem', action: JOB_SHEET_ACTIONS.problem },
    note,
    photos,
    now,
  );
}

/** Who reports damage, and the report, to-do and audit action it makes. */
export interface DamageReporter {
  actor: string;
  report: Extract<JobReportKind, 'problem' | 'customer_damage'>;
  task: Extract<OfficeTaskKind, 'job_problem' | 'customer_damage'>;
  action: string;
}

/**
 * Damage, from the crew's sheet or the customer's move page: the photos go to R2 first, then the rows naming them.
 * `withReport`: statements that must follow the report's insert at once (a claim naming it by last_insert_rowid()).
 */
export async function reportDamage(
  env: Env,
  reference: string,
  by: DamageReporter,
  note: string,
  photos: JobPhoto[],
  now: Date,
  withReport: D1PreparedStatement[] = [],
): Promise<void> {
  const keys = await putJobPhotos(env, reference, photos);
  const db = env.DB;
  const photoWords = keys.length ? ` (${keys.length} photo${keys.length === 1 ? '' : 's'})` : '';
  await db.batch([
    reportInsert(db, reference, by.report, now, { note, photos: keys }),
    ...withReport,
    ...mergedTask(db, reference, by.task, by.report, note, now),
    auditStatement(
      db,
      { actor: by.actor, action: by.action, reference, detail: `${JOB_REPORT_LABELS[by.report]}: ${note}${photoWords}` },
      now,
    ),
  ]);
}

/** A form's text field, trimmed; '' when absent or a file (of the form as parsed, or as typed given back). */
export const formText = (form: FormData | URLSearchParams, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** A report's note (required for damage): its message, or null. */
export function noteProblem(note: string, required: boolean): string | null {
  if (required && !note) return JOB_SHEET_MESSAGES.noteRequired;
  return note.length > JOB_NOTE_MAX ? JOB_SHEET_MESSAGES.noteTooLong : null;
}

/** A form's `photos`: at most JOB_PHOTO_MAX, each under its size and a picture by its own bytes; or the message. */
/** A form's photo files; a file input left empty still sends one nameless, empty part, which is none. */
export const formPhotos = (form: FormData): File[] =>
  form.getAll('photos').filter((each): each is File => typeof each !== 'string' && each.size > 0);

export async function checkPhotos(form: FormData): Promise<{ ok: true; photos: JobPhoto[] } | { ok: false; message: string }> {
  const files = formPhotos(form);
  if (files.length > JOB_PHOTO_MAX) return { ok: false, message: JOB_SHEET_MESSAGES.photoCount };
  const photos: JobPhoto[] = [];
  for (const file of files) {
    if (file.size > JOB_PHOTO_MAX_BYTES) return { ok: false, message: JOB_SHEET_MESSAGES.photoSize };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = photoType(bytes);
    if (!type) return { ok: false, message: JOB_SHEET_MESSAGES.photoType };
    photos.push({ bytes, type });
  }
  return { ok: true, photos };
}

/**
 * The customer's drawn signature on a condition record or a change order (issue 44 items 5 and 6), checked as a photo
 * is, by its own bytes: a PNG under SIGNATURE_MAX_BYTES, or none when the pad was left blank or the phone had no script.
 */
export async function checkSignature(form: FormData): Promise<{ ok: true; signature: JobPhoto | null } | { ok: false }> {
  const file = form.get('signature');
  if (file === null || typeof file === 'string' || file.size === 0) return { ok: true, signature: null };
  if (file.size > SIGNATURE_MAX_BYTES) return { ok: false };
  const bytes = new Uint8Array(await file.arrayBuffer());
  return photoType(bytes) === 'image/png' ? { ok: true, signature: { bytes, type: 'image/png' } } : { ok: false };
}

/** A report's post (the job sheet's, the move page's damage form): three photos at their limit, the note, the form. */
export const MAX_PHOTO_FORM_BODY = JOB_PHOTO_MAX * JOB_PHOTO_MAX_BYTES + SIGNATURE_MAX_BYTES + 64 * 1024;

/** A photo is put before the report naming it is stored: one younger than this may still be on its way to its row. */
const PHOTO_SETTLE_MS = 60 * 60 * 1000;

/**
 * The cron trigger's sweep of R2: photos whose report has gone (its lead erased by the customer or past retention,
 * functions/lib/office/rows.ts) are deleted, so a photo never outlives the lead it is about.
 */
export async function deleteOrphanedJobPhotos(env: Env, now: Date): Promise<number> {
  // The crew's and the customer's reports, the condition records at both ends with their drawn signatures (issue 44
  // item 5), and the signatures drawn on change orders (item 6); each row goes with its lead, its picture after it.
  const { results } = await env.DB.prepare(
    `SELECT photos FROM job_reports WHERE photos IS NOT NULL UNION ALL SELECT photos FROM condition_records WHERE photos IS NOT NULL
     UNION ALL SELECT json_array(signature) FROM condition_records WHERE signature IS NOT NULL
     UNION ALL SELECT json_array(signature) FROM change_orders WHERE signature IS NOT NULL`,
  ).all<{ photos: string }>();
  const kept = new Set(results.flatMap((row) => JSON.parse(row.photos) as string[]));
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ prefix: PHOTO_PREFIX, ...(cursor ? { cursor } : {}) });
    const orphans = page.objects
      .filter((photo) => !kept.has(photo.key) && photo.uploaded.getTime() < now.getTime() - PHOTO_SETTLE_MS)
      .map((photo) => photo.key);
    if (orphans.length > 0) await env.PHOTOS.delete(orphans);
    deleted += orphans.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}
