/**
 * Offers to partners and the jobs they claim (issue 43 items 3, 4 and 6): the plain rules both the office and the
 * partner's pages follow (which van a move needs, the partner's share, the best record first, when a give-back is late,
 * how long a partner sees the customer's details). Pure: the Worker's reader and writer are
 * functions/lib/partners/offers.ts.
 */
import * as z from 'zod/mini';
import { addDays, londonDayStart, londonInstant } from '~/lib/dates';
import { positiveIdField } from '~/lib/schemas';
import { arrivalWindowEnd } from '~/lib/office/arrival-windows';
import { findPackage } from '~/data/packages';

export const OFFER_PATHS = {
  /** The office offers a booked move to one partner or to all who fit (the lead page's form). */
  office: '/office/partners/offer',
  /** The partner's Accept or Decline. */
  answer: '/partner/offer',
  giveBack: '/partner/give-back',
  /** Opens the crews' job sheet for one of the partner's jobs. */
  sheet: '/partner/job-sheet',
} as const;

/**
 * The van a move needs, by its size: a mini move fits any partner's van (1.5 t and up), a studio or one-bedroom home a
 * 3.5 t Luton, anything bigger (or a size we do not know, such as a surveyed home or a car) the largest we take, 7.5 t.
 * A partner's van is big enough when its tonnes are at least these.
 */
export const VAN_NEEDED: Readonly<Record<string, number>> = { mini: 1.5, studio: 3.5 };
export const LARGEST_VAN = 7.5;
export const vanNeeded = (propertyId: string): number => VAN_NEEDED[propertyId] ?? LARGEST_VAN;

/** Until the owner sets another: the firm keeps this share of a job's price. */
export const DEFAULT_COMMISSION_PERCENT = 15;
export const COMMISSION_RANGE = { min: 0, max: 90 } as const;

export interface Share {
  pricePence: number;
  commissionPence: number;
  sharePence: number;
  percent: number;
}

/** The commission is the percentage of the price rounded DOWN to the whole penny; the partner gets the rest. */
export function partnerShare(pricePence: number, percent: number): Share {
  const commissionPence = Math.floor((pricePence * percent) / 100);
  return { pricePence, commissionPence, sharePence: pricePence - commissionPence, percent };
}

/** Within this many hours of the move's day starting (UK time), giving a job back counts against the partner. */
export const LATE_GIVE_BACK_HOURS = 72;
/** With no partner this long before the move's day starts, the office rings the customer. */
export const CALL_CUSTOMER_HOURS = 24;

const hoursBefore = (moveDate: string, hours: number) => new Date(londonDayStart(moveDate).getTime() - hours * 3_600_000);

export const givenBackLate = (moveDate: string, now: Date): boolean => now >= hoursBefore(moveDate, LATE_GIVE_BACK_HOURS);
export const callCustomerDue = (moveDate: string, now: Date): boolean => now >= hoursBefore(moveDate, CALL_CUSTOMER_HOURS);

/** The partner sees the customer's name, phone and addresses until the end of the day after the move (UK time), as the job sheet. */
export const detailsVisible = (moveDate: string, now: Date): boolean => now < londonDayStart(addDays(moveDate, 2));

export interface PartnerRecord {
  done: number;
  givenBack: number;
  givenBackLate: number;
  /** Of the jobs done: how many had "On our way" tapped and their arrival ("Arrived") recorded. */
  tracked: number;
  /** Of the jobs done: how many had an arrival recorded and a time promised (see onTimeBy), and of those, how many on time. */
  timed: number;
  onTime: number;
  /** Published reviews (checked, shown as "Verified move") of the jobs done, and the sum of their stars. */
  reviews: number;
  stars: number;
}

export const NO_RECORD: PartnerRecord = { done: 0, givenBack: 0, givenBackLate: 0, tracked: 0, timed: 0, onTime: 0, reviews: 0, stars: 0 };

