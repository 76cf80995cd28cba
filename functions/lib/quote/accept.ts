/** A known request key replays (409 with another body); answers are built from what was stored, so a replay gives the same one. */
import type { QuoteAnswer } from '~/lib/api';
import { postedAccess, postedAddresses } from '~/lib/move-facts';
import { acceptLead, type Claim } from '../accept-lead';
import { isUniqueViolation } from '../d1';
import { validationFailed, type Refusal } from '../http';
import { codeProblem } from '../account/referrals';
import { dayLoadStatement, isFullDay } from '../office/diary';
import { freshenSettings, keepSettings } from '../office/settings';
import { FULL_DAY_MESSAGE } from '~/lib/office/diary-forms';
import { eligiblePartners } from '../partners/offers';
import { signedInEmail } from '../account/session';
import type { LeadContext } from '../pipeline';
import { issueViewToken, newViewToken, viewTokenInsert } from '../view-token';
import { quoteAnswer } from './answer';
import { consentOn } from '../sms-consent';
import { TEXTS_NEED_MOBILE, ukMobile } from '~/lib/texts-consent';
import { quoteBusinessEmail, quoteCustomerEmail } from './emails';
import { priceQuote, type QuotePrice } from './price';
import { findQuote, findQuoteStatement, insertQuote, quoteOf } from './store';
import { NEW_QUOTE, type StoredQuote } from './stored-quote';
import { submissionHash, type QuoteSubmission } from './submission';

export type QuoteOutcome = { ok: true; answer: QuoteAnswer; replayed: boolean } | { ok: false; refusal: Refusal };

const CONFLICT: Refusal = {
  status: 409,
  error: {
    code: 'idempotency_conflict',
    message: 'This request key was already used for a different request. Please reload the page and try again.',
  },
};

async function replayOf(c: LeadContext, stored: StoredQuote | null, bodyHash: string): Promise<QuoteOutcome | null> {
  if (!stored) return null;
  if (stored.bodyHash !== bodyHash) return { ok: false, refusal: CONFLICT };
  return { ok: true, answer: quoteAnswer(stored, await issueViewToken(c.env.DB, stored.reference)), replayed: true };
}

const replay = async (c: LeadContext, key: string, bodyHash: string) =>
  replayOf(c, await findQuote(c.env.DB, { idempotencyKey: key }), bodyHash);

/** The replay's look-up and the move day's room in the diary, in one round trip. */
async function lookUp(c: LeadContext, submission: QuoteSubmission): Promise<{ stored: StoredQuote | null; dayFull: boolean }> {
  const db = c.env.DB;
  // The owner's settings ride along when this isolate's copy is stale: the e-mails drafted next need them (issue 40 item 7).
  const [found, day, settings] = await db.batch([
    findQuoteStatement(db, { idempotencyKey: submission.idempotencyKey }),
    dayLoadStatement(db, submission.moveDate),
    ...freshenSettings(db),
  ]);
  keepSettings(settings);
  return { stored: quoteOf(found?.results[0]), dayFull: isFullDay(day?.results[0]) };
}

/** The submission's fields read by name, as every form's are (move-facts.ts). */
const fieldsOf = (submission: QuoteSubmission) => (name: string) => {
  const value = (submission as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

function storedQuote(c: LeadContext, submission: QuoteSubmission, bodyHash: string, price: QuotePrice, claim: Claim): StoredQuote {
  return {
    ...claim,
    via: c.var.via,
    source: 'web',
    idempotencyKey: submission.idempotencyKey,
    bodyHash,
    name: submission.name,
    email: submission.email,
    phone: submission.phone,
    service: submission.service ?? null,
    request: null,
    propertyId: submission.propertyId,
    furnitureIds: submission.furnitureIds,
    fromPostcode: submission.fromPostcode,
    toPostcode: submission.toPostcode,
    addresses: postedAddresses(fieldsOf(submission)),
    access: postedAccess(fieldsOf(submission)),
    moveDate: submission.moveDate,
    additionalInfo: submission.additionalInfo ?? null,
    promoCode: submission.promoCode ?? null,
    shown: submission.clientEstimate ?? null,
    ...price,
    ...NEW_QUOTE,
    pricedAt: price.pricing ? claim.createdAt : null,
  };
}

export async function acceptQuote(c: LeadContext, submission: QuoteSubmission): Promise<QuoteOutcome> {
  const bodyHash = await submissionHash(submission);
  const { stored, dayFull } = await lookUp(c, submission);
  const known = await replayOf(c, stored, bodyHash);
  if (known) return known;
  // A day with no room left in the diary takes no new quote (issue 33 item 4) unless a partner who fits could do the move
  // (issue 43 item 4); a replay still answers as it did.
  if (dayFull && (await eligiblePartners(c.env.DB, { ...submission, reference: '' })).length === 0)
    return { ok: false, refusal: validationFailed({ moveDate: FULL_DAY_MESSAGE }) };

  // Texts go only to a UK mobile: a box ticked beside any other number is said at the box, not ignored.
  const mobile = submission.textUpdates ? ukMobile(submission.phone) : null;
  if (submission.textUpdates && !mobile) return { ok: false, refusal: validationFailed({ textUpdates: TEXTS_NEED_MOBILE }) };

  const refusedCode = await codeProblem(c.env.DB, submission.promoCode, () => signedInEmail(c));
  if (refusedCode) return { ok: false, refusal: validationFailed({ promoCode: refusedCode }) };
  const priced = await priceQuote(c.env, { ...submission, access: postedAccess(fieldsOf(submission)) });
  if (!priced.ok) return priced;
  const view = await newViewToken();
  let quote: StoredQuote | undefined;
  const build = (claim: Claim) => (quote = storedQuote(c, submission, bodyHash, priced.price, claim));
  try {
    const { queued } = await acceptLead(c.env, {
      type: 'quote',
      record: (db, claim) => [
        insertQuote(db, build(claim)),
        viewTokenInsert(db, claim.reference, view, claim.createdAt),
        ...(mobile ? [consentOn(db, claim.reference, mobile, 'quote', new Date(claim.createdAt))] : []),
      ],
      emails: (mail, claim) => {
        const stored = build(claim);
        return [
          { kind: 'customer', draft: quoteCustomerEmail(mail, stored) },
          { kind: 'business', draft: quoteBusinessEmail(mail, stored) },
        ];
      },
    });
    return { ok: true, answer: quoteAnswer(quote!, view.token, queued), replayed: false };
  } catch (error) {
    // The same request arrived twice at once and the other one was stored first: this one replays it.
    if (isUniqueViolation(error, 'quote_requests.idempotency_key')) {
      const again = await replay(c, submission.idempotencyKey, bodyHash);
      if (again) return again;
    }
    throw error;
  }
}
