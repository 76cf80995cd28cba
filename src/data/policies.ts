/**
 * Booking, cancellation and payment terms (spec section 9). The FAQ, the terms and the service pages all quote
 * these, so a change of policy is made once.
 */

/** How far ahead we advise booking, in days. */
export const adviceBookingDays = '2-3';
/** Free cancellation or rescheduling up to this many hours before the move. */
export const freeChangeHours = 24;
export const paymentMethods = ['debit and credit cards', 'PayPal', 'bank transfer'] as const;
/** Payment is taken once the move is done, never up front. */
export const paymentTiming = 'after the move';
export const weekendSurchargePercent = 15;

export interface CancellationTier {
  notice: string;
  outcome: string;
  detail: string;
}

export const cancellationTiers: readonly CancellationTier[] = [
  {
    notice: '48+ hours',
    outcome: 'Full refund',
    detail: 'Cancel 48 hours or more before your booked start time and any deposit is refunded in full.',
  },
  {
    notice: '24-48 hours',
    outcome: 'Partial refund',
    detail: 'Between 24 and 48 hours before, we refund what we have not already committed to the crew and vehicle.',
  },
  {
    notice: 'Under 24 hours',
    outcome: 'Fees apply',
    detail: 'Inside 24 hours the crew has turned down other work for you, so a cancellation fee applies.',
  },
  {
    notice: 'No-show',
    outcome: 'May be charged in full',
    detail: 'If the crew arrives and cannot move anything because nobody is there, the booking may be charged in full.',
  },
];

/** What we keep and for how long (privacy policy). */
export const dataRetention = {
  requestsMonths: 24,
  consentStorageKey: 'cookie-consent',
} as const;
