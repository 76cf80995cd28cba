/**
 * The one writer of partner_offers and partner_jobs (issue 43 items 4 and 6), and their readers. A move is claimed once:
 * the partial unique index partner_jobs_one_partner (migrations/0070) makes the second of two simultaneous accepts fail
 * its INSERT, and that partner's offer becomes 'taken'. Every change is written with its audit line, who did it.
 */
import { addDays, dayOfWeek, londonToday } from '~/lib/dates';
import { accountEmail } from '~/lib/account';
import { addressText } from '~/lib/move-facts';
import { formatPence } from '~/lib/money';
import { outwardCode } from '~/lib/postcodes';
import { coversDistrict } from '~/lib/partners/coverage';
import { priceToPay } from '~/lib/price-to-pay';
import {
  bestFirst,
  callCustomerDue,
  detailsVisible,
  givenBackLate,
  moversFor,
  NO_RECORD,
  partnerShare,
  partnerVan,
  punctuality,
  vanNeeded,
  type DoneJobFacts,
  type PartnerRecord,
  type Share,
} from '~/lib/partners/offers';
import type { MoveEvent } from '~/lib/move-status';
import type { PartnerJobView, PartnerOfferView, PartnerOffersData } from '~/lib/views/partners';
import type { Env } from '../../env';
import { isUniqueViolation } from '../d1';
import { auditStatement } from '../office/audit';
import { TOLD_CREW } from '../office/job-sheets';
import { partnerCommissionPercent } from '../office/settings';
import { taskStatement } from '../office/tasks';
import { mailContext } from '../mail-context';
import { outboxInserts, queueEmails, type OutboxMessage } from '../outbox';
import { customerMessages } from '../sms-consent';
import { findQuote } from '../quote/store';
import { firstName } from '../quote/summary';
import { eventInsert } from '../quote/transition';
import type { StoredQuote } from '../quote/stored-quote';
import { approvedPartners, type PartnerRow } from './read';

/** Who offered a move when no one in the office did: a give-back, or a full diary. */
export const SITE_ACTOR = 'site';

export interface EligiblePartner {
  reference: string;
  name: string;
  vanTonnes: number;
  record: PartnerRecord;
}

/**
 * Each partner's record (item 6): jobs done (the crew's "Job done" on a job still theirs), given back, given back late;
 * and, of the jobs done, the job sheet's On our way and Arrived since they claimed it, the booked arrival window, and
 * the move's published review.
 */
export async function partnerRecords(db: D1Database): Promise<Map<string, PartnerRecord>> {
  const [counts, done] = await Promise.all([
    db
      .prepare(
        `SELECT j.partner_reference AS reference,
           SUM(j.given_back_at IS NULL AND EXISTS (SELECT 1 FROM job_reports r WHERE r.reference = j.reference AND r.kind = 'done')) AS done,
           SUM(j.given_back_at IS NOT NULL) AS givenBack, SUM(j.given_back_late) AS givenBackLate
         FROM partner_jobs j GROUP BY j.partner_reference`,
      )
      .all<{ reference: string; done: number; givenBack: number; givenBackLate: number }>(),
    db
      .prepare(
        `SELECT j.partner_reference AS reference, q.move_date AS moveDate, d.arrival_window AS arrivalWindow,
           (SELECT MIN(r.created_at) FROM job_reports r WHERE r.reference = j.reference AND r.kind = 'on_our_way' AND r.created_at >= j.claimed_at) AS onOurWayAt,
           (SELECT r.eta FROM job_reports r WHERE r.reference = j.reference AND r.kind = 'on_our_way' AND r.created_at >= j.claimed_at ORDER BY r.id LIMIT 1) AS eta,
           (SELECT MIN(r.created_at) FROM job_reports r WHERE r.reference = j.reference AND r.kind = 'arrived' AND r.created_at >= j.claimed_at) AS arrivedAt,
           (SELECT v.rating FROM move_reviews v WHERE v.reference = j.reference AND v.status = 'published') AS rating
         FROM partner_jobs j JOIN quote_requests q ON q.reference = j.reference LEFT JOIN diary_entries d ON d.reference = j.reference
         WHERE j.given_back_at IS NULL AND EXISTS (SELECT 1 FROM job_reports r WHERE r.reference = j.reference AND r.kind = 'done')`,
      )
      .all<DoneJobFacts & { reference: string }>(),
  ]);
  const jobsOf = new Map<string, DoneJobFacts[]>();
  for (const { reference, ...job } of done.results) jobsOf.set(reference, [...(jobsOf.get(reference) ?? []), job]);
  return new Map(
    counts.results.map(({ reference, ...count }) => [reference, { ...NO_RECORD, ...count, ...punctuality(jobsOf.get(reference) ?? []) }]),
  );
}

