// What the move page says about paying (issue 34, issue 39): coming back from Checkout ("payment received" only once
// Stripe has said so; the route asked it first), what has been paid and refunded (a refund on its way says so), a bank
// payment waiting for the bank (no Pay button for it meanwhile), and the Pay buttons.
// Data only: the markup is src/components/quote/MovePayments.astro.
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { PAYMENT_CANCELLED, PAYMENT_PURPOSES, PAYMENT_WORDS, PURPOSE_LABELS, unsettledWords } from '~/lib/payments';
import type { PaymentRow } from '../lib/payments/checkout';
import { moneyOwed } from '../lib/payments/due';
import type { StoredQuote } from '../lib/quote/stored-quote';
import type { PaymentView } from '~/lib/views/payment';

function returnedFrom(rows: PaymentRow[], value: string | null): PaymentView['returned'] {
  if (!value) return null;
  if (value === PAYMENT_CANCELLED) return { state: 'cancelled', text: PAYMENT_WORDS.cancelled };
  // Only this move's own session: another id says nothing.
  const row = rows.find((payment) => payment.checkout_session_id === value);
  if (!row) return null;
  if (row.paid_at && row.refunded_pence + row.pending_refund_pence >= row.amount_pence) {
    return { state: 'unpaid', text: PAYMENT_WORDS.notOwed(row.amount_pence, row.pending_refund_pence === 0) };
  }
  if (row.paid_at) return { state: 'received', text: `${PAYMENT_WORDS.received(row.purpose, row.amount_pence)}. Thank you!` };
  if (row.status === 'expired') return { state: 'unpaid', text: PAYMENT_WORDS.expired };
  if (row.status === 'payment_failed') return { state: 'unpaid', text: PAYMENT_WORDS.bankRefused };
  if (row.status === 'mismatch') return { state: 'mismatch', text: PAYMENT_WORDS.mismatch };
  return { state: 'waiting', text: PAYMENT_WORDS.waiting };
}

/** "Deposit £300.00 paid on …; £176.25 refunded to your card; £20.00 refund on its way to your card". */
function paidLine(row: PaymentRow): string {
  const refunds = [
    row.refunded_pence > 0 ? `${formatPence(row.refunded_pence)} refunded to your card` : '',
    row.pending_refund_pence > 0 ? `${formatPence(row.pending_refund_pence)} refund on its way to your card` : '',
  ].filter(Boolean);
  return `${PURPOSE_LABELS[row.purpose]} ${formatPence(row.amount_pence)} paid on ${formatLongDate(londonToday(new Date(row.paid_at!)))}${refunds.map((said) => `; ${said}`).join('')}`;
}

/** `returnedWith`: the page's `payment` query value (QuotePageState.payment). */
export async function paymentView(db: D1Database, quote: StoredQuote, returnedWith: string | null): Promise<PaymentView> {
  const owed = await moneyOwed(db, quote);
  return {
    returned: returnedFrom(owed.payments, returnedWith),
    paid: owed.payments.filter((row) => row.paid_at).map(paidLine),
    pending: PAYMENT_PURPOSES.flatMap((purpose) => {
      const row = owed.pending[purpose];
      // Already said above, on the page Checkout sent the customer back to.
      return row && !(row.status === 'mismatch' && row.checkout_session_id === returnedWith) ? [unsettledWords(row)] : [];
    }),
    pay: PAYMENT_PURPOSES.flatMap((purpose) => {
      const pence = owed.due[purpose];
      return pence === undefined || owed.pending[purpose] ? [] : [{ purpose, label: PAYMENT_WORDS.pay(purpose, pence) }];
    }),
    booked: quote.status === 'booked',
  };
}
