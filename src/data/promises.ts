/**
 * Every promise the copy makes to a customer, stated once (issue 30, item 8): what cancelling costs, when we answer,
 * the earliest day a move can be booked online, what happens after a quote, how paying works and how to declare a
 * valuable item. Pages, e-mails, the wizard and the Worker import these and never retype a figure; tests/e2e/promises.spec.ts and
 * tests/api/promises.test.ts read every built page and e-mail for a different one.
 * With its extensions: move-date.ts reads it, and scripts run that file in Node as it is.
 */
import { insuranceLimits } from './insurance.ts';
import { BALANCE_DUE_DAYS } from '../lib/payments.ts';
import { writtenQuoteDepositPercent } from '../site.config.ts';

export { BALANCE_DUE_DAYS };

// --- Booking and payment ---

/** How far ahead we advise booking, in days. */
export const adviceBookingDays = '2-3';
export const weekendSurchargePercent = 15;

/**
 * How paying works (issue 34): a deposit by card when the customer accepts a written quote, which books the move once
 * Stripe's event says it is paid (functions/lib/payments/webhook.ts); the balance by card on the move page, due
 * BALANCE_DUE_DAYS before the move (functions/lib/payments/due.ts). The office may set another deposit, hence "usually".
 */
export const DEPOSIT = `When you accept your written quote, you pay a deposit by card: usually ${writtenQuoteDepositPercent}% of the price, and your written quote shows the exact amount. Your move is booked as soon as the deposit is paid.`;
export const BALANCE = `The rest of the price, the balance, is due ${BALANCE_DUE_DAYS} days before your move. You pay it by card from your move page.`;
/** Above the written quote's "Accept this quote", and in the e-mail that sends it. */
export const ACCEPTING = {
  withDeposit:
    "Accepting makes this total the price of your move and takes you to pay the deposit by card on Stripe's secure page. Your move is booked as soon as the deposit is paid.",
  noDeposit: 'Accepting makes this total the price of your move. We then get in touch to book your crew.',
} as const;
/** Stripe Checkout takes the card (and, to do so, the customer's e-mail address and the amount); the Worker never sees it. */
export const CARD_PAYMENTS = "You pay by debit or credit card on Stripe's secure payment page, so we never see your card details.";

/** Online, a move can be booked from this many days after today (UK), whatever the service: src/lib/move-date.ts enforces it. */
export const EARLIEST_ONLINE_DAYS = 1;
/** How the copy says it ('from tomorrow'); nothing may promise a same-day move online. */
export const earliestOnline = EARLIEST_ONLINE_DAYS === 1 ? 'tomorrow' : `${EARLIEST_ONLINE_DAYS} days from today`;

// --- Cancelling ---

/**
 * One row of the cancellation terms, read by the terms page and by the function that works out a fee
 * (src/lib/cancellation-fee.ts): what was paid by card beyond the fee goes back to the card.
 */
export interface CancellationTier {
  /** Applies from this many hours' notice before the move (up to the tier above); null: nobody there when the crew came. */
  fromHours: number | null;
  /** The share of the booked price charged, 0 to 1; for a no-show the most that may be charged. */
  charge: number;
  notice: string;
  outcome: string;
  detail: string;
}

/** Cancel or change a booked move at least this many hours before it and there is nothing to pay. */
export const FREE_CANCELLATION_HOURS = 48;
/** Under this many hours' notice the higher charge applies. */
export const SHORT_NOTICE_HOURS = 24;
// As percentages, so the words need no call at load (the wizard imports this module and keeps only what it uses).
const LATE_PERCENT = 25;
const SHORT_NOTICE_PERCENT = 50;

/** The spec's four tiers, from the most notice to none; a quote not yet booked costs nothing to cancel at any time. */
export const cancellationTiers: readonly CancellationTier[] = [
  {
    fromHours: FREE_CANCELLATION_HOURS,
    charge: 0,
    notice: `${FREE_CANCELLATION_HOURS} hours or more`,
    outcome: 'Nothing to pay',
    detail: `Cancel or change your date ${FREE_CANCELLATION_HOURS} hours or more before your move and you pay nothing: anything you have paid comes back to your card in full.`,
  },
  {
    fromHours: SHORT_NOTICE_HOURS,
    charge: LATE_PERCENT / 100,
    notice: `${SHORT_NOTICE_HOURS} to ${FREE_CANCELLATION_HOURS} hours`,
    outcome: `${LATE_PERCENT}% of the price`,
    detail: `Your crew has kept the day for you, so you pay ${LATE_PERCENT}% of your booked price and nothing more.`,
  },
  {
    fromHours: 0,
    charge: SHORT_NOTICE_PERCENT / 100,
    notice: `Under ${SHORT_NOTICE_HOURS} hours`,
    outcome: `${SHORT_NOTICE_PERCENT}% of the price`,
    detail: `Your crew has turned down other work for you, so you pay ${SHORT_NOTICE_PERCENT}% of your booked price.`,
  },
  {
    fromHours: null,
    charge: 1,
    notice: 'No-show',
    outcome: 'Up to the full price',
    detail: 'If the crew arrives and cannot move anything because nobody is there, we may charge the full price.',
  },
];

/** The tier for cancelling `hoursBefore` hours before the move (0 or more). */
export function cancellationTier(hoursBefore: number): CancellationTier {
  const tier = cancellationTiers.find((t) => t.fromHours !== null && hoursBefore >= t.fromHours);
  if (!tier) throw new RangeError(`no cancellation tier for ${hoursBefore} hours`);
  return tier;
}