/** The move's price and the partner's share of it at today's commission; null while the move has no price. */
export async function shareOf(db: D1Database, quote: StoredQuote): Promise<Share | null> {
  const price = priceToPay(quote);
  return price ? partnerShare(price.pricePence, await partnerCommissionPercent(db)) : null;
}

/** The partner who has the move now, if any. */
export const livePartnerJob = (db: D1Database, reference: string) =>
  db
    .prepare(
      `SELECT j.id, j.partner_reference AS partnerReference, p.name, j.share_pence AS sharePence FROM partner_jobs j
       JOIN partner_applications p ON p.reference = j.partner_reference WHERE j.reference = ? AND j.given_back_at IS NULL`,
    )
    .bind(reference)
    .first<{ id: number; partnerReference: string; name: string; sharePence: number }>();

/**
 * A partner who booked the move themselves (the quote's e-mail address is theirs) never does it as a partner: it is
 * not offered to them, not listed, and their accept is refused (the firm's job, and the partner's share, would be their
 * own move's price).
 */
export const ownMove = (partner: Pick<PartnerRow, 'email'>, quote: Pick<StoredQuote, 'email'>) =>
  accountEmail(partner.email) === accountEmail(quote.email);

/**
 * Approved partners (never a paused one) who cover both ends (the district, or its whole area: coversDistrict), have a
 * van at least the size the move needs, work that weekday and have no other job that day; never one who gave this move
 * back, nor one who booked it. Best record first.
 */
export async function eligiblePartners(
  db: D1Database,
  quote: Pick<StoredQuote, 'reference' | 'fromPostcode' | 'toPostcode' | 'moveDate' | 'propertyId' | 'email'>,
): Promise<EligiblePartner[]> {
  const from = outwardCode(quote.fromPostcode);
  const to = outwardCode(quote.toPostcode);
  if (!from || !to) return [];
  const [partners, records, busy] = await Promise.all([
    approvedPartners(db),
    partnerRecords(db),
    db
      .prepare(
        `SELECT j.partner_reference AS reference FROM partner_jobs j JOIN quote_requests q ON q.reference = j.reference
         WHERE j.given_back_at IS NULL AND q.move_date = ?1 AND j.reference <> ?2
         UNION SELECT partner_reference FROM partner_jobs WHERE reference = ?2 AND given_back_at IS NOT NULL`,
      )
      .bind(quote.moveDate, quote.reference)
      .all<{ reference: string }>(),
  ]);
  const unavailable = new Set(busy.results.map((row) => row.reference));
  const weekday = dayOfWeek(quote.moveDate);
  const van = vanNeeded(quote.propertyId);
  const fitting = partners
    .filter(
      (partner) =>
        coversDistrict(partner.districts, from) &&
        coversDistrict(partner.districts, to) &&
        partner.vanTonnes >= van &&
        partner.workDays.includes(weekday) &&
        !unavailable.has(partner.reference) &&
        !ownMove(partner, quote),
    )
    .map((partner) => ({
      reference: partner.reference,
      name: partner.name,
      vanTonnes: partner.vanTonnes,
      record: records.get(partner.reference) ?? NO_RECORD,
      approvedAt: partner.decidedAt ?? '',
    }));
  return fitting.sort(bestFirst).map(({ approvedAt: _approved, ...partner }) => partner);
}

/**
 * Offers the move to each partner named (skipping one who already has it open), each with its audit line; the share is
 * fixed now. Answers how many were offered.
 */
export async function offerMove(
  db: D1Database,
  quote: StoredQuote,
  partners: readonly EligiblePartner[],
  share: Share,
  actor: string,
  now: Date,
): Promise<number> {
  if (partners.length === 0) return 0;
  const at = now.toISOString();
  const results = await db.batch(
    partners.flatMap((partner) => [
      db
        .prepare(
          `INSERT INTO partner_offers (reference, partner_reference, share_pence, offered_at, offered_by)
           SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS
             (SELECT 1 FROM partner_offers WHERE reference = ?1 AND partner_reference = ?2 AND status = 'open')`,
        )
        .bind(quote.reference, partner.reference, share.sharePence, at, actor),
      auditStatement(
        db,
        {
          actor,
          action: 'partner_offered',
          reference: quote.reference,
          detail: `Offered to partner ${partner.name} (${partner.reference}): their share ${formatPence(share.sharePence)}, the price ${formatPence(share.pricePence)} less ${share.percent}% commission`,
        },
        now,
        { afterChange: true },
      ),
    ]),
  );
  return results.filter((result, index) => index % 2 === 0 && result.meta.changes === 1).length;
}