/** What a done job's sheet and review say, read since the partner claimed it. Times are ISO instants; `eta` is HH:MM. */
export interface DoneJobFacts {
  moveDate: string;
  arrivalWindow: string | null;
  onOurWayAt: string | null;
  /** The estimate given with the first "On our way". */
  eta: string | null;
  arrivedAt: string | null;
  rating: number | null;
}

/**
 * The latest on-time arrival: the end of the booked arrival window (UK time, the move's day). A move with no window in
 * the diary (the site's own bookings may have none) is held to the estimate the crew gave with their first "On our
 * way"; with neither, it has no promised time and is left out of the on-time share.
 */
export function onTimeBy(job: Pick<DoneJobFacts, 'moveDate' | 'arrivalWindow' | 'eta'>): Date | null {
  const end = job.arrivalWindow ? arrivalWindowEnd(job.arrivalWindow) : null;
  const time = end ?? job.eta;
  return time ? londonInstant(job.moveDate, time) : null;
}

/** A partner's punctuality and reviews from their done jobs (the counts of jobs done and given back come separately). */
export function punctuality(jobs: readonly DoneJobFacts[]): Pick<PartnerRecord, 'tracked' | 'timed' | 'onTime' | 'reviews' | 'stars'> {
  const record = { tracked: 0, timed: 0, onTime: 0, reviews: 0, stars: 0 };
  for (const job of jobs) {
    if (job.onOurWayAt && job.arrivedAt) record.tracked += 1;
    const by = onTimeBy(job);
    if (job.arrivedAt && by) {
      record.timed += 1;
      if (new Date(job.arrivedAt) <= by) record.onTime += 1;
    }
    if (job.rating !== null) {
      record.reviews += 1;
      record.stars += job.rating;
    }
  }
  return record;
}

/** The share of timed arrivals that were on time; 0 with none timed, so a record with no data never outranks one on time. */
export const onTimeShare = (record: Pick<PartnerRecord, 'timed' | 'onTime'>): number => (record.timed ? record.onTime / record.timed : 0);

/** Whole per cent, rounded down: "2 of 3" is 66 %, never more than it was. */
const percent = (part: number, whole: number) => Math.floor((part * 100) / whole);

/** The record as the office reads it, line by line: jobs, punctuality, reviews. */
export function recordLines(record: PartnerRecord): string[] {
  const { done, givenBack, givenBackLate, tracked, timed, onTime, reviews, stars } = record;
  const lines = [`Jobs: ${done} done, ${givenBack} given back (${givenBackLate} late)`];
  if (done > 0) {
    const share = timed ? `; on time ${onTime} of ${timed} (${percent(onTime, timed)}%)` : '';
    lines.push(`Punctuality: On our way and arrival recorded on ${tracked} of ${done} jobs done${share}`);
  }
  // Shown to one decimal place, as averages of stars are.
  lines.push(reviews ? `Verified reviews: ${reviews}, average ${(stars / reviews).toFixed(1)} out of 5` : 'Verified reviews: none yet');
  return lines;
}

export interface RankedPartner {
  reference: string;
  record: PartnerRecord;
  /** When the office approved them (ISO). */
  approvedAt: string;
}

/** Offers go first to the best record: fewest late give-backs, then most on time, then most jobs done, then earliest approved. */
export const bestFirst = (a: RankedPartner, b: RankedPartner): number =>
  a.record.givenBackLate - b.record.givenBackLate ||
  onTimeShare(b.record) - onTimeShare(a.record) ||
  b.record.done - a.record.done ||
  a.approvedAt.localeCompare(b.approvedAt) ||
  a.reference.localeCompare(b.reference);

export const GIVE_BACK_REASON_MAX = 500;

