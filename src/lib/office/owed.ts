/**
 * What a move owes (issue 40 item 5), as the office's lead page and "To do today" say it: its total (the accepted
 * written quote's, else the price to pay of an estimate booked without one), what was paid and refunded by card, and
 * the balance, due BALANCE_DUE_DAYS before the move. Pure sums on whole pence; the Worker reads the rows.
 */
import { addDays } from '../dates';
import type { MoveStatus } from '../move-status';
import { BALANCE_DUE_DAYS, balanceDuePence, type PaymentStatus } from '../payments';

/** A card payment as far as the sums need it. */
export interface PaidRow {
  status: PaymentStatus;
  amountPence: number;
  refundedPence: number;
}

export type OwedState =
  /** No written quote accepted and not booked: nothing is agreed, so nothing is owed yet. */
  | 'not_agreed'
  /** A balance is still to pay, not yet due. */
  | 'owed'
  /** The balance's day has passed and some of it is unpaid. */
  | 'overdue'
  | 'paid'
  | 'cancelled';

export interface Owed {
  state: OwedState;
  /** Whole pence; null while nothing is agreed. */
  totalPence: number | null;
  /** Where the total comes from. */
  basis: 'written' | 'estimate' | null;
  /** Every card payment that went through, refunded or not. */
  paidPence: number;
  refundedPence: number;
  balancePence: number;
  /** `YYYY-MM-DD`: the balance's last day. */
  dueOn: string;
}

const WENT_THROUGH = new Set<PaymentStatus>(['paid', 'partially_refunded', 'refunded']);

export interface OwedFacts {
  status: MoveStatus;
  moveDate: string;
  /** The accepted written quote's total, if the customer accepted one. */
  writtenPence: number | null;
  /** The price to pay of the estimate (its code taken off), if it was priced. */
  estimatePence: number | null;
  payments: readonly PaidRow[];
}

/** `today` is a UK day. */
export function owedOf(facts: OwedFacts, today: string, balanceDueDays = BALANCE_DUE_DAYS): Owed {
  const paid = facts.payments.filter((row) => WENT_THROUGH.has(row.status));
  const paidPence = paid.reduce((sum, row) => sum + row.amountPence, 0);
  const refundedPence = paid.reduce((sum, row) => sum + row.refundedPence, 0);
  const dueOn = addDays(facts.moveDate, -balanceDueDays);
  const basis = facts.writtenPence !== null ? 'written' : facts.status === 'booked' && facts.estimatePence !== null ? 'estimate' : null;
  const totalPence = basis === 'written' ? facts.writtenPence : basis === 'estimate' ? facts.estimatePence : null;
  const owed = (state: OwedState, balancePence: number): Owed => ({
    state,
    totalPence,
    basis,
    paidPence,
    refundedPence,
    balancePence,
    dueOn,
  });
  if (facts.status === 'cancelled' || facts.status === 'declined') return owed('cancelled', 0);
  if (totalPence === null) return owed('not_agreed', 0);
  const balance = balanceDuePence(totalPence, paidPence - refundedPence);
  if (balance === 0) return owed('paid', 0);
  // Only a booked move's balance falls due: an accepted quote whose deposit is unpaid is not booked yet.
  return owed(facts.status === 'booked' && today > dueOn ? 'overdue' : 'owed', balance);
}

export const OWED_LABELS: Record<OwedState, string> = {
  not_agreed: 'Nothing is owed yet: no written quote has been accepted.',
  owed: 'Balance to pay',
  overdue: 'Balance overdue',
  paid: 'Paid in full',
  cancelled: 'Nothing more is owed: the move is not going ahead.',
};
