/** Referral codes (issue 19, item 7). By the referral page's terms a friend's move earns credit once booked and its date has passed. */
import { londonToday } from '~/lib/dates';
import { referral } from '~/data/referral';
import { codeOffer, newReferralCode, REFERRAL_MESSAGES } from '~/lib/referral';
import { isUniqueViolation } from '../d1';
import { accountEmail } from './tokens';

export async function referralCodeFor(db: D1Database, email: string, now = new Date()): Promise<string> {
  const address = accountEmail(email);
  const select = db.prepare('SELECT code FROM referral_codes WHERE email = ?').bind(address);
  const known = await select.first<string>('code');
  if (known) return known;
  try {
    // Two first visits at once: the second insert is ignored and both read the one code.
    const [, found] = await db.batch<{ code: string }>([
      db
        .prepare('INSERT INTO referral_codes (code, email, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING')
        .bind(newReferralCode(), address, now.toISOString()),
      select,
    ]);
    return found!.results[0]!.code;
  } catch (error) {
    // 60 random bits make a clash of codes all but impossible; if one happens, draw again.
    if (isUniqueViolation(error, 'referral_codes.code')) return referralCodeFor(db, email, now);
    throw error;
  }
}

export const referralOwner = (db: D1Database, code: string): Promise<string | null> =>
  db.prepare('SELECT email FROM referral_codes WHERE code = ?').bind(code).first<string>('email');

export interface ReferralFigures {
  successful: number;
  onTheWay: number;
  earnedPounds: number;
  /** All of it, until bookings can spend credit. */
  balancePounds: number;
}

export async function referralFigures(db: D1Database, code: string, now = new Date()): Promise<ReferralFigures> {
  const today = londonToday(now);
  const counts = await db
    .prepare(
      `SELECT
         COUNT(CASE WHEN status = 'booked' AND move_date < ?2 THEN 1 END) AS successful,
         COUNT(CASE WHEN status IN ('quoted', 'booking_requested') OR (status = 'booked' AND move_date >= ?2) THEN 1 END) AS on_the_way
       FROM quote_requests
       WHERE promo_code = ?1 AND lower(trim(email)) IS NOT (SELECT email FROM referral_codes WHERE code = ?1)`,
    )
    .bind(code, today)
    .first<{ successful: number; on_the_way: number }>();
  const successful = counts?.successful ?? 0;
  const earnedPounds = successful * referral.referrerCreditPounds;
  return { successful, onTheWay: counts?.on_the_way ?? 0, earnedPounds, balancePounds: earnedPounds };
}

/**
 * Why a quote cannot carry this code, or null: a referral code nobody has, or the signed-in customer's own (issue 30).
 * Never the e-mail address typed with it: sent with candidate addresses, the answer would tell whose code it is. Signed
 * out, an owner typing their own code is answered as anyone else (the friend's discount, which SHIFTFRIEND gives
 * anyone), and `referralFigures` never counts their own moves, so it earns them no credit.
 */
export async function codeProblem(
  db: D1Database,
  promoCode: string | undefined,
  signedIn: () => Promise<string | null>,
): Promise<string | null> {
  const offer = promoCode ? codeOffer(promoCode) : null;
  if (!offer || offer.kind !== 'friend' || !offer.referral) return null;
  const owner = await referralOwner(db, offer.code);
  if (!owner) return REFERRAL_MESSAGES.unknown;
  return owner === (await signedIn()) ? REFERRAL_MESSAGES.own : null;
}
