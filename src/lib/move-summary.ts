/**
 * The top of a move's page (issue 41 item 1): where the move stands in words, the one price that applies now (the
 * accepted written quote, else the written quote on offer, else the estimate, each with the customer's code), what is
 * paid and what is left with its day, and once booked who is coming and when. Earlier prices live in the history.
 * Pure: functions/pages/move-view.ts gathers the facts, src/components/quote/MoveSummary.astro writes it out.
 */
import { formatLongDate } from './dates';
import { formatMoney, formatPence } from './money';
import {
  MOVE_PAGE_HEADINGS,
  MOVE_PAGE_SUMMARIES,
  movePageState,
  PAGE_STATUS_TEXT,
  type MovePageState,
  type MoveStatus,
} from './move-status';
import { arrivalWindowLabel } from './office/arrival-windows';
import { vanSizeLabel, type CrewAssignment } from './office/diary';
import type { Owed } from './office/owed';
import { PRICE_BY_WRITTEN_QUOTE, PRICE_PENDING } from './price-lines';
import type { PriceToPay } from './price-to-pay';

/** The move page's states, finer than its status: a written quote on offer, accepted, paid in full. */
export type MoveStage = MovePageState | 'offered' | 'offer_ended' | 'accepted' | 'paid';

export interface SummaryFacts {
  status: MoveStatus;
  moveDate: string;
  /** UK day. */
  today: string;
  /** The crew reported "Job done". */
  jobDone: boolean;
  /** The estimate less the quote's code; null while we price it. */
  estimate: PriceToPay | null;
  /** `YYYY-MM-DD`: the estimate's last day, while it is the price (quoted, no written quote). */
  estimateUntil: string | null;
  /** The newest written quote sent, as the customer reads it. */
  written: { pay: PriceToPay; depositPence: number; lastDay: string; accepted: boolean; online?: boolean } | null;
  owed: Owed;
  /** The crew, van and arrival window, once the diary has them all. */
  crew: CrewAssignment | null;
  /** On the move's day, from the crew's job sheet: who leads and when they expect to arrive (HH:MM). */
  onTheWay: { crew: string; eta: string } | null;
  /** A move made from a survey or car request (issue 40 item 3): the office prices it by written quote. */
  byWrittenQuote?: boolean;
}

export type Row = [label: string, value: string];

export interface MoveSummary {
  stage: MoveStage;
  badge: string;
  /** What happens next, in a sentence or two. */
  next: string;
  /** `pending`: not priced yet (the postcode service was down), so the business prices it. */
  price: { label: string; amount: string; note: string | null; when: string | null; pending?: true };
  money: Row[];
  /** Who is coming and when, once the move is booked (before its crew is: when the customer hears); else empty. */
  crew: Row[];
}

export const STAGE_BADGES: Record<MoveStage, string> = {
  quoted: 'Quoted',
  booking_requested: 'Booking requested',
  offered: 'Written quote to accept',
  offer_ended: 'Written quote ended',
  accepted: 'Quote accepted',
  booked: 'Booked',
  paid: 'Booked and paid',
  moved: 'Done',
  declined: 'Not booked',
  cancelled: 'Cancelled',
  past: 'Date passed',
};

export function moveStage(facts: Pick<SummaryFacts, 'status' | 'moveDate' | 'today' | 'jobDone' | 'written' | 'owed'>): MoveStage {
  const state = movePageState({ status: facts.status, moveDate: facts.moveDate, priced: true, jobDone: facts.jobDone }, facts.today);
  if (state === 'booked') return facts.jobDone ? 'moved' : facts.owed.state === 'paid' ? 'paid' : 'booked';
  if (state !== 'quoted' && state !== 'booking_requested') return state;
  const { written } = facts;
  if (!written) return state;
  if (written.accepted) return 'accepted';
  return facts.today > written.lastDay ? 'offer_ended' : 'offered';
}

const day = (date: string) => formatLongDate(date);