export type AcceptAnswer = 'accepted' | 'taken' | 'gone' | 'suspended' | 'ownMove';

interface OfferRow {
  id: number;
  reference: string;
  status: string;
  /** The quote's e-mail address. */
  email: string;
}

/**
 * The partner's Accept: their INSERT into partner_jobs, the offer claimed and every other open offer of the move taken,
 * in one batch. When another partner got there first the unique index refuses the INSERT, and this offer is 'taken'.
 * A move some partner gave back is a new crew for the customer: its history line, their one e-mail and, if they opted in,
 * their one text are stored in the same batch, chained on the claim (a move's first partner tells them nothing: the crew
 * they were told of stands).
 */
export async function acceptOffer(env: Env, partner: PartnerRow, offerId: number, crew: PartnerCrew, now: Date): Promise<AcceptAnswer> {
  const db = env.DB;
  const offer = await db
    .prepare(
      `SELECT o.id, o.reference, o.status, q.email FROM partner_offers o JOIN quote_requests q ON q.reference = o.reference
       WHERE o.id = ? AND o.partner_reference = ?`,
    )
    .bind(offerId, partner.reference)
    .first<OfferRow>();
  if (!offer) return 'gone';
  // Their own move (an offer made before the address was theirs, or a crafted post): refused, and the refusal audited.
  if (ownMove(partner, offer)) {
    await auditStatement(
      db,
      {
        actor: partner.email,
        action: 'partner_own_move',
        reference: offer.reference,
        detail: `Partner ${partner.name} tried to take a move they booked themselves as the customer: refused`,
      },
      now,
    ).run();
    return 'ownMove';
  }
  if (offer.status === 'taken') return 'taken';
  if (offer.status !== 'open') return 'gone';
  if (partner.status !== 'approved') return 'suspended';
  const tell = await crewMessage(env, offer, partner, crew);
  const at = now.toISOString();
  const tooLate = (after = { afterChange: false }) =>
    auditStatement(
      db,
      {
        actor: partner.email,
        action: 'partner_too_late',
        reference: offer.reference,
        detail: `Partner ${partner.name} tried to take the job: already taken`,
      },
      now,
      after,
    );
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO partner_jobs (reference, partner_reference, share_pence, claimed_at, arrival_window, crew_size)
           SELECT reference, partner_reference, share_pence, ?, ?, ? FROM partner_offers WHERE id = ? AND status = 'open'`,
        )
        .bind(at, crew.window, crew.size, offer.id),
      db.prepare(`UPDATE partner_offers SET status = 'claimed', answered_at = ? WHERE id = ? AND status = 'open'`).bind(at, offer.id),
      auditStatement(
        db,
        { actor: partner.email, action: 'partner_claimed', reference: offer.reference, detail: `Partner ${partner.name} took the job` },
        now,
        { afterChange: true },
      ),
      ...(tell ? [eventInsert(db, offer.reference, at, tell.event), ...outboxInserts(db, tell.messages, now, { afterChange: true })] : []),
      db
        .prepare(
          `UPDATE partner_offers SET status = 'taken', answered_at = ?1 WHERE reference = ?2 AND status = 'open'
           AND EXISTS (SELECT 1 FROM partner_jobs WHERE reference = ?2 AND partner_reference = ?3 AND given_back_at IS NULL)`,
        )
        .bind(at, offer.reference, partner.reference),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error, 'partner_jobs.reference')) throw error;
    await db.batch([
      db.prepare(`UPDATE partner_offers SET status = 'taken', answered_at = ? WHERE id = ? AND status = 'open'`).bind(at, offer.id),
      tooLate({ afterChange: true }),
    ]);
    return 'taken';
  }
  const mine = await db
    .prepare('SELECT 1 AS one FROM partner_jobs WHERE reference = ? AND partner_reference = ? AND given_back_at IS NULL')
    .bind(offer.reference, partner.reference)
    .first();
  if (mine && tell)
    await queueEmails(
      env,
      tell.messages.map((message) => message.idempotencyKey),
    );
  if (mine) return 'accepted';
  // Another partner's claim landed between the read above and this batch, and had already marked this offer taken.
  const after = await db.prepare('SELECT status FROM partner_offers WHERE id = ?').bind(offer.id).first<{ status: string }>();
  if (after?.status !== 'taken') return 'gone';
  await tooLate().run();
  return 'taken';
}

/** When the partner says they arrive and how many come (src/lib/partners/offers.ts readCrewAnswer). */
export interface PartnerCrew {
  window: string;
  size: number;
}

/**
 * The window and crew size the customer was told when the firm booked its own crew in the diary: a partner taking such
 * a move keeps to them (the accept form shows them, not a choice). Null when no one has told the customer yet.
 */
export const toldCrew = (db: D1Database, offerId: number) =>
  db
    .prepare(
      `SELECT d.arrival_window AS window, c.size FROM partner_offers o
       JOIN diary_entries d ON ${TOLD_CREW('d', 'o.reference')} JOIN crews c ON c.id = d.crew_id WHERE o.id = ?`,
    )
    .bind(offerId)
    .first<PartnerCrew>();

/**
 * What the customer is told as a partner takes a booked move: "a new crew is confirmed" after a give-back; their crew
 * and arrival time when no one had told them yet (a day the diary only held for a partner, as its page promised: "We
 * e-mail you who is coming and when"); nothing when the firm's own crew was booked and said. Null for a move not booked.
 */
async function crewMessage(
  env: Env,
  offer: OfferRow,
  partner: PartnerRow,
  crew: PartnerCrew,
): Promise<{ event: MoveEvent; messages: OutboxMessage[] } | null> {
  const quote = await findQuote(env.DB, { reference: offer.reference });
  if (!quote || quote.status !== 'booked') return null;
  const [givenBack, told] = await Promise.all([
    env.DB.prepare('SELECT 1 AS one FROM partner_jobs WHERE reference = ? AND given_back_at IS NOT NULL LIMIT 1')
      .bind(offer.reference)
      .first(),
    env.DB.prepare(`SELECT 1 AS one FROM diary_entries d WHERE ${TOLD_CREW('d', '?')}`)
      .bind(offer.reference)
      .first(),
  ]);
  // The first name only, as the customer's page names every crew (bookedInDiary's crewFirstName).
  const lead = firstName(partner.name.trim());
  const event: MoveEvent | null = givenBack
    ? { kind: 'new_crew', crew: lead, moveDate: quote.moveDate, window: crew.window }
    : told
      ? null
      : {
          kind: 'crew_assigned',
          crew: { lead, size: crew.size, van: partnerVan(partner.vanTonnes), window: crew.window },
          byPartner: true,
        };
  if (!event) return null;
  // One per claim (the offer is claimed once). A new crew also goes by text to a customer who opted in; a first crew
  // does not, as the firm's own crew set in the diary does not (sms-texts.ts isTextedEvent).
  const emailKey = `move:${quote.reference}:${event.kind}_${offer.id}:customer`;
  return { event, messages: await customerMessages(env.DB, await mailContext(env), quote, event, emailKey) };
}

export async function declineOffer(db: D1Database, partner: PartnerRow, offerId: number, now: Date): Promise<boolean> {
  const offer = await db
    .prepare('SELECT reference FROM partner_offers WHERE id = ? AND partner_reference = ?')
    .bind(offerId, partner.reference)
    .first<{ reference: string }>();
  if (!offer) return false;
  const [update] = await db.batch([
    db
      .prepare(`UPDATE partner_offers SET status = 'declined', answered_at = ? WHERE id = ? AND status = 'open'`)
      .bind(now.toISOString(), offerId),
    auditStatement(
      db,
      {
        actor: partner.email,
        action: 'partner_declined',
        reference: offer.reference,
        detail: `Partner ${partner.name} declined the offer`,
      },
      now,
      { afterChange: true },
    ),
  ]);
  return update!.meta.changes === 1;
}

/** A job of this partner's, still theirs. */
export const ownJob = (db: D1Database, partner: PartnerRow, jobId: number) =>
  db
    .prepare(
      `SELECT j.id, j.reference, q.move_date AS moveDate FROM partner_jobs j JOIN quote_requests q ON q.reference = j.reference
       WHERE j.id = ? AND j.partner_reference = ? AND j.given_back_at IS NULL`,
    )
    .bind(jobId, partner.reference)
    .first<{ id: number; reference: string; moveDate: string }>();

/**
 * The partner gives a job back (item 6): late inside 72 hours of the move. Their job sheet links stop working, the office
 * gets an urgent task, and the move is offered at once to the other partners who fit (by the site). The customer's page
 * keeps the crew it showed until a new partner takes the move.
 */
export async function giveBack(
  db: D1Database,
  partner: PartnerRow,
  job: { id: number; reference: string; moveDate: string },
  reason: string,
  now: Date,
): Promise<{ late: boolean; offered: number } | null> {
  const late = givenBackLate(job.moveDate, now);
  const at = now.toISOString();
  const detail = `Partner ${partner.name} gave the job back${late ? ' inside 72 hours of the move (counts against them)' : ''}: ${reason}`;
  const [update] = await db.batch([
    db
      .prepare(
        'UPDATE partner_jobs SET given_back_at = ?, given_back_late = ?, give_back_reason = ? WHERE id = ? AND given_back_at IS NULL',
      )
      .bind(at, late ? 1 : 0, reason, job.id),
    auditStatement(db, { actor: partner.email, action: 'partner_gave_back', reference: job.reference, detail }, now, { afterChange: true }),
    taskStatement(db, { reference: job.reference, kind: 'partner_gave_back', detail }, now, { afterChange: true }),
    db.prepare('UPDATE job_sheet_tokens SET revoked_at = ? WHERE reference = ? AND revoked_at IS NULL').bind(at, job.reference),
  ]);
  if (update!.meta.changes !== 1) return null;
  const quote = await findQuote(db, { reference: job.reference });
  const share = quote && (await shareOf(db, quote));
  const offered = quote && share ? await offerMove(db, quote, await eligiblePartners(db, quote), share, SITE_ACTOR, now) : 0;
  return { late, offered };
}

/**
 * The cron (item 6): a booked move given back with no partner by 24 hours before its day gets one urgent office task,
 * with the customer's phone, to ring them.
 */
export async function callCustomersWithoutPartner(db: D1Database, now: Date): Promise<number> {
  const today = londonToday(now);
  const { results } = await db
    .prepare(
      `SELECT q.reference, q.name, q.phone, q.move_date AS moveDate FROM quote_requests q
       WHERE q.status = 'booked' AND q.move_date BETWEEN ?1 AND ?2
         AND EXISTS (SELECT 1 FROM partner_jobs j WHERE j.reference = q.reference AND j.given_back_at IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM partner_jobs j WHERE j.reference = q.reference AND j.given_back_at IS NULL)
         AND NOT EXISTS (SELECT 1 FROM office_tasks t WHERE t.record_reference = q.reference AND t.kind = 'partner_call_customer')`,
    )
    .bind(today, addDays(today, 2))
    .all<{ reference: string; name: string; phone: string; moveDate: string }>();
  const due = results.filter((move) => callCustomerDue(move.moveDate, now));
  if (due.length === 0) return 0;
  await db.batch(
    due.flatMap((move) => {
      const detail = `No partner has taken the move given back: call the customer, ${move.name}, on ${move.phone}`;
      return [
        taskStatement(db, { reference: move.reference, kind: 'partner_call_customer', detail }, now),
        auditStatement(db, { actor: 'system', action: 'partner_call_customer', reference: move.reference, detail }, now),
      ];
    }),
  );
  return due.length;
}

interface OfferListRow {
  id: number;
  reference: string;
  sharePence: number;
  status: 'open' | 'taken';
  moveDate: string;
  fromPostcode: string;
  toPostcode: string;
  propertyId: string;
  arrivalWindow: string | null;
  crewSize: number | null;
}

/**
 * The partner's open offers and those lately taken by another, for moves not yet past: districts only, never the
 * customer; never a move they booked themselves.
 */
export async function offersFor(db: D1Database, partner: PartnerRow, now: Date): Promise<PartnerOfferView[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.reference, o.share_pence AS sharePence, o.status, q.move_date AS moveDate, q.from_postcode AS fromPostcode,
         q.to_postcode AS toPostcode, q.property_id AS propertyId, d.arrival_window AS arrivalWindow, c.size AS crewSize
       FROM partner_offers o JOIN quote_requests q ON q.reference = o.reference
         LEFT JOIN diary_entries d ON ${TOLD_CREW('d', 'o.reference')} LEFT JOIN crews c ON c.id = d.crew_id
       WHERE o.partner_reference = ?1 AND o.status IN ('open', 'taken') AND q.move_date >= ?2 AND lower(trim(q.email)) <> ?3
       ORDER BY q.move_date, o.id LIMIT 50`,
    )
    .bind(partner.reference, londonToday(now), accountEmail(partner.email))
    .all<OfferListRow>();
  return results.map((row) => ({
    id: row.id,
    moveDate: row.moveDate,
    fromDistrict: outwardCode(row.fromPostcode) ?? '',
    toDistrict: outwardCode(row.toPostcode) ?? '',
    propertyId: row.propertyId,
    sharePence: row.sharePence,
    taken: row.status === 'taken',
    told: row.arrivalWindow !== null && row.crewSize !== null ? { window: row.arrivalWindow, size: row.crewSize } : null,
    crewSize: moversFor(row.propertyId),
  }));
}

