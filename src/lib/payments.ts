/** Card payments (issue 34): what a payment is for, the words the move page and e-mails use, and its one piece of maths. */
import { formatPence } from './money.ts';

export const PAYMENT_PURPOSES = ['deposit', 'balance'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = [
  'created',
  'failed',
  'processing',
  'paid',
  'refunded',
  'partially_refunded',
  'expired',
  'payment_failed',
  'mismatch',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PURPOSE_LABELS: Record<PaymentPurpose, string> = { deposit: 'Deposit', balance: 'Balance' };

/** The office's words for a payment's status (the lead page). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: 'Started on Stripe, not paid',
  failed: 'Stripe did not start it',
  processing: 'Paid by bank, waiting for the bank to confirm',
  paid: 'Paid',
  refunded: 'Refunded in full',
  partially_refunded: 'Partly refunded',
  expired: 'Checkout closed unpaid',
  payment_failed: 'The bank refused it: nothing taken',
  mismatch: 'NOT taken as paid: Stripe took another amount or currency (check in Stripe)',
};

export const REFUND_STATUSES = ['created', 'failed', 'succeeded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Where a refund was made: by the site through Stripe's API, or by hand in Stripe's dashboard. */
export type RefundSource = 'site' | 'stripe';

/** The office's words for a refund: a refused one is tried again until the last try, then made by hand. */
export function refundStatusLabel(refund: { status: RefundStatus; nextAttemptAt: string | null; source: RefundSource }): string {
  if (refund.status === 'succeeded') return refund.source === 'stripe' ? "Refunded in Stripe's dashboard" : 'Refunded';
  if (refund.status === 'created') return 'Asked of Stripe, no answer yet';
  return refund.nextAttemptAt ? 'Refused by Stripe: trying again' : 'Refused by Stripe: make it by hand';
}

/**
 * A refund Stripe refuses is tried again under the same idempotency key after each of these waits (minutes): the last
 * try comes 21 hours after the first, inside the 24 hours Stripe keeps a key, so a retry can never refund twice.
 */
export const REFUND_RETRY_MINUTES = [5, 15, 45, 120, 360, 720] as const;

/**
 * A session neither paid nor closed this long after it was opened (and again this long after each answer), or a payment
 * recorded but not fulfilled this long after it was paid, is settled by the cron (issue 39 item 3). The cron runs every
 * 5 minutes, so a payment whose news was lost is booked at most 15 minutes after it was made.
 */
export const CHECK_SESSION_AFTER_MINUTES = 10;

/** Stripe's events reach the Worker here (scripts/lib/stand-ins.mjs repeats it for the stand-in: a unit test keeps them equal). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The move page's "Pay the deposit" post; its answer is a 303 to Stripe Checkout. */
export const PAY_PATH = '/move-payment';

/** The query parameter the customer comes back from Checkout with: the session's id, or `cancelled`. */
export const PAYMENT_RETURN_PARAM = 'payment';
export const PAYMENT_CANCELLED = 'cancelled';

/** The balance is due this many days before the move (the written quote sets no other day yet). */
export const BALANCE_DUE_DAYS = 7;

/** What the move page says of a payment not yet settled (due.ts isUnsettled), in place of its Pay button. */
export const unsettledWords = (row: { status: PaymentStatus; purpose: PaymentPurpose; amount_pence: number }): string =>
  row.status === 'mismatch' ? PAYMENT_WORDS.mismatch : PAYMENT_WORDS.pending(row.purpose, row.amount_pence);

/** Stripe's smallest charge in GBP is 30p. */
export const MIN_CARD_PENCE = 30;

export const PAYMENT_WORDS = {
  received: (purpose: PaymentPurpose, pence: number) =>
    `Payment received: ${PURPOSE_LABELS[purpose].toLowerCase()} of ${formatPence(pence)} paid`,
  waiting: 'Thank you. We are waiting for your bank to confirm your payment. Reload this page in a minute to see it.',
  /** A bank payment Stripe has taken but the bank has not yet confirmed: Pay is hidden meanwhile. */
  pending: (purpose: PaymentPurpose, pence: number) =>
    `Your ${PURPOSE_LABELS[purpose].toLowerCase()} of ${formatPence(pence)} is with your bank, waiting for it to confirm. There is nothing more to do: we e-mail you a receipt once it is through.`,
  expired: 'Your payment page closed before you paid: nothing was taken from your card. You can pay here whenever you are ready.',
  bankRefused: 'Your bank did not complete the payment: nothing was taken. You can pay here again, by card or another way Stripe offers.',
  notOwed: (pence: number, done: boolean) =>
    `This payment of ${formatPence(pence)} was not needed, so ${done ? 'we have refunded it to your card in full' : 'it is on its way back to your card in full'}. We have e-mailed you about it.`,
  mismatch:
    'We have your payment, but it did not match what was asked, so we have not counted it yet. Our office has been told and will be in touch.',
  cancelled: 'You have not paid: nothing was taken from your card. You can pay whenever you are ready.',
  unavailable: 'We could not start the card payment just now. Nothing was taken from your card: please try again in a few minutes.',
  nothingToPay: 'Nothing is owed for this move just now. If you paid in another tab or window, that payment is shown on this page.',
  pay: (purpose: PaymentPurpose, pence: number) => `Pay the ${formatPence(pence)} ${PURPOSE_LABELS[purpose].toLowerCase()} by card`,
  balanceDue: (date: string) => `The balance is due by ${date}.`,
  lineItem: (purpose: PaymentPurpose, reference: string) => `${PURPOSE_LABELS[purpose]} for your move ${reference}`,
} as const;

/** What is still owed after the deposit (and anything else paid): never below zero. */
export const balanceDuePence = (totalPence: number, paidPence: number): number => Math.max(0, totalPence - paidPence);
