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

/**
 * The spec's four tiers (48+ hours full refund, 24-48 partial, under 24 fees, no-show in full), worded for how
 * payment really works: nothing is taken before the move, so there is no deposit to refund (issue 14).
 */
export const cancellationTiers: readonly CancellationTier[] = [
  {
    notice: '48+ hours',
    outcome: 'Nothing to pay',
    detail: 'Cancel 48 hours or more before your booked start time and you pay nothing. We never take a deposit.',
  },
  {
    notice: '24-48 hours',
    outcome: 'Nothing to pay for the move',
    detail:
      'Between 24 and 48 hours before, cancelling is still free. If we have already bought something for your move at your request, such as packing materials, you pay only for that, at cost.',
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
