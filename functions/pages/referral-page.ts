/** /referral for a signed-in customer (issue 19, item 7); without a live session, the prebuilt page as it is. */
import type { Context } from 'hono';
import { ACCOUNT_PATHS } from '../../src/lib/account';
import { referralShare } from '../../src/lib/referral';
import { formatMoney } from '../../src/lib/money';
import type { AppBindings } from '../env';
import { referralCodeFor, referralFigures } from '../lib/account/referrals';
import { signedInEmail } from '../lib/account/session';
import { requestNow } from '../lib/clock';
import { config } from '../lib/config';
import { ACCOUNT_PAGE, filledPage, pageAsBuilt, prebuiltPage, setEscapedAttribute } from '../lib/prebuilt-page';

export function onTheWayLine(count: number): string {
  if (count === 0) return 'No friends’ moves on the way yet.';
  const moves = count === 1 ? '1 friend’s move is' : `${count} friends’ moves are`;
  return `${moves} on the way: credit follows once a mover has confirmed ${count === 1 ? 'it' : 'each'} and the day has been.`;
}

export async function referralPage(c: Context<AppBindings>): Promise<Response> {
  const email = await signedInEmail(c);
  if (!email) return pageAsBuilt(c.env, c.req.raw);
  const now = requestNow(c);
  const code = await referralCodeFor(c.env.DB, email, now);
  const [page, figures] = await Promise.all([prebuiltPage(c.env, c.req.url, ACCOUNT_PATHS.referral), referralFigures(c.env.DB, code, now)]);
  const share = referralShare(code, config(c.env).siteUrl);
  const filled = filledPage(
    page,
    {
      text: {
        'referrals:successful': String(figures.successful),
        'referrals:earned': formatMoney(figures.earnedPounds),
        'referrals:balance': formatMoney(figures.balancePounds),
        'referrals:on-the-way': onTheWayLine(figures.onTheWay),
      },
      show: ['signed-in'],
    },
    200,
    ACCOUNT_PAGE,
  );
  return new HTMLRewriter()
    .on('[data-signed-out]', {
      element(element) {
        element.remove();
      },
    })
    .on('[data-referral-code]', {
      element(element) {
        setEscapedAttribute(element, 'value', code);
      },
    })
    .on('[data-share]', {
      element(element) {
        setEscapedAttribute(element, 'data-share-text', share.text);
        setEscapedAttribute(element, 'href', share.mailto);
      },
    })
    .on('[data-email-code]', {
      element(element) {
        setEscapedAttribute(element, 'href', share.mailto);
      },
    })
    .transform(filled);
}
