/**
 * Paying partners through Stripe Connect (issue 43 item 5): the rules both the Worker and the pages read. The firm takes
 * the customer's money as merchant of record; the partner's share goes to their Express account 48 hours after "Job
 * done", unless a damage report or claim holds it.
 *
 * Refunds and the share: the partner bears their part of any refund, share × refunded ÷ the job's price, rounded DOWN
 * to the penny (the firm bears the fraction). It is always worked on the refunds' running total, never refund by refund,
 * so several refunds take back exactly what one refund of their sum would, and a full refund takes back the whole share.
 * Before the transfer it lowers what is transferred; after it, the difference is reversed from the transfer.
 */
import { formatPence } from '~/lib/money';
import { formatLongDate, londonToday } from '~/lib/dates';
import * as z from 'zod/mini';
import { positiveIdField } from '~/lib/schemas';

export const PAYOUT_DELAY_HOURS = 48;

export const PAYOUT_PATHS = {
  start: '/partner/payouts',
  refresh: '/partner/payouts/refresh',
  back: '/partner/payouts/return',
  release: '/office/partners/release',
} as const;

/** The partner's part of `refundedPence` refunded to the customer, rounded down: share × refunded ÷ price. */
export function partnerPartOfRefunds(sharePence: number, pricePence: number, refundedPence: number): number {
  if (pricePence <= 0 || refundedPence <= 0) return 0;
  return Math.floor((sharePence * Math.min(refundedPence, pricePence)) / pricePence);
}

/** What is transferred for a job when `refundedBefore` has been refunded to the customer already. */
export const transferAmount = (sharePence: number, pricePence: number, refundedBefore: number): number =>
  sharePence - partnerPartOfRefunds(sharePence, pricePence, refundedBefore);

/** How much of a transfer should stand reversed once `refundedNow` has been refunded, all told. */
export function reversedTarget(
  transfer: { sharePence: number; pricePence: number; refundedBeforePence: number; amountPence: number },
  refundedNow: number,
): number {
  const { sharePence, pricePence, refundedBeforePence, amountPence } = transfer;
  const more =
    partnerPartOfRefunds(sharePence, pricePence, refundedNow) - partnerPartOfRefunds(sharePence, pricePence, refundedBeforePence);
  return Math.min(amountPence, Math.max(0, more));
}

export const dueAt = (doneAt: string): string => new Date(Date.parse(doneAt) + PAYOUT_DELAY_HOURS * 3_600_000).toISOString();

/** Where the partner's Stripe account stands, as the partner page says it. */
export type PayoutAccountState = 'none' | 'started' | 'pending' | 'ready';

export const ACCOUNT_STATE_WORDS: Record<PayoutAccountState, string> = {
  none: 'Not set up yet: set up your payouts with Stripe to be paid for your jobs.',
  started: 'Started: Stripe still needs some details from you.',
  pending: 'Sent: Stripe is checking your details.',
  ready: 'Ready: your jobs are paid to your bank account through Stripe.',
};

/** One job's pay: working (not done), due on a date, held, transferred, or nothing left after refunds. */
export type EarningState = 'working' | 'due' | 'held' | 'transferring' | 'refused' | 'transferred' | 'nothing';

export interface ReversalLine {
  amountPence: number;
  at: string;
  status: 'created' | 'failed' | 'succeeded';
  stripeReversalId: string | null;
}

export interface EarningLine {
  jobId: number;
  reference: string;
  moveDate: string | null;
  sharePence: number;
  state: EarningState;
  doneAt: string | null;
  dueAt: string | null;
  /** Released by staff after a hold (who), or null. */
  releasedBy: string | null;
  transferredPence: number | null;
  transferredAt: string | null;
  stripeTransferId: string | null;
  reversals: ReversalLine[];
  /** What the partner keeps of this job: transferred less reversed (once transferred), else what is due. */
  keptPence: number;
}

export interface EarningsView {
  account: PayoutAccountState;
  lines: EarningLine[];
  totals: { sharePence: number; transferredPence: number; reversedPence: number; keptPence: number };
}

/** A job's state in words, the same on the partner's page and the office's. */
export function earningWords(line: EarningLine): string {
  switch (line.state) {
    case 'working':
      return 'Paid 48 hours after you mark the job done';
    case 'due':
      return line.dueAt ? `Due ${formatLongDate(londonToday(new Date(line.dueAt)))}` : 'Due';
    case 'held':
      return 'Held: a damage report or claim is being looked at';
    case 'transferring':
      return 'Being transferred';
    case 'refused':
      return 'Transfer refused by Stripe: the office is sorting it out';
    case 'transferred':
      return `Transferred ${formatPence(line.transferredPence ?? 0)}${line.transferredAt ? ` on ${formatLongDate(londonToday(new Date(line.transferredAt)))}` : ''}`;
    case 'nothing':
      return 'Nothing to transfer: the customer was refunded in full';
  }
}

/** The office's "Release pay" on a job whose pay a damage report or claim held: the partner, and the job. */
export const releaseSchema = z.object({ ref: z.string().check(z.maxLength(40)), job: positiveIdField('Please choose a job.') });
export type ReleaseForm = z.output<typeof releaseSchema>;
