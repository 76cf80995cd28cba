/** What /referral shows a signed-in customer (functions/pages/referral-view.ts builds it): data only. */

export interface ReferralView {
  code: string;
  share: { text: string; mailto: string };
  successful: string;
  earned: string;
  balance: string;
  onTheWay: string;
}
