/**
 * A standard move booked and paid in one sitting (issue 41 item 2). No second payment path: the estimate, with the
 * customer's code, becomes the move's written quote, sent and accepted at once (written-quotes.ts instantVersion), so
 * the deposit is the existing deposit purpose (payments/open.ts) and the signed webhook books the move through
 * transition() as for any deposit (payments/fulfil.ts), which also gives the office its task to book a crew. The day is
 * held in the diary from the moment Checkout opens; a session that closes unpaid lets it go (diary.ts onlineHoldReleased).
 */
import { instantProblem, INSTANT_WORDS } from '~/lib/instant-booking';
import { londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { estimateHolds } from '~/lib/estimate-validity';
import { moveDateProblem } from '~/lib/move-date';
import { estimateLines, payableDeposit, writtenTotals } from '~/lib/office/written-quote';
import type { Env } from '../../env';
import { isUniqueViolation } from '../d1';
import { auditStatement } from '../office/audit';
import { dayIsFull, holdsDay, onlineHold, partnerHold } from '../office/diary';
import { eligiblePartners, offerMove, shareOf, SITE_ACTOR } from '../partners/offers';
import { findQuote } from './store';
import { depositPercent, onlineBookingLimits } from '../office/settings';
import { currentWrittenQuote } from '../office/written-quote-rows';
import { instantVersion } from '../office/written-quotes';
import type { StoredQuote } from './stored-quote';

/** Who wrote the written quote and the diary's hold of a move booked online (their `created_by`). */
export const ONLINE_BOOKING_BY = 'booked online by the customer';

/** Why `quote` cannot be booked online now, in the customer's words; null when it can. */
export async function onlineBookingProblem(db: D1Database, quote: StoredQuote, now: Date): Promise<string | null> {
  const today = londonToday(now);
  const problem = instantProblem(quote, await onlineBookingLimits(db));
  if (problem) return problem;
  if (quote.status !== 'quoted' || !quote.pricing || !quote.pricedAt || !estimateHolds(quote.pricedAt, today)) {
    return quote.pricing ? INSTANT_WORDS.notNow : INSTANT_WORDS.unpriced;
  }
  if (moveDateProblem(quote.moveDate, today)) return INSTANT_WORDS.notNow;
  const written = await currentWrittenQuote(db, quote.reference);
  if (written && written.createdBy !== ONLINE_BOOKING_BY) return INSTANT_WORDS.written;
  if (!written && (await dayIsFull(db, quote.moveDate, quote.reference)) && !(await partnerCanTake(db, quote))) return INSTANT_WORDS.full;
  return null;
}

/** A full day is no refusal while an approved partner who fits could take the move (issue 43 item 4). */
const partnerCanTake = async (db: D1Database, quote: StoredQuote) => (await eligiblePartners(db, quote)).length > 0;

/** The day's hold: the firm's own when it has room (checked as it is written), else one for a partner when one fits. */
async function dayHold(db: D1Database, quote: StoredQuote, now: Date): Promise<D1PreparedStatement> {
  const forPartner = (await dayIsFull(db, quote.moveDate, quote.reference)) && (await partnerCanTake(db, quote));
  return (forPartner ? partnerHold : onlineHold)(db, quote.reference, quote.moveDate, ONLINE_BOOKING_BY, now);
}

/**
 * Makes `quote` a move booked online, waiting for its deposit: its day held and the estimate as its accepted written
 * quote, in one batch whose first statement checks the diary's room as it writes the hold (diary.ts onlineHold), so two
 * customers never both hold the last place; the written quote and the audit line are chained on the hold. Once only
 * (a second click, another tab: the written quote's version 1 is there already, and its hold is taken again if a
 * session that expired let it go). Refused, the customer's words why.
 */
export async function readyForDeposit(env: Env, quote: StoredQuote, now: Date): Promise<{ ok: true } | { ok: false; message: string }> {
  const db = env.DB;
  const problem = await onlineBookingProblem(db, quote, now);
  if (problem) return { ok: false, message: problem };
  const hold = await dayHold(db, quote, now);
  if (await currentWrittenQuote(db, quote.reference)) {
    await hold.run();
  } else {
    const lines = estimateLines(quote.pricing!);
    const totals = writtenTotals(lines, quote.promoCode);
    // The engine's lines always add up to its total; if one day they do not, the office prices it rather than guess.
    if (totals.linesPence !== quote.pricing!.total * 100) return { ok: false, message: INSTANT_WORDS.unpriced };
    const deposit = payableDeposit(totals.totalPence, await depositPercent(db));
    const audit = {
      actor: 'customer',
      action: 'online_booking_started',
      reference: quote.reference,
      detail: `Chose to book online at the estimate, ${formatPence(totals.totalPence)} (deposit ${formatPence(deposit)}): the day is held while the deposit is paid`,
    } as const;
    try {
      await db.batch([
        hold,
        instantVersion(db, quote, lines, { ...totals, code: totals.code?.code ?? null }, deposit, ONLINE_BOOKING_BY, now),
        auditStatement(db, audit, now, { afterChange: true }),
      ]);
    } catch (error) {
      // The other click stored it first: the same written quote, so the same deposit (its hold is checked below).
      if (!isUniqueViolation(error, 'written_quotes.reference')) throw error;
    }
  }
  // Not held: the day's last place went to someone else in the meantime.
  return (await holdsDay(db, quote.reference, quote.moveDate)) ? { ok: true } : { ok: false, message: INSTANT_WORDS.full };
}

/**
 * A move booked online whose hold went with an expired session, on a day that has filled since: its deposit is not
 * asked for again (were it paid meanwhile, payments/fulfil.ts sends it back). A check before Checkout only: the place
 * itself is taken when the deposit arrives, in one guarded statement.
 */
export async function onlineDayGone(db: D1Database, quote: StoredQuote): Promise<boolean> {
  if (quote.status === 'booked') return false;
  const written = await currentWrittenQuote(db, quote.reference);
  if (written?.createdBy !== ONLINE_BOOKING_BY || (await holdsDay(db, quote.reference, quote.moveDate))) return false;
  return (await dayIsFull(db, quote.moveDate, quote.reference)) && !(await partnerCanTake(db, quote));
}

/**
 * A move booked online whose day the firm's diary has no room for (it was held for a partner): offered at once to
 * every partner who fits, by the site, once (a give-back offers it again itself). Called after the deposit books it.
 */
export async function offerIfDiaryFull(db: D1Database, reference: string, now: Date): Promise<number> {
  const quote = await findQuote(db, { reference });
  if (!quote || quote.status !== 'booked') return 0;
  const written = await currentWrittenQuote(db, reference);
  if (written?.createdBy !== ONLINE_BOOKING_BY || !(await dayIsFull(db, quote.moveDate, reference))) return 0;
  if (await db.prepare('SELECT 1 FROM partner_offers WHERE reference = ?').bind(reference).first()) return 0;
  const share = await shareOf(db, quote);
  return share ? offerMove(db, quote, await eligiblePartners(db, quote), share, SITE_ACTOR, now) : 0;
}
