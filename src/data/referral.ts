/** The referral programme (spec section 9, made real by issue 19). */

export const referral = {
  /** Once the friend's move is confirmed and its date has passed. */
  referrerCreditPounds: 20,
  friendDiscountPounds: 10,
  referrerCredit: '£20',
  friendDiscount: '£10',
  /** Shared by everybody before each account had its own; still gives the friend the discount, with no referrer to credit. */
  sharedCode: 'SHIFTFRIEND',
  copiedSeconds: 2,
} as const;
