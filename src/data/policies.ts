/** Booking, cancellation and payment terms (spec section 9), quoted by the FAQ, the terms and the service pages. */

/** How far ahead we advise booking, in days. */
export const adviceBookingDays = '2-3';
/** Free cancellation or rescheduling up to this many hours before the move. */
export const freeChangeHours = 24;
export const paymentMethods = ['debit and credit cards', 'PayPal', 'bank transfer'] as const;
export const paymentTiming = 'after the move';
export const weekendSurchargePercent = 15;

export interface CancellationTier {
  notice: string;
  outcome: string;
  detail: string;
}

/** The spec's four tiers, worded for how payment really works: nothing is taken before the move, so no deposit to refund (issue 14). */
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

export const dataRetention = {
  requestsMonths: 24,
  consentStorageKey: 'cookie-consent',
} as const;