/** "£1,224.90", with the code's words when one applies: "£1,361.00 less FIRSTMOVE10 (10% off your first booking)". */
function priceOf(pay: PriceToPay): { amount: string; note: string | null } {
  // An estimate is in whole pounds until a code takes pence off it.
  const amount = pay.written || pay.discountPence ? formatPence(pay.pricePence) : formatMoney(pay.pricePence / 100);
  if (!pay.code || pay.discountPence === 0) return { amount, note: null };
  const before = pay.written ? formatPence(pay.estimatePence) : formatMoney(pay.estimatePence / 100);
  return { amount, note: `${before} less ${pay.code.code} (${pay.code.offer})` };
}

/** A move not going ahead: its price is only what it was. */
const CLOSED_STAGES: ReadonlySet<MoveStage> = new Set(['cancelled', 'declined', 'past']);

function price(stage: MoveStage, facts: SummaryFacts): MoveSummary['price'] {
  const { written, estimate } = facts;
  if (written && CLOSED_STAGES.has(stage)) return { label: 'Its price', ...priceOf(written.pay), when: null };
  if (written) {
    // A move booked online has its estimate as the price: no one at the firm wrote it.
    const label = written.online ? 'Your price' : written.accepted ? 'Your price: your written quote' : 'Your written quote';
    const when = written.accepted
      ? null
      : stage === 'offer_ended'
        ? `It ended on ${day(written.lastDay)}.`
        : `Accept it by ${day(written.lastDay)}.`;
    return { label, ...priceOf(written.pay), when };
  }
  if (!estimate) {
    const pending = facts.byWrittenQuote ? PRICE_BY_WRITTEN_QUOTE : PRICE_PENDING;
    return { label: 'Your price', amount: pending.title, note: pending.text, when: null, pending: true };
  }
  if (CLOSED_STAGES.has(stage)) return { label: 'Its price', ...priceOf(estimate), when: null };
  const booked = stage === 'booked' || stage === 'paid' || stage === 'moved';
  const when =
    facts.estimateUntil === null || booked
      ? null
      : facts.today > facts.estimateUntil
        ? `This estimate ended on ${day(facts.estimateUntil)}: we price your move again when you ask to book.`
        : `Valid until ${day(facts.estimateUntil)}.`;
  return { label: booked ? 'Your price' : 'Your estimate', ...priceOf(estimate), when };
}

function money(stage: MoveStage, facts: SummaryFacts): Row[] {
  const { owed, written } = facts;
  const paid: Row[] = owed.paidPence > 0 ? [['Paid', formatPence(owed.paidPence)]] : [];
  const refunded: Row[] = owed.refundedPence > 0 ? [['Refunded to your card', formatPence(owed.refundedPence)]] : [];
  switch (stage) {
    case 'cancelled':
    case 'declined':
    case 'past':
      return paid.length ? [...paid, ...refunded] : [['To pay', 'Nothing']];
    case 'quoted':
    case 'booking_requested':
    case 'offer_ended':
      return [['To pay now', 'Nothing']];
    case 'offered':
      return [
        ['To pay now', 'Nothing'],
        ...(written && written.depositPence > 0
          ? [['When you accept', `A ${formatPence(written.depositPence)} deposit by card, which books your move`] satisfies Row]
          : []),
      ];
    default:
      break;
  }
  if (owed.state === 'paid') return [['Paid', `${formatPence(owed.paidPence - owed.refundedPence)}: paid in full`], ...refunded];
  const balance = formatPence(owed.balancePence);
  // On its day or after it, the balance is due now (as the Pay button's words say).
  const due = owed.dueOn <= facts.today ? `${balance}, due now` : `${balance} by ${day(owed.dueOn)}`;
  // Accepted, the deposit not yet paid: the deposit first, then the rest by its day.
  if (stage === 'accepted' && owed.paidPence === 0 && written && written.depositPence > 0) {
    const rest = owed.balancePence - written.depositPence;
    return [
      ['To pay now', `The ${formatPence(written.depositPence)} deposit, which books your move`],
      ...(rest > 0 ? [['Then', `${formatPence(rest)} by ${day(owed.dueOn)}`] satisfies Row] : []),
    ];
  }
  return [...(paid.length ? [...paid, ...refunded] : [['Paid', 'Nothing yet'] satisfies Row]), ['Left to pay', due]];
}

