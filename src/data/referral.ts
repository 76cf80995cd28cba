/** The referral programme (spec section 9, made real by issue 19): what each side gets, in whole pounds. */

export const referral = {
  /** Credit for the referrer once the friend's move is confirmed and its date has passed. */
  referrerCreditPounds: 20,
  /** Off the friend's first move. */
  friendDiscountPounds: 10,
  referrerCredit: '£20',
  friendDiscount: '£10',
  /**
   * The one code everybody shared before each account had its own: a friend who was given it still gets the
   * discount, with no referrer to credit.
   */
  sharedCode: 'SHIFTFRIEND',
  /** Seconds the Copy button shows 'Copied!'. */
  copiedSeconds: 2,
} as const;
