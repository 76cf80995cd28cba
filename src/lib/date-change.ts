/**
 * What moving a booked date costs (issue 34 item 3), worked out once for the page that quotes it, the Worker that
 * records it, the e-mail and the history. The fee is the cancellation terms' own (cancellation-fee.ts): nothing with
 * 48 hours' notice of the CURRENT date's start (its arrival window, by the clock), else the tier's share of the price. The price changes only where the
 * written quote says it depends on the date: then by the engine's price for the new date less its price for the old,
 * each less the quote's code, as the customer is shown them (a percentage code takes its share of the difference too).
 */
import { cancellationTier } from '../data/promises';
import { cancellationFeePence, refundAfterFeePence } from './cancellation-fee';
import { formatLongDate } from './dates';
import { formatPence } from './money';
import { balanceDuePence } from './payments';
import { discountedPrice } from './price-to-pay';

/** Every figure in whole pence; stored with the change's event, so the history says what was said at the time. */
export interface DateChangeCost {
  feePence: number;
  /** New date's price less the old date's, both less the code; 0 unless the written quote is priced by date. */
  priceChangePence: number;
  /** The booked price before the change, and after it (fee and price change included). */
  wasPence: number;
  totalPence: number;
  /** Paid by card and not refunded, before the change. */
  paidPence: number;
  /** Still to pay after the change. */
  balancePence: number;
  /** Paid beyond the new price: back to the card. */
  refundPence: number;
}

export interface DateChangeInput {
  /** The accepted written quote's total, whether its price depends on the date, and the customer's code. */
  written: { totalPence: number; datePriced: boolean; code: string | null };
  /** The engine's total in whole pounds for the current and the new date; null when the move cannot be priced. */
  engine: { from: number | null; to: number | null };
  paidPence: number;
  /** Notice given: hours from the request to the start of the CURRENT date's arrival window (noticeHours). */
  hours: number;
}

export function dateChangeCost({ written, engine, paidPence, hours }: DateChangeInput): DateChangeCost {
  const feePence = cancellationFeePence(written.totalPence, hours);
  const shown = (pounds: number) => discountedPrice(pounds, written.code).pricePence;
  const priceChangePence = written.datePriced && engine.from !== null && engine.to !== null ? shown(engine.to) - shown(engine.from) : 0;
  const totalPence = written.totalPence + feePence + priceChangePence;
  return {
    feePence,
    priceChangePence,
    wasPence: written.totalPence,
    totalPence,
    paidPence,
    balancePence: balanceDuePence(totalPence, paidPence),
    refundPence: refundAfterFeePence(paidPence, totalPence),
  };
}

/** The written quote's lines the change adds: the new date's price difference and the fee, each only if not nothing. */
export function dateChangeLines(cost: DateChangeCost, from: string, to: string, hours: number): Array<{ label: string; pence: number }> {
  const tier = cancellationTier(hours);
  return [
    ...(cost.priceChangePence !== 0
      ? [{ label: `New move date ${formatLongDate(to)}, priced again (was ${formatLongDate(from)})`, pence: cost.priceChangePence }]
      : []),
    ...(cost.feePence > 0
      ? [{ label: `Date change fee (${tier.outcome}, ${tier.notice.toLowerCase()} before the move)`, pence: cost.feePence }]
      : []),
  ];
}

const priceChange = (cost: DateChangeCost) =>
  cost.priceChangePence === 0
    ? ''
    : `, and the new date is priced again at ${formatPence(Math.abs(cost.priceChangePence))} ${cost.priceChangePence > 0 ? 'more' : 'less'}`;

const afterwards = (cost: DateChangeCost) =>
  cost.refundPence > 0
    ? `we refund ${formatPence(cost.refundPence)} to your card`
    : cost.balancePence > 0
      ? `${formatPence(cost.balancePence)} is left to pay`
      : 'nothing is left to pay';

/** Before the customer confirms (as cancelCostLine for cancelling). */
export const dateChangeCostLine = (cost: DateChangeCost): string =>
  `Changing the date now costs ${cost.feePence > 0 ? formatPence(cost.feePence) : 'nothing'} under our terms${priceChange(cost)}, so your price ${
    cost.totalPence === cost.wasPence ? 'stays' : 'becomes'
  } ${formatPence(cost.totalPence)} and ${afterwards(cost)}.`;

/** After it: the history's and the e-mail's words. */
export const dateChangeDoneLine = (cost: DateChangeCost): string =>
  `${cost.feePence > 0 ? `a fee of ${formatPence(cost.feePence)} under our terms` : 'no fee'}${priceChange(cost)}; your price is now ${formatPence(
    cost.totalPence,
  )} and ${afterwards(cost).replace('we refund', 'we are refunding')}. Your crew and arrival time for the new day will follow`;

/** The e-mail's rows, under its "Price to pay" (the written quote's new total). */
export function dateChangeRows(cost: DateChangeCost): Array<[label: string, value: string]> {
  return [
    ['Fee for the change', formatPence(cost.feePence)],
    ...(cost.priceChangePence !== 0 ? [['New date priced again', formatPence(cost.priceChangePence)] as [string, string]] : []),
    ['Paid by card', formatPence(cost.paidPence)],
    cost.refundPence > 0 ? ['Refund to your card', formatPence(cost.refundPence)] : ['Left to pay', formatPence(cost.balancePence)],
  ];
}
