/**
 * What a move owes by card (issue 34): the deposit its accepted written quote states, then the balance (the written
 * total less what has been paid), due the owner's number of days before the move (settings, issue 40 item 7;
 * BALANCE_DUE_DAYS until set). The page's buttons and the Pay post both ask here.
 */
import { addDays } from '~/lib/dates';
import { balanceDuePence, type PaymentPurpose } from '~/lib/payments';
import type { StoredQuote } from '../quote/stored-quote';
import { paymentsFor, type PaymentRow } from './checkout';
import { currentWrittenQuote } from '../office/written-quote-rows';
import { balanceDueDays } from '../office/settings';
import type { WrittenQuote } from '~/lib/office/written-quote';

/** The newest sent written quote (the only one the customer sees), once the customer has accepted it. */
export async function acceptedWrittenQuote(db: D1Database, reference: string): Promise<WrittenQuote | null> {
  const current = await currentWrittenQuote(db, reference);
  return current?.acceptedAt ? current : null;
}

export const isPaid = (row: PaymentRow) => row.status === 'paid' || row.status === 'partially_refunded';

/** Taken by Stripe and not yet counted: waiting for the bank, or a mismatch the office has not sent back. */
export const isUnsettled = (row: PaymentRow) => row.status === 'processing' || (row.status === 'mismatch' && row.refunded_pence === 0);

/** What of a paid payment is kept: not refunded, nor on its way back. */
export const keptOf = (row: PaymentRow): number => (isPaid(row) ? row.amount_pence - row.refunded_pence - row.pending_refund_pence : 0);

/** Paid by card and not refunded. */
export const keptPence = (payments: readonly PaymentRow[]): number => payments.reduce((sum, row) => sum + keptOf(row), 0);

/** What every sum about a move's card payments starts from: the payments, the accepted written quote, what is kept. */
export interface CardAccount {
  payments: PaymentRow[];
  written: WrittenQuote | null;
  /** Paid by card and not refunded. */
  paidPence: number;
}

export async function cardAccount(db: D1Database, reference: string): Promise<CardAccount> {
  const [payments, written] = await Promise.all([paymentsFor(db, reference), acceptedWrittenQuote(db, reference)]);
  return { payments, written, paidPence: keptPence(payments) };
}

export interface MoneyOwed {
  /** Pence for each purpose that can be paid now. */
  due: Partial<Record<PaymentPurpose, number>>;
  /**
   * A payment for the purpose not yet settled: a bank payment waiting for the bank, or one Stripe took another amount
   * or currency for, which the office has not yet sent back. No second payment is asked for meanwhile.
   */
  pending: Partial<Record<PaymentPurpose, PaymentRow>>;
  /** `YYYY-MM-DD`: the balance's last day. */
  balanceDueOn: string;
  payments: PaymentRow[];
}

export async function moneyOwed(db: D1Database, quote: StoredQuote): Promise<MoneyOwed> {
  const [{ payments, written, paidPence }, dueDays] = await Promise.all([cardAccount(db, quote.reference), balanceDueDays(db)]);
  const paid = payments.filter(isPaid);
  const has = (purpose: PaymentPurpose) => paid.some((row) => row.purpose === purpose);
  const open = written && quote.status !== 'cancelled' && quote.status !== 'declined';
  const balance = written ? balanceDuePence(written.totalPence, paidPence) : 0;
  return {
    due: {
      ...(open && !has('deposit') ? { deposit: written.depositPence } : {}),
      // Once the deposit is paid, whatever the written total asks beyond what was paid: the balance, or what a later
      // version added (a booked date moved at short notice, after the balance was paid).
      ...(open && has('deposit') && balance > 0 ? { balance } : {}),
    },
    pending: Object.fromEntries(payments.filter(isUnsettled).map((row) => [row.purpose, row])),
    balanceDueOn: addDays(quote.moveDate, -dueDays),
    payments,
  };
}