export const OFFER_MESSAGES = {
  taken: 'Sorry, this job has been taken by another partner.',
  gone: 'This offer is no longer open.',
  notBooked: 'Only a booked move can be offered to partners.',
  noneFit: 'No approved partner covers both ends, has the van and works that day.',
  hasPartner: 'A partner already has this move.',
  reason: 'Please say why you are giving the job back.',
  reasonTooLong: `Please keep the reason to ${GIVE_BACK_REASON_MAX} characters.`,
  suspended: 'You are paused, so you cannot take jobs until your new document is approved.',
  ownMove: 'You booked this move yourself as a customer, so you cannot take it as a partner.',
  window: 'Please choose when you will arrive, from the list.',
  crewSize: 'Please choose how many of you will come, from 1 to 9.',
} as const;

/**
 * What a partner says as they accept (issue 43 item 4): when they arrive and how many come, so the customer's page and
 * e-mails name the partner's crew as they name the firm's ("a crew of 2 led by Sam (3.5-tonne van), arriving 8–10 am").
 */
export const PARTNER_CREW_SIZES = { min: 1, max: 9 } as const;

/** The movers the move's package sends, else two, as the smallest packages have. */
export const moversFor = (propertyId: string): number => findPackage(propertyId)?.movers ?? 2;

/** A partner's van as the customer reads it: "3.5-tonne van", "7-tonne van". */
export const partnerVan = (tonnes: number): string => `${Number(tonnes.toFixed(2))}-tonne van`;

export type CrewAnswer = { ok: true; window: string; size: number } | { ok: false; field: 'window' | 'crewSize' };

/** The accept form's window (one of the owner's) and crew size (whole, 1 to 9). */
export function readCrewAnswer(window: string | null, size: string | null, windows: readonly string[]): CrewAnswer {
  if (!window || !windows.includes(window)) return { ok: false, field: 'window' };
  const count = /^\d$/.test(size?.trim() ?? '') ? Number(size!.trim()) : NaN;
  if (!(count >= PARTNER_CREW_SIZES.min && count <= PARTNER_CREW_SIZES.max)) return { ok: false, field: 'crewSize' };
  return { ok: true, window, size: count };
}

export const PARTNER_DONE = {
  accepted: 'The job is yours. Its details are under Your jobs.',
  declined: 'Offer declined.',
  taken: OFFER_MESSAGES.taken,
  given_back: 'You gave the job back. We offer it to other partners.',
} as const;
export type PartnerDone = keyof typeof PARTNER_DONE;

// The partner page's offer and job forms (functions/partner/routes.ts), checked by the pipeline before their handlers.

/** An offer or job the form names: not one, it is no longer open to them (OFFER_MESSAGES.gone). */
const rowId = positiveIdField(OFFER_MESSAGES.gone);
/** A choice from the page's own list: checked against the list by readCrewAnswer; longer than any, not from it. */
const choice = (message: string) => z.optional(z.string(message).check(z.maxLength(40, message)));

/** Accept (with the arrival window and crew, unless the customer was told them) or decline an offer. */
export const offerAnswerSchema = z.object({
  offer: rowId,
  answer: z.optional(z.string()),
  window: choice(OFFER_MESSAGES.window),
  crewSize: choice(OFFER_MESSAGES.crewSize),
});
export type OfferAnswerForm = z.infer<typeof offerAnswerSchema>;

/** Give a job back, saying why. */
export const giveBackSchema = z.object({
  job: rowId,
  reason: z
    .string(OFFER_MESSAGES.reason)
    .check(z.trim(), z.minLength(1, OFFER_MESSAGES.reason), z.maxLength(GIVE_BACK_REASON_MAX, OFFER_MESSAGES.reasonTooLong)),
});
export type GiveBackForm = z.infer<typeof giveBackSchema>;

/** Open the crew's job sheet of one of the partner's jobs. */
export const jobSheetSchema = z.object({ job: rowId });

/** "Offer to partners" on a booked move's lead page: to one partner who fits (their reference), or to `all`. */
export const officeOfferSchema = z.object({
  ref: z.string().check(z.maxLength(40)),
  partner: z._default(z.string().check(z.maxLength(40)), ''),
});
export type OfficeOfferForm = z.infer<typeof officeOfferSchema>;
