/** The referral programme (spec section 9). The code is fixed for everyone until accounts exist. */

export const referral = {
  code: 'SHIFTFRIEND',
  /** Credit for the referrer once the friend's move is complete. */
  referrerCredit: '£20',
  /** Discount for the friend on their first move. */
  friendDiscount: '£10',
  /** Seconds the Copy button shows 'Copied!'. */
  copiedSeconds: 2,
  /** Example figures on the dashboard until accounts exist. */
  dashboardExample: { successfulReferrals: '0', totalEarned: '£0', availableBalance: '£0' },
} as const;
