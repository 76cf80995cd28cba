import { ACCOUNT_PATHS } from '~/lib/account';
import { referral } from '~/data/referral';
import { site } from '~/site.config';

/** /referral's title and description, the same prebuilt and for a signed-in customer (/account/referral). */
export const REFERRAL_PAGE = {
  title: 'Refer a friend',
  description: `Give a friend ${referral.friendDiscount} off their first move with ${site.brand}, and get ${referral.referrerCredit} credit once their move is done.`,
  keywords: ['refer a friend', 'referral code', 'moving discount', 'removals discount'],
  publicPath: ACCOUNT_PATHS.referral,
};
