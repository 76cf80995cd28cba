/** Card payments (issue 34): what a payment is for, the words the move page and e-mails use, and its one piece of maths. */
import { formatPence } from './money.ts';

export const PAYMENT_PURPOSES = ['deposit', 'balance'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = ['created', 'failed', 'paid', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PURPOSE_LABELS: Record<PaymentPurpose, string> = { deposit: 'Deposit', balance: 'Balance' };

/** The office's words for a payment's and a refund's status (the lead page). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: 'Started on Stripe, not paid',
  failed: 'Stripe did not start it',
  paid: 'Paid',
  refunded: 'Refunded in full',
  partially_refunded: 'Partly refunded',
};

export const REFUND_STATUSES = ['created', 'failed', 'succeeded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  created: 'Asked of Stripe, no answer yet',
  failed: 'Refused by Stripe: make it by hand',
  succeeded: 'Refunded',
};

/** Stripe's events reach the Worker here (scripts/lib/stand-ins.mjs repeats it for the stand-in: a unit test keeps them equal). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The move page's "Pay the deposit" post; its answer is a 303 to Stripe Checkout. */
export const PAY_PATH = '/move-payment';

/** The query parameter the customer comes back from Checkout with: the session's id, or `cancelled`. */
export const PAYMENT_RETURN_PARAM = 'payment';
export const PAYMENT_CANCELLED = 'cancelled';

/** The balance is due this many days before the move (the written quote sets no other day yet). */
export const BALANCE_DUE_DAYS = 7;

/** Stripe's smallest charge in GBP is 30p. */
export const MIN_CARD_PENCE = 30;

export const PAYMENT_WORDS = {
  received: (purpose: PaymentPurpose, pence: number) =>
    `Payment received: ${PURPOSE_LABELS[purpose].toLowerCase()} of ${formatPence(pence)} paid`,
  booked: (pence: number) => `Booked: deposit ${formatPence(pence)} paid`,
  waiting: 'Thank you. We are waiting for your bank to confirm your payment. Reload this page in a minute to see it.',
  cancelled: 'You have not paid: nothing was taken from your card. You can pay whenever you are ready.',
  unavailable: 'We could not start the card payment just now. Nothing was taken from your card: please try again in a few minutes.',
  nothingToPay: 'There is nothing to pay for this move just now.',
  pay: (purpose: PaymentPurpose, pence: number) => `Pay the ${formatPence(pence)} ${PURPOSE_LABELS[purpose].toLowerCase()} by card`,
  balanceDue: (date: string) => `The balance is due by ${date}.`,
  balanceDueNow: 'The balance is due now.',
  lineItem: (purpose: PaymentPurpose, reference: string) => `${PURPOSE_LABELS[purpose]} for your move ${reference}`,
} as const;

/** What is still owed after the deposit (and anything else paid): never below zero. */
export const balanceDuePence = (totalPence: number, paidPence: number): number => Math.max(0, totalPence - paidPence);