interface JobRow {
  id: number;
  reference: string;
  sharePence: number;
  done: number;
  arrivalWindow: string | null;
  crewSize: number | null;
}

/**
 * The partner's own jobs, still theirs: the customer's name, phone and full addresses until the end of the day after the
 * move, then the date and districts only. Never another partner's (the query is by this partner's reference).
 */
export async function jobsFor(db: D1Database, partner: PartnerRow, now: Date): Promise<PartnerJobView[]> {
  const { results } = await db
    .prepare(
      `SELECT j.id, j.reference, j.share_pence AS sharePence, j.arrival_window AS arrivalWindow, j.crew_size AS crewSize,
         EXISTS (SELECT 1 FROM job_reports r WHERE r.reference = j.reference AND r.kind = 'done') AS done
       FROM partner_jobs j WHERE j.partner_reference = ? AND j.given_back_at IS NULL ORDER BY j.claimed_at DESC LIMIT 100`,
    )
    .bind(partner.reference)
    .all<JobRow>();
  const quotes = await Promise.all(results.map((row) => findQuote(db, { reference: row.reference })));
  const jobs: PartnerJobView[] = [];
  results.forEach((row, index) => {
    const quote = quotes[index];
    if (!quote) return;
    const visible = detailsVisible(quote.moveDate, now);
    jobs.push({
      id: row.id,
      reference: row.reference,
      moveDate: quote.moveDate,
      fromDistrict: outwardCode(quote.fromPostcode) ?? '',
      toDistrict: outwardCode(quote.toPostcode) ?? '',
      sharePence: row.sharePence,
      done: row.done === 1,
      arrivalWindow: row.arrivalWindow,
      crewSize: row.crewSize,
      customer: visible
        ? {
            name: quote.name,
            phone: quote.phone,
            from: addressText(quote.addresses.from, quote.fromPostcode),
            to: addressText(quote.addresses.to, quote.toPostcode),
          }
        : null,
    });
  });
  jobs.sort((a, b) => a.moveDate.localeCompare(b.moveDate));
  return jobs;
}

