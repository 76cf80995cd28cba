/**
 * What a customer and the business are told about money beyond the receipt and the cancellation's refund (issue 39): a
 * payment not owed and sent back, a refund on its way and then through, one left to the office, a refund made in
 * Stripe's dashboard, a checkout closed or a bank payment refused unpaid; and the business's urgent alerts (a payment
 * that did not match, a dispute). Each is stored in the outbox by the change it reports, under its own key.
 */
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { leadPath } from '~/lib/office/paths';
import { PURPOSE_LABELS, type PaymentPurpose } from '~/lib/payments';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactText, renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { BusinessEmail } from '~/components/email/BusinessEmail';
import { CustomerEmail } from '~/components/email/CustomerEmail';
import type { OutboxEmail } from '../outbox';
import type { StoredQuote } from '../quote/stored-quote';
import { firstName } from '../quote/summary';

interface Notice {
  /** Given the firm's name as the owner's settings have it (mail-context.ts). */
  subject: (firm: string) => string;
  /** After "Ada, ": lower case, no full stop. */
  headline: string;
  paragraphs: string[];
  rows: Row[];
}

function customerNotice(ctx: MailContext, quote: StoredQuote, notice: Notice): EmailDraft {
  const name = firstName(quote.name);
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`${notice.subject(ctx.firm.name)} for move ${quote.reference}`),
    html: renderEmail(CustomerEmail, {
      firm: ctx.firm,
      title: `${notice.subject(ctx.firm.name)}: ${quote.reference}`,
      headline: `${name}, ${notice.headline}.`,
      paragraphs: notice.paragraphs,
      rows: notice.rows,
      action: 'See your move',
    }),
    text: parts`${name}, ${notice.headline}.
${notice.paragraphs.join('\n\n')}

${textTable(notice.rows)}

See your move: ${VIEW_LINK}

${contactText(ctx)}`,
  };
}

/** A customer e-mail about the move, as the outbox stores it. */
export const toCustomer = (ctx: MailContext, quote: StoredQuote, key: string, notice: Notice): OutboxEmail => ({
  recordType: 'move',
  recordReference: quote.reference,
  kind: 'customer',
  draft: customerNotice(ctx, quote, notice),
  idempotencyKey: key,
});

const ON_ITS_WAY =
  'Stripe, who handle our card payments, did not take the refund at the first try, so we are asking again: you need do nothing, and we will e-mail you as soon as it has gone through.';

export interface PaymentFacts {
  purpose: PaymentPurpose;
  amountPence: number;
  paymentIntent: string | null;
}

const paidRow = (payment: PaymentFacts): Row[] => [
  [`${PURPOSE_LABELS[payment.purpose]} paid`, formatPence(payment.amountPence)],
  ...(payment.paymentIntent ? [['Card payment', payment.paymentIntent] as Row] : []),
];

/** A payment that was not owed (paid twice, or after the move was cancelled), refunded, or on its way back. */
export function notOwedNotice(
  payment: PaymentFacts,
  refund: { amountPence: number; why: string; stripeRefundId: string | null },
  now: Date,
): Notice {
  const whole = refund.amountPence === payment.amountPence;
  const what = whole
    ? `the ${formatPence(payment.amountPence)} you paid`
    : `${formatPence(refund.amountPence)} of the ${formatPence(payment.amountPence)} you paid`;
  return {
    subject: (firm) => `Your ${firm} refund: ${formatPence(refund.amountPence)}`,
    headline: refund.stripeRefundId ? `we have refunded ${what} to your card` : `${what} is coming back to your card`,
    paragraphs: [
      `We did not need this payment: ${refund.why}. Nothing else about your move changes.`,
      ...(refund.stripeRefundId ? [] : [ON_ITS_WAY]),
    ],
    rows: [
      ...paidRow(payment),
      ['Refund', formatPence(refund.amountPence)],
      ...(refund.stripeRefundId ? [['Refund reference', refund.stripeRefundId] as Row] : []),
      [refund.stripeRefundId ? 'Refunded on' : 'Asked for on', formatLongDate(londonToday(now))],
    ],
  };
}

