/**
 * Claims with an answer (issue 44 item 7): the words, states and checks shared by the move page, the office's lead page
 * and the Worker's one writer (functions/lib/claims.ts). Money in pence.
 */
import * as z from 'zod/mini';
import { formatPence } from './money';
import { isReference } from './reference';
import { positiveIdField } from './schemas';
import { parsePounds } from './office/written-quote';

export const CLAIM_STATES = ['received', 'assessing', 'offered', 'declined'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/** The office's steps, each from the states it may follow. */
export const CLAIM_STEPS = {
  assess: ['received'],
  offer: ['received', 'assessing'],
  decline: ['received', 'assessing'],
} as const satisfies Record<string, readonly ClaimState[]>;
export type ClaimStep = keyof typeof CLAIM_STEPS;

/** A claim still waiting for an answer this many days after it came in is on the office's "To do today". */
export const CLAIM_WAIT_DAYS = 7;

export const CLAIM_ITEM_MAX = 120;
export const CLAIM_REASON_MAX = 1000;
/** The spec's largest single item without a declaration (product spec: individual item limit £2,000). */
export const CLAIM_VALUE_MAX_PENCE = 200_000;

/** Where the office's claim forms post (functions/office/claims.ts). */
export const CLAIM_PATH = '/office/claim';

export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  received: 'Received',
  assessing: 'Being assessed',
  offered: 'Offered',
  declined: 'Declined',
};

export const CLAIM_MESSAGES = {
  item: 'Please say which item was damaged, such as “table lamp”.',
  itemLong: `Please keep the item’s name to ${CLAIM_ITEM_MAX} characters or fewer.`,
  value: 'Please enter what the item was worth in pounds, such as 40 or 39.99.',
  valueLarge: `Please check the value: items over ${formatPence(CLAIM_VALUE_MAX_PENCE)} must have been declared before the move, so please call us.`,
  valueAlone: 'Please say which item the value is for.',
  offer: 'Please enter the sum to offer in pounds, such as 40.',
  offerOver: (leftPence: number) =>
    leftPence > 0
      ? `At most ${formatPence(leftPence)} can be paid back: what this move paid by card and has not had refunded.`
      : 'Nothing this move paid by card is left to refund, so an offer cannot be paid from here.',
  reason: 'Please give the customer a reason.',
  reasonLong: `Please keep the reason to ${CLAIM_REASON_MAX} characters or fewer.`,
  changed: 'This claim has moved on since the page was opened: see where it is now.',
} as const;

/** The lead page's notices after each step (leadDoneNotice). */
export const CLAIM_DONE_NOTICES = {
  claim_opened: 'Claim opened. The customer has been e-mailed.',
  claim_assess: 'Claim marked as being assessed. The customer has been e-mailed.',
  claim_offer: 'Offer made and paid back to the customer’s card. The customer has been e-mailed.',
  claim_decline: 'Claim declined. The customer has been e-mailed the reason.',
} as const;

/** The move page's own words for where a claim is. */
export function claimStateLine(claim: { status: ClaimState; offeredPence: number | null; declineReason: string | null }): string {
  switch (claim.status) {
    case 'received':
      return 'Received: the office will look at it and e-mail you.';
    case 'assessing':
      return 'Being assessed: the office is looking at it and will e-mail you their answer.';
    case 'offered':
      return `Offered: ${formatPence(claim.offeredPence ?? 0)}, refunded to your card.`;
    case 'declined':
      return `Declined: ${claim.declineReason ?? ''}`;
  }
}

export type ClaimRead = { ok: true; item: string; declaredPence: number } | { ok: false; errors: Record<string, string> };

/**
 * The item and its value as a form posts them (`item`, `value` in pounds); null when both are empty (a damage report
 * that is no claim). Field names are the form's own (`prefix` + Item / Value).
 */
export function readClaimFields(item: string, value: string, fields: { item: string; value: string }): ClaimRead | null {
  const name = item.trim();
  const typed = value.trim();
  if (!name && !typed) return null;
  const errors: Record<string, string> = {};
  if (!name) errors[fields.item] = typed ? CLAIM_MESSAGES.valueAlone : CLAIM_MESSAGES.item;
  else if (name.length > CLAIM_ITEM_MAX) errors[fields.item] = CLAIM_MESSAGES.itemLong;
  const pence = parsePounds(typed);
  if (pence === null || pence < 1) errors[fields.value] = CLAIM_MESSAGES.value;
  else if (pence > CLAIM_VALUE_MAX_PENCE) errors[fields.value] = CLAIM_MESSAGES.valueLarge;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, item: name, declaredPence: pence! };
}

/** The longest sum in pounds an offer is read to (£1,000,000.00 is 13 characters). */
export const OFFER_TEXT_MAX = 20;

/** A sum in pounds offered (a penny at least), in pence; what is left to refund is the Worker's check. */
const offerField = z.pipe(
  z.string(CLAIM_MESSAGES.offer).check(z.trim(), z.maxLength(OFFER_TEXT_MAX, CLAIM_MESSAGES.offer)),
  z.transform((value: string, ctx) => {
    const pence = parsePounds(value);
    if (pence !== null && pence >= 1) return pence;
    ctx.issues.push({ code: 'custom', message: CLAIM_MESSAGES.offer, input: value });
    return z.NEVER;
  }),
);

/** The hidden fields of the lead page's claim forms: one out of place is a page out of date (CLAIM_MESSAGES.changed). */
const claimRef = z.string().check(z.refine(isReference));
const claimId = positiveIdField(CLAIM_MESSAGES.changed);
const typedText = z._default(z.string(), '');

/**
 * The lead page's claim forms (functions/office/claims.ts): open a claim from a damage report (its item and value, as
 * the move page's damage report reads them), mark one as being assessed, offer a sum, or decline it with a reason.
 */
export const claimFormSchema = z.discriminatedUnion(
  'action',
  [
    z.pipe(
      z.object({ action: z.literal('open'), ref: claimRef, report: claimId, item: typedText, value: typedText }),
      z.transform((form, ctx) => {
        const read = readClaimFields(form.item, form.value, { item: 'item', value: 'value' }) ?? {
          ok: false as const,
          errors: { item: CLAIM_MESSAGES.item, value: CLAIM_MESSAGES.value },
        };
        if (read.ok) return { action: form.action, ref: form.ref, report: form.report, item: read.item, declaredPence: read.declaredPence };
        for (const [field, message] of Object.entries(read.errors))
          ctx.issues.push({ code: 'custom', message, input: form, path: [field] });
        return z.NEVER;
      }),
    ),
    z.object({ action: z.literal('assess'), ref: claimRef, claim: claimId }),
    z.object({ action: z.literal('offer'), ref: claimRef, claim: claimId, offer: offerField }),
    z.object({
      action: z.literal('decline'),
      ref: claimRef,
      claim: claimId,
      reason: z
        .string(CLAIM_MESSAGES.reason)
        .check(z.trim(), z.minLength(1, CLAIM_MESSAGES.reason), z.maxLength(CLAIM_REASON_MAX, CLAIM_MESSAGES.reasonLong)),
    }),
  ],
  CLAIM_MESSAGES.changed,
);
export type ClaimForm = z.output<typeof claimFormSchema>;
/** The claim forms' fields a person types: a message for any other is CLAIM_MESSAGES.changed at the top. */
export const CLAIM_TYPED_FIELDS = ['item', 'value', 'offer', 'reason'] as const;