/** The lead page's "Offer to partners" for a booked move: who has it, who fits (best record first), and the offers made. */
export async function offersSectionData(db: D1Database, quote: StoredQuote): Promise<PartnerOffersData | null> {
  if (quote.status !== 'booked') return null;
  const [share, live, fitting, offers] = await Promise.all([
    shareOf(db, quote),
    livePartnerJob(db, quote.reference),
    eligiblePartners(db, quote),
    db
      .prepare(
        `SELECT o.partner_reference AS partnerReference, p.name AS partnerName, o.status, o.offered_at AS offeredAt, o.offered_by AS offeredBy,
           o.share_pence AS sharePence
         FROM partner_offers o JOIN partner_applications p ON p.reference = o.partner_reference WHERE o.reference = ? ORDER BY o.id`,
      )
      .bind(quote.reference)
      .all<PartnerOffersData['offers'][number] & { partnerReference: string }>(),
  ]);
  const open = new Set(offers.results.filter((row) => row.status === 'open').map((row) => row.partnerReference));
  return {
    share,
    vanTonnes: vanNeeded(quote.propertyId),
    partner: live && { name: live.name, reference: live.partnerReference, sharePence: live.sharePence },
    fitting: fitting.map((partner) => ({ ...partner, offered: open.has(partner.reference) })),
    offers: offers.results.map(({ partnerReference: _ref, ...row }) => row),
  };
}