/** A refund Stripe refused at first has now gone through. */
export function refundArrivedNotice(payment: PaymentFacts, refund: { amountPence: number; stripeRefundId: string }, now: Date): Notice {
  return {
    subject: (firm) => `Your ${firm} refund has gone through: ${formatPence(refund.amountPence)}`,
    headline: `your refund of ${formatPence(refund.amountPence)} has gone through to your card`,
    paragraphs: ['This is the refund we told you was on its way: Stripe has now made it.'],
    rows: [
      ...paidRow(payment),
      ['Refunded', formatPence(refund.amountPence)],
      ['Refund reference', refund.stripeRefundId],
      ['Refunded on', formatLongDate(londonToday(now))],
    ],
  };
}

/** After the last try: the office refunds it by hand. */
export function refundByHandNotice(payment: PaymentFacts, refund: { amountPence: number }): Notice {
  return {
    subject: (firm) => `Your ${firm} refund of ${formatPence(refund.amountPence)}: our office is making it`,
    headline: `our office is making your refund of ${formatPence(refund.amountPence)} by hand`,
    paragraphs: [
      'Stripe, who handle our card payments, would not take this refund automatically, however often we asked. Our office has been told and will refund it to your card, and will contact you if anything is needed from you.',
    ],
    rows: [...paidRow(payment), ['Still to refund', formatPence(refund.amountPence)]],
  };
}

/** A refund our office made in Stripe's dashboard. */
export function outsideRefundNotice(payment: PaymentFacts, refund: { amountPence: number; stripeRefundId: string }, now: Date): Notice {
  return {
    subject: (firm) => `Your ${firm} refund: ${formatPence(refund.amountPence)}`,
    headline: `we have refunded ${formatPence(refund.amountPence)} to your card`,
    paragraphs: ['Our office has refunded part or all of a card payment for your move.'],
    rows: [
      ...paidRow(payment),
      ['Refunded', formatPence(refund.amountPence)],
      ['Refund reference', refund.stripeRefundId],
      ['Refunded on', formatLongDate(londonToday(now))],
    ],
  };
}

/** A checkout closed unpaid (its time ran out) or a bank payment the bank refused: nothing taken, still to pay. */
export function unpaidNotice(payment: PaymentFacts, how: 'expired' | 'refused'): Notice {
  const what = `${PURPOSE_LABELS[payment.purpose].toLowerCase()} of ${formatPence(payment.amountPence)}`;
  return {
    subject: () => (how === 'expired' ? `Your ${what} is still to pay` : `Your bank did not complete your ${what}`),
    headline: how === 'expired' ? `your payment page closed before your ${what} was paid` : `your bank did not complete your ${what}`,
    paragraphs: [`Nothing was taken. You can pay the ${what} on your move page whenever you are ready.`],
    rows: [['Still to pay', formatPence(payment.amountPence)]],
  };
}

/** The business's urgent alert: what happened, what to do, and the lead's page in the office. */
export function businessAlert(ctx: MailContext, reference: string, key: string, alert: { headline: string; rows: Row[] }): OutboxEmail {
  const office = `${ctx.siteUrl}${leadPath(reference)}`;
  const rows: Row[] = [['Reference', reference], ...alert.rows, ['In the office', office]];
  return {
    recordType: 'alert',
    recordReference: reference,
    kind: 'alert',
    idempotencyKey: key,
    draft: {
      from: ctx.from,
      to: ctx.business,
      subject: headerSafe(`URGENT ${reference}: ${alert.headline}`),
      html: renderEmail(BusinessEmail, { firm: ctx.firm, title: `URGENT ${reference}`, headline: alert.headline, rows }),
      text: parts`URGENT: ${alert.headline}\n\n${textTable(rows)}`,
    },
  };
}