/** Booked, no crew yet: what the office's diary sends (the crew_assigned e-mail, functions/lib/quote/move-emails.ts). */
export const CREW_LATER = 'We e-mail you who is coming and when, once your crew is booked in our diary.';

/** "A crew of 3, led by Tom", "Luton van", "8–10 am on Wednesday 8 September 2027". */
function crew(stage: MoveStage, facts: SummaryFacts): Row[] {
  if (stage !== 'booked' && stage !== 'paid' && stage !== 'moved') return [];
  if (!facts.crew) return stage === 'moved' ? [] : [['Your crew', CREW_LATER]];
  const { lead, size, van, window } = facts.crew;
  const rows: Row[] = [
    ['Who is coming', `A crew of ${size}, led by ${lead}`],
    ['Van', vanSizeLabel(van)],
    ['Arriving', `${arrivalWindowLabel(window)} on ${day(facts.moveDate)}`],
  ];
  if (facts.onTheWay && stage !== 'moved')
    rows.push(['On the way', `${facts.onTheWay.crew} expects to arrive at about ${facts.onTheWay.eta}`]);
  return rows;
}

const NEXT: Record<MoveStage, (facts: SummaryFacts) => string> = {
  quoted: () => `${PAGE_STATUS_TEXT.quoted} Ask to book when you are ready: asking costs nothing.`,
  booking_requested: () => PAGE_STATUS_TEXT.booking_requested,
  offered: ({ written }) =>
    written && written.depositPence > 0
      ? 'Read it below, then accept it: you pay the deposit by card, and your move is booked as soon as it is paid.'
      : 'Read it below, then accept it: we then get in touch to book your crew.',
  offer_ended: () => 'Call or e-mail us and we will send you a new one.',
  accepted: ({ written, owed }) =>
    written && written.depositPence > 0 && owed.paidPence === 0
      ? 'Pay the deposit by card to book your move.'
      : 'We will be in touch to book your crew.',
  booked: ({ crew }) => (crew ? 'Your crew is booked.' : 'We book your crew next.'),
  paid: ({ crew }) =>
    crew ? 'Your crew is booked, and there is nothing left to pay.' : 'We book your crew next. There is nothing left to pay.',
  moved: () => 'Thank you for moving with us.',
  declined: () => 'Nothing is booked, and there is nothing to pay.',
  cancelled: ({ owed }) =>
    owed.paidPence > 0
      ? 'What you paid by card, less any fee our cancellation terms keep, goes back to your card.'
      : 'There is nothing to pay.',
  past: () => 'Nothing was booked, and there is nothing to pay.',
};

/** The page's heading and title in each stage: the status's own (MOVE_PAGE_HEADINGS), and the written quote's and paying's. */
export const STAGE_HEADINGS: Record<MoveStage, string> = {
  ...MOVE_PAGE_HEADINGS,
  offered: 'Your written quote is ready',
  offer_ended: 'Your written quote has ended',
  accepted: 'Written quote accepted',
  paid: 'Your move is booked and paid for',
};

/** The line under the heading: the customer's first name and the move date as the page writes it. */
export const STAGE_SUMMARIES: Record<MoveStage, (name: string, date: string) => string> = {
  ...MOVE_PAGE_SUMMARIES,
  offered: (name, date) => `${name}, here is our firm price for your move on ${date}.`,
  offer_ended: (name, date) => `${name}, the written quote for your move on ${date} has passed its last day.`,
  accepted: (name, date) => `Thank you, ${name}. Your written quote is now the price of your move on ${date}.`,
  paid: (name, date) => `${name}, your move on ${date} is booked and paid for.`,
};

export function moveSummary(facts: SummaryFacts): MoveSummary {
  const stage = moveStage(facts);
  return {
    stage,
    badge: STAGE_BADGES[stage],
    next: NEXT[stage](facts),
    price: price(stage, facts),
    money: money(stage, facts),
    crew: crew(stage, facts),
  };
}
