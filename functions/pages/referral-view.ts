// What /referral shows a signed-in customer (issue 19, item 7): their code, its share links and its figures; data only,
// the markup is in src/components/referral.
import { formatMoney } from '~/lib/money';
import { referralShare } from '~/lib/referral';
import type { Env } from '../env';
import { referralCodeFor, referralFigures } from '../lib/account/referrals';
import { config } from '../lib/config';
import type { ReferralView } from '~/lib/views/referral';

/** The page's own address for a signed-in customer, reached only through the Worker (referral-page.ts). */
export const REFERRAL_SIGNED_IN_PAGE = '/account/referral';

export function onTheWayLine(count: number): string {
  if (count === 0) return 'No friends’ moves on the way yet.';
  const moves = count === 1 ? '1 friend’s move is' : `${count} friends’ moves are`;
  return `${moves} on the way: credit follows once a mover has confirmed ${count === 1 ? 'it' : 'each'} and the day has been.`;
}

export async function referralView(env: Env, email: string, now: Date): Promise<ReferralView> {
  const code = await referralCodeFor(env.DB, email, now);
  const figures = await referralFigures(env.DB, code, now);
  return {
    code,
    share: referralShare(code, config(env).siteUrl),
    successful: String(figures.successful),
    earned: formatMoney(figures.earnedPounds),
    balance: formatMoney(figures.balancePounds),
    onTheWay: onTheWayLine(figures.onTheWay),
  };
}
