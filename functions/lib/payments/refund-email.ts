/**
 * The e-mail a customer gets once Stripe has refunded a cancelled move's card payments (issue 34 item 3): how much went
 * back to which payment, the fee kept and the terms' words for why. Nothing about how long a bank takes: no copy of
 * ours says so, and Stripe does not tell us.
 */
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { PURPOSE_LABELS, type PaymentPurpose } from '~/lib/payments';
import { UNBOOKED_CANCELLATION, type CancellationTier } from '~/data/promises';
import { DOCUMENT_WORDS } from '~/lib/documents';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactText, renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { CustomerEmail } from '~/components/email/CustomerEmail';
import type { StoredQuote } from '../quote/stored-quote';
import { firstName } from '../quote/summary';

export interface RefundMade {
  purpose: PaymentPurpose;
  amountPence: number;
  /** What that payment was. */
  paidPence: number;
  /** Stripe's refund id (re_…), for the customer's bank and ours. */
  stripeRefundId: string;
}

export interface RefundNotice {
  refunds: RefundMade[];
  feePence: number;
  /** The terms' tier the fee came from; null when the move was not booked (nothing to pay). */
  tier: CancellationTier | null;
  /** Owed back but refused by Stripe: asked again by the cron ("on its way"), or made by hand by the office. */
  leftPence: number;
  /** Of `leftPence`, what Stripe is being asked for again. */
  onItsWayPence: number;
  refundedAt: Date;
}

export function refundEmail(ctx: MailContext, quote: StoredQuote, notice: RefundNotice): EmailDraft {
  const refundedPence = notice.refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
  const byHandPence = notice.leftPence - notice.onItsWayPence;
  const headline =
    refundedPence > 0
      ? `we have refunded ${formatPence(refundedPence)} to your card`
      : notice.onItsWayPence > 0
        ? `your refund of ${formatPence(notice.onItsWayPence)} is on its way to your card`
        : `our office will refund ${formatPence(byHandPence)} to your card`;
  // The tier's notice reads as a heading ("Under 24 hours"); here it is mid-sentence.
  const given = notice.tier ? notice.tier.notice.charAt(0).toLowerCase() + notice.tier.notice.slice(1) : '';
  const why = notice.tier
    ? `You cancelled your move ${quote.reference} ${given} before your arrival time. ${notice.tier.detail}`
    : `You cancelled your move ${quote.reference}. ${UNBOOKED_CANCELLATION}`;
  const left = [
    notice.onItsWayPence > 0 && refundedPence > 0
      ? `The other ${formatPence(notice.onItsWayPence)} is on its way: Stripe, who handle our card payments, did not take it at the first try, so we are asking again. We will e-mail you as soon as it has gone through.`
      : '',
    notice.onItsWayPence > 0 && refundedPence === 0
      ? 'Stripe, who handle our card payments, did not take the refund at the first try, so we are asking again. You need do nothing: we will e-mail you as soon as it has gone through.'
      : '',
    byHandPence > 0
      ? `We could not refund ${refundedPence + notice.onItsWayPence > 0 ? 'the other ' : ''}${formatPence(byHandPence)} automatically: our office has been told and will refund it to your card by hand.`
      : '',
    refundedPence > 0 ? DOCUMENT_WORDS.creditInEmail : '',
  ]
    .filter(Boolean)
    .join(' ');
  const rows: Row[] = [
    ...notice.refunds.flatMap((refund): Row[] => [
      [`${PURPOSE_LABELS[refund.purpose]} refunded`, `${formatPence(refund.amountPence)} of the ${formatPence(refund.paidPence)} you paid`],
      [`${PURPOSE_LABELS[refund.purpose]} refund reference`, refund.stripeRefundId],
    ]),
    ...(notice.onItsWayPence > 0 ? [['Refund on its way', formatPence(notice.onItsWayPence)] as Row] : []),
    ['Cancellation fee kept', notice.tier ? `${formatPence(notice.feePence)} (${notice.tier.outcome})` : formatPence(notice.feePence)],
    [refundedPence > 0 ? 'Refunded on' : 'Asked for on', formatLongDate(londonToday(notice.refundedAt))],
    ['Move date', formatLongDate(quote.moveDate)],
  ];
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(
      `Your ${ctx.firm.name} refund: ${formatPence(refundedPence || notice.onItsWayPence || byHandPence)} for move ${quote.reference}`,
    ),
    html: renderEmail(CustomerEmail, {
      firm: ctx.firm,
      title: `Refund for ${quote.reference}`,
      headline: `${firstName(quote.name)}, ${headline}.`,
      paragraphs: left ? [why, left] : [why],
      rows,
      action: 'See your move',
    }),
    text: parts`${firstName(quote.name)}, ${headline}.
${why}
${left ? `${left}\n` : ''}
${textTable(rows)}

See your move: ${VIEW_LINK}

${contactText(ctx)}`,
  };
}
