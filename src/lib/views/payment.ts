/** What the move page says about paying (functions/pages/payment-view.ts builds it): data only. */
import type { PaymentPurpose } from '~/lib/payments';

export type PaymentReturn = 'received' | 'waiting' | 'cancelled' | 'unpaid' | 'mismatch';

export interface PaymentView {
  /** Only on the page Checkout sent the customer back to. */
  returned: { state: PaymentReturn; text: string } | null;
  paid: string[];
  /** A payment not yet settled (waiting for the bank, or a mismatch) for each purpose with one: no Pay button for it. */
  pending: string[];
  /** What can be paid now, each as its button says it. What is left and by when: the page's top (move-summary.ts). */
  pay: Array<{ purpose: PaymentPurpose; label: string }>;
  /** Booked already (the office booked it before its deposit was paid): the deposit's note must not say it books it. */
  booked: boolean;
}
