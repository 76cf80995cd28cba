// What the move page says about paying (issue 34): coming back from Checkout ("payment received" only once Stripe's
// signed event has been handled, else "waiting for your bank"), what has been paid, and the Pay buttons.
// Data only: the markup is src/components/quote/MovePayments.astro.
import { formatLongDate, londonToday } from '~/lib/dates';
import { formatPence } from '~/lib/money';
import { PAYMENT_CANCELLED, PAYMENT_PURPOSES, PAYMENT_WORDS, PURPOSE_LABELS, type PaymentPurpose } from '~/lib/payments';
import type { PaymentRow } from '../lib/payments/checkout';
import { isPaid, moneyOwed } from '../lib/payments/due';
import type { StoredQuote } from '../lib/quote/stored-quote';

export type PaymentReturn = 'received' | 'waiting' | 'cancelled';

export interface PaymentView {
  /** Only on the page Checkout sent the customer back to. */
  returned: { state: PaymentReturn; text: string } | null;
  /** "Booked: deposit £X paid", once the deposit's event has been handled. */
  booked: string | null;
  paid: string[];
  /** What can be paid now, each as its button says it. */
  pay: Array<{ purpose: PaymentPurpose; label: string }>;
  /** When the balance is due, while it is owed. */
  balanceDue: string | null;
}

function returnedFrom(rows: PaymentRow[], value: string | null): PaymentView['returned'] {
  if (!value) return null;
  if (value === PAYMENT_CANCELLED) return { state: 'cancelled', text: PAYMENT_WORDS.cancelled };
  // Only this move's own session: another id says nothing.
  const row = rows.find((payment) => payment.checkout_session_id === value);
  if (!row) return null;
  return row.paid_at
    ? { state: 'received', text: `${PAYMENT_WORDS.received(row.purpose, row.amount_pence)}. Thank you!` }
    : { state: 'waiting', text: PAYMENT_WORDS.waiting };
}

const paidLine = (row: PaymentRow) =>
  `${PURPOSE_LABELS[row.purpose]} ${formatPence(row.amount_pence)} paid on ${formatLongDate(londonToday(new Date(row.paid_at!)))}` +
  (row.refunded_pence > 0 ? `; ${formatPence(row.refunded_pence)} refunded to your card` : '');

/** `returnedWith`: the page's `payment` query value (QuotePageState.payment). */
export async function paymentView(db: D1Database, quote: StoredQuote, returnedWith: string | null, today: string): Promise<PaymentView> {
  const owed = await moneyOwed(db, quote);
  const paid = owed.payments.filter(isPaid);
  const deposit = paid.find((row) => row.purpose === 'deposit');
  return {
    returned: returnedFrom(owed.payments, returnedWith),
    booked: deposit && quote.status === 'booked' ? PAYMENT_WORDS.booked(deposit.amount_pence) : null,
    paid: owed.payments.filter((row) => row.paid_at).map(paidLine),
    pay: PAYMENT_PURPOSES.flatMap((purpose) => {
      const pence = owed.due[purpose];
      return pence === undefined ? [] : [{ purpose, label: PAYMENT_WORDS.pay(purpose, pence) }];
    }),
    balanceDue:
      owed.due.balance === undefined
        ? null
        : owed.balanceDueOn <= today
          ? PAYMENT_WORDS.balanceDueNow
          : PAYMENT_WORDS.balanceDue(formatLongDate(owed.balanceDueOn)),
  };
}