/** Notice counts to the start of the arrival window the office books; while none is set, to this time on the move day. */
export const DEFAULT_ARRIVAL_TIME = '08:00';
/** How notice is counted (issue 39 item 7): the terms page says it, and src/lib/cancellation-fee.ts counts it so. */
export const NOTICE_COUNTED =
  'Notice is counted by the clock, in hours from when you cancel or ask for a new date to the start of your arrival window: 8 am on your moving day until we have given you a window.';

/** The line every page and the FAQ use, the home page and service heroes in its short form. */
export const FREE_CANCELLATION = `Cancel or change your date free of charge up to ${FREE_CANCELLATION_HOURS} hours before your move.`;
export const FREE_CANCELLATION_SHORT = `Free cancellation up to ${FREE_CANCELLATION_HOURS} hours before`;
/** Cancelling a move that is not booked yet (the FAQ, and the refund e-mail of one paid for all the same). */
export const UNBOOKED_CANCELLATION = 'Until your move is booked, cancelling costs nothing at any time.';
export const LATE_CANCELLATION = `Closer to the day, cancelling costs part of the price: ${LATE_PERCENT}% from ${SHORT_NOTICE_HOURS} to ${FREE_CANCELLATION_HOURS} hours before, ${SHORT_NOTICE_PERCENT}% under ${SHORT_NOTICE_HOURS} hours.`;

// --- When we answer ---

export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export interface OpeningHours {
  label: string;
  /** schema.org day names */
  days: readonly Weekday[];
  /** `HH:MM`, UK time. */
  opens: string;
  closes: string;
}

/** The phone line and the e-mail inbox, the same hours (and the business's structured data). No line is open round the clock. */
export const openingHours: readonly OpeningHours[] = [
  { label: 'Monday to Friday', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '22:00' },
  { label: 'Saturday and Sunday', days: ['Saturday', 'Sunday'], opens: '08:00', closes: '20:00' },
];

/** '07:00' reads '7AM', '20:30' '8:30PM'. */
export function clockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${hours < 12 ? 'AM' : 'PM'}`;
}

export const hoursText = (hours: OpeningHours): string => `${clockTime(hours.opens)} - ${clockTime(hours.closes)}`;

/** 'Monday to Friday: 7AM - 10PM; Saturday and Sunday: 8AM - 8PM' */
export const openingHoursLine = (): string => openingHours.map((h) => `${h.label}: ${hoursText(h)}`).join('; ');

/** True while every day of the week has hours (tests/unit/promises.test.ts). */
export const OPEN_DAYS = '7 days a week';

/**
 * How soon we come back to a customer, in hours, by kind of promise: each kind is made in its one figure on every page and
 * in every e-mail (issue 41 item 6; tests/shared/promise-rules.ts tells the kinds apart). A message is a person's reply
 * during the opening hours above; a call-back covers a survey call and a car's price; a written quote answers a booking
 * request; a price worked out later is a quote the postcode service could not price at once.
 */
export const ANSWER_HOURS = { message: 1, callBack: 24, writtenQuote: 24, priceLater: 24 } as const;

/** A message sent to us is answered this fast, during the hours above. */
export const EMAIL_REPLY = `within ${ANSWER_HOURS.message} hour during opening hours`;
/** A call-back asked for (the dialog, /call-back, a survey, a car's price). */
export const CALL_BACK_WITHIN = `within ${ANSWER_HOURS.callBack} hours`;

// --- After a quote ---

/** The office answers a booking request within this many hours (the staff link's e-mail says so too). */
export const BOOKING_ANSWER_HOURS = ANSWER_HOURS.writtenQuote;
/** A quote we could not price at once (the postcode service was down) is priced and e-mailed within this many hours. */
export const PRICE_LATER_HOURS = ANSWER_HOURS.priceLater;

/** Under the quote form: what sending it commits the customer to. */
export const NO_OBLIGATION = `No account and no obligation: we e-mail you your quote, and once you ask to book, we answer within ${BOOKING_ANSWER_HOURS} hours.`;

/** Where a price the instant estimate leaves out (packing, storage) reaches the customer: the office's written quote. */
export const ADDED_TO_WRITTEN_QUOTE = 'to your written quote';

export interface NextStep {
  title: string;
  text: string;
}

/**
 * What happens after a quote is sent, as the product does it today: the confirmation page and e-mail show these. The
 * office writes the quote (issue 33), accepting it goes to Checkout (issue 34), the deposit's event books the move.
 */
export const afterAQuote: readonly NextStep[] = [
  {
    title: 'Ask to book when you are ready',
    text: 'Ask on your move page, which your e-mail links to. Asking costs nothing.',
  },
  {
    title: `We answer within ${BOOKING_ANSWER_HOURS} hours`,
    text: 'Our office e-mails you a written quote: a firm price and the deposit.',
  },
  {
    title: 'Accept it and pay the deposit',
    text: `Usually ${writtenQuoteDepositPercent}% of the price, by card: it books your move. The rest is due ${BALANCE_DUE_DAYS} days before the move.`,
  },
];

// --- Insurance ---

/** Where a customer declares an item over the single-item limit today: the fields and channels that exist. */
export const DECLARE_VALUABLES = `Tell us about anything worth more than ${insuranceLimits.itemLimit} before your move: in Additional Information when you ask for a quote, under "What is moving?" on your move page, or by phone or e-mail.`;

// --- Privacy ---

export const dataRetention = {
  requestsMonths: 24,
  /** A booked move's records (functions/cron.ts keeps booked quotes this long). */
  bookingsYears: 6,
  /** A refused driver's application and its documents, and a partner's replaced or refused documents (issue 43). */
  partnerMonths: 6,
  consentStorageKey: 'cookie-consent',
} as const;
