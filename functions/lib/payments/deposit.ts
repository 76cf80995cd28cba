/** What a move's deposit is (issue 34): the deposit its accepted written quote states, and whether it is paid. */
import { PAYMENT_CANCELLED, PAYMENT_RETURN_PARAM, type PaymentPurpose } from '~/lib/payments';
import type { Env } from '../../env';
import { quotePageHref } from '../../pages/move-view';
import { startCheckout, type CheckoutStarted } from './checkout';
import type { OpenedQuote } from '../../pages/move-view';

export interface DueDeposit {
  version: number;
  depositPence: number;
  totalPence: number;
}

/** The newest sent written quote, if the customer accepted it: the deposit it states is what Checkout takes. */
export const acceptedWrittenQuote = (db: D1Database, reference: string): Promise<DueDeposit | null> =>
  db
    .prepare(
      `SELECT version, deposit_pence AS depositPence, total_pence AS totalPence FROM written_quotes
       WHERE reference = ? AND sent_at IS NOT NULL AND accepted_at IS NOT NULL
         AND version = (SELECT max(version) FROM written_quotes WHERE reference = ? AND sent_at IS NOT NULL)`,
    )
    .bind(reference, reference)
    .first<DueDeposit>();

export const paidPurpose = async (db: D1Database, reference: string, purpose: PaymentPurpose): Promise<boolean> =>
  !!(await db
    .prepare("SELECT 1 AS paid FROM payments WHERE reference = ? AND purpose = ? AND status IN ('paid', 'partially_refunded') LIMIT 1")
    .bind(reference, purpose)
    .first());

/**
 * Checkout for the deposit, coming back to the move page the customer left (by its link, or the owner's session):
 * `{CHECKOUT_SESSION_ID}` is Stripe's placeholder, so it is written unencoded.
 */
export function checkoutDeposit(env: Env, opened: OpenedQuote, deposit: DueDeposit, origin: string, now: Date): Promise<CheckoutStarted> {
  const { quote, token } = opened;
  const page = `${origin}${quotePageHref(quote.reference, token)}`;
  return startCheckout(
    env,
    {
      reference: quote.reference,
      purpose: 'deposit',
      amountPence: deposit.depositPence,
      email: quote.email,
      successUrl: `${page}&${PAYMENT_RETURN_PARAM}={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${page}&${PAYMENT_RETURN_PARAM}=${PAYMENT_CANCELLED}`,
    },
    now,
  );
}
