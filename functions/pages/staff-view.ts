// What a staff link's page shows (src/pages/quote-staff.astro, issue 19): the move, any review, and the buttons the link
// may still press. Data only: the markup is src/components/quote/StaffAnswer.astro.
import { formatMoney } from '~/lib/money';
import { STATUS_LABELS } from '~/lib/move-status';
import { payLine } from '~/lib/price-lines';
import { priceToPay } from '~/lib/price-to-pay';
import { reviewOf } from '../lib/quote/manage';
import type { StaffPurpose } from '../lib/quote/staff-link';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { moveDetails } from './move-view';
import type { StaffView } from '~/lib/views/staff-link';

export interface StaffLink {
  quote: StoredQuote;
  token: string;
  purpose: StaffPurpose;
}

export interface StaffState {
  done?: string;
  errors?: Record<string, string>;
  general?: string;
  values?: URLSearchParams;
}

const TO_BE_PRICED = 'To be priced';

export async function staffView(db: D1Database, { quote, token, purpose }: StaffLink, state: StaffState): Promise<StaffView> {
  const review = purpose === 'review' ? await reviewOf(db, quote.reference) : null;
  const open = !state.done;
  const pay = priceToPay(quote);
  const details = moveDetails(quote);
  const values = new URLSearchParams(state.values);
  values.set('ref', quote.reference);
  values.set('t', token);
  return {
    reference: quote.reference,
    details: {
      ...details,
      status: STATUS_LABELS[quote.status],
      'price:total': quote.pricing ? formatMoney(quote.pricing.total) : TO_BE_PRICED,
      // What the customer was promised: the estimate less their code, as every e-mail and page says it.
      'to-pay': pay ? payLine(pay) : TO_BE_PRICED,
      access: details.access ?? '—',
      awkward: quote.moveNotes?.awkward || '—',
      items: quote.moveNotes?.items || '—',
      notes: quote.additionalInfo || '—',
    },
    review: review && { rating: `${review.rating} out of 5`, name: review.name, text: review.text },
    answer: open && purpose === 'booking' && quote.status === 'booking_requested',
    reviewAnswer: open && review?.status === 'pending',
    done: state.done ?? null,
    form: { text: {}, show: [], values: [...values], errors: { ...state.errors, ...(state.general ? { form: state.general } : {}) } },
  };
}
