/**
 * Issue 30, item 8: src/data/promises.ts against the spec's figures (product-spec.md §9) and against what the code
 * enforces, and the rules tests/shared/promise-rules.ts reads every page and e-mail with, on the issue's own examples.
 */
import { describe, expect, it } from 'vitest';
import {
  ACCEPTING,
  afterAQuote,
  BALANCE,
  BALANCE_DUE_DAYS,
  BOOKING_ANSWER_HOURS,
  CARD_PAYMENTS,
  DEPOSIT,
  cancellationTier,
  cancellationTiers,
  clockTime,
  DECLARE_VALUABLES,
  EARLIEST_ONLINE_DAYS,
  earliestOnline,
  FREE_CANCELLATION,
  FREE_CANCELLATION_HOURS,
  hoursText,
  LATE_CANCELLATION,
  NO_OBLIGATION,
  OPEN_DAYS,
  openingHours,
  openingHoursLine,
} from '~/data/promises';
import { quoteServices } from '~/data/services';
import { ACCESS_HINT } from '~/data/access';
import { addDays } from '~/lib/dates';
import { earliestMoveDate, moveDateProblem } from '~/lib/move-date';
import { CANCELLATION_RIGHTS, DONE_NOTICES, MOVE_PAGE_SUMMARIES, REQUEST_BOOKING_LABEL, STATUS_TEXT } from '~/lib/move-status';
import { writtenQuoteDepositPercent } from '~/site.config';
import { faqCategories } from '~/data/faqs';
import { PRICE_PENDING } from '~/lib/price-lines';
import { promiseProblems } from '../shared/promise-rules';

describe('cancelling: the spec’s four tiers as one table a fee function can read', () => {
  it('48 hours or more costs nothing, 24 to 48 hours part of the price, under 24 more, a no-show up to all of it', () => {
    expect(cancellationTiers.map((t) => [t.fromHours, t.charge])).toEqual([
      [48, 0],
      [24, 0.25],
      [0, 0.5],
      [null, 1],
    ]);
    expect(FREE_CANCELLATION_HOURS).toBe(48);
  });

  it('finds the tier for any notice, at and either side of each threshold', () => {
    const charge = (hours: number) => cancellationTier(hours).charge;
    expect([charge(200), charge(48), charge(47.9), charge(24), charge(23.9), charge(0)]).toEqual([0, 0, 0.25, 0.25, 0.5, 0.5]);
    expect(() => cancellationTier(-1)).toThrow(RangeError);
  });

  it('every sentence about cancelling says the same figures', () => {
    expect(FREE_CANCELLATION).toBe('Cancel or change your date free of charge up to 48 hours before your move.');
    expect(LATE_CANCELLATION).toBe(
      'Closer to the day, cancelling costs part of the price: 25% from 24 to 48 hours before, 50% under 24 hours.',
    );
    expect(cancellationTiers.map((t) => `${t.notice}: ${t.outcome}`)).toEqual([
      '48 hours or more: Nothing to pay',
      '24 to 48 hours: 25% of the price',
      'Under 24 hours: 50% of the price',
      'No-show: Up to the full price',
    ]);
    for (const text of [CANCELLATION_RIGHTS, DONE_NOTICES.cancelled_late!, ...cancellationTiers.map((t) => t.detail)])
      expect(promiseProblems(text), text).toEqual([]);
    expect(CANCELLATION_RIGHTS).toContain('cancel 48 hours or more before and there is nothing to pay');
  });
});

describe('when we answer', () => {
  it('the phone and e-mail keep the spec’s support hours, every day of the week once', () => {
    expect(openingHours.map((h) => [h.label, h.opens, h.closes])).toEqual([
      ['Monday to Friday', '07:00', '22:00'],
      ['Saturday and Sunday', '08:00', '20:00'],
    ]);
    const days = openingHours.flatMap((h) => h.days);
    expect(new Set(days).size).toBe(7);
    expect(days).toHaveLength(7);
    expect(OPEN_DAYS).toBe('7 days a week');
    expect(openingHoursLine()).toBe('Monday to Friday: 7AM - 10PM; Saturday and Sunday: 8AM - 8PM');
  });

  it('writes clock times as the pages do', () => {
    expect(['07:00', '12:00', '00:00', '20:30', '22:00'].map(clockTime)).toEqual(['7AM', '12PM', '12AM', '8:30PM', '10PM']);
    expect(hoursText(openingHours[1]!)).toBe('8AM - 8PM');
  });
});

describe('the earliest day a move can be booked', () => {
  it('is what move-date.ts enforces: tomorrow, for every service', () => {
    const today = '2027-03-10';
    expect(earliestMoveDate(today)).toBe(addDays(today, EARLIEST_ONLINE_DAYS));
    expect(moveDateProblem(today, today)?.reason).toBe('today');
    expect(moveDateProblem('2027-03-11', today)).toBeNull();
    expect(earliestOnline).toBe('tomorrow');
  });

  it('no service is offered the same day', () => {
    for (const service of quoteServices) {
      const words = [service.label, 'summary' in service ? service.summary : '', service.estimate ?? ''].join('. ');
      expect(promiseProblems(words), service.value).toEqual([]);
    }
  });
});

describe('what happens after a quote', () => {
  it('is what the product does: ask to book, a written quote within 24 hours, accept it with a card deposit, the balance 7 days before', () => {
    expect(afterAQuote.map((s) => s.title)).toEqual([
      'Ask to book when you are ready',
      'We answer within 24 hours',
      'Accept it and pay the deposit',
    ]);
    expect(BOOKING_ANSWER_HOURS).toBe(24);
    // The office's default deposit and the balance's day, as src/site.config.ts and src/lib/payments.ts set them.
    expect([writtenQuoteDepositPercent, BALANCE_DUE_DAYS]).toEqual([25, 7]);
    expect(afterAQuote[1]!.text).toContain('written quote');
    expect(afterAQuote[2]!.text).toMatch(/usually 25% of the price/i);
    expect(afterAQuote[2]!.text).toContain('it books your move');
    expect(afterAQuote[2]!.text).toContain('The rest is due 7 days before the move');
    for (const text of [REQUEST_BOOKING_LABEL, STATUS_TEXT.booking_requested, DONE_NOTICES.booking_requested!, NO_OBLIGATION])
      expect(text).toContain('within 24 hours');
    // Asking to book still takes nothing; the written quote it brings is what asks for the deposit.
    for (const text of [REQUEST_BOOKING_LABEL, STATUS_TEXT.booking_requested, DONE_NOTICES.booking_requested!])
      expect(text).toMatch(/no payment now|nothing to pay now/);
    for (const text of [STATUS_TEXT.booking_requested, DONE_NOTICES.booking_requested!]) expect(text).toContain('written quote');
    expect(MOVE_PAGE_SUMMARIES.booking_requested('Ada', '')).not.toMatch(/\bmover\b/);
    expect(afterAQuote.map((s) => `${s.title}. ${s.text}`).join(' ')).not.toMatch(/detailed|crew names|review your request/i);
    // A quote we could not price at once: its price by e-mail, in the promised hours.
    expect(PRICE_PENDING.text).toContain('within 24 hours');
  });
});

describe('paying (issue 34): a deposit by card books the move, the balance is due before it', () => {
  it('says the deposit, the balance and the card page in the figures the product uses', () => {
    expect(DEPOSIT).toBe(
      'When you accept your written quote, you pay a deposit by card: usually 25% of the price, and your written quote shows the exact amount. Your move is booked as soon as the deposit is paid.',
    );
    expect(BALANCE).toBe('The rest of the price, the balance, is due 7 days before your move. You pay it by card from your move page.');
    expect(CARD_PAYMENTS).toContain("Stripe's secure payment page");
    expect(ACCEPTING.withDeposit).toContain('pay the deposit by card');
    expect(STATUS_TEXT.booked).not.toMatch(/after the move/);
    // The cheapest tier: nothing to pay, and a paid deposit comes back in full (refundAfterFeePence with no fee).
    expect(cancellationTiers[0]!.detail).toBe(
      'Cancel or change your date 48 hours or more before your move and you pay nothing: anything you have paid comes back to your card in full.',
    );
  });

  it('every sentence about paying keeps the promises, and the FAQ answers with them', () => {
    const faq = faqCategories.flatMap((c) => c.items).find((item) => item.question === 'How and when do I pay?');
    expect(faq?.answer).toBe(`${DEPOSIT} ${BALANCE} ${CARD_PAYMENTS}`);
    const words = [DEPOSIT, BALANCE, CARD_PAYMENTS, ACCEPTING.withDeposit, ACCEPTING.noDeposit, ...Object.values(STATUS_TEXT)];
    for (const text of [...words, ...afterAQuote.map((s) => `${s.title}. ${s.text}`), ...cancellationTiers.map((t) => t.detail)])
      expect(promiseProblems(text), text).toEqual([]);
  });
});

describe('the insurance declaration and the access hint', () => {
  it('says where an item over £2,000 is declared, with the fields that exist', () => {
    expect(DECLARE_VALUABLES).toContain('£2,000');
    expect(DECLARE_VALUABLES).toContain('Additional Information');
    expect(DECLARE_VALUABLES).toContain('What is moving?');
    expect(promiseProblems(DECLARE_VALUABLES)).toEqual([]);
  });

  it('step 3’s hint names what does not change the estimate', () => {
    expect(ACCESS_HINT).not.toMatch(/^It |\. It /);
    expect(promiseProblems(ACCESS_HINT)).toEqual([]);
  });
});

describe('the rules every page and e-mail is read with', () => {
  // The examples, as the site said them before.
  const broken: Array<[string, string]> = [
    ['Free cancellation up to 24 hours before', 'a free-cancellation notice'],
    ['You can cancel or reschedule free of charge up to 24 hours before your move.', 'a free-cancellation notice'],
    ['Moving-day line, open 24/7', 'round-the-clock opening'],
    ['A driver support line that never closes.', 'round-the-clock opening'],
    ['Same-day courier', 'a same-day service'],
    ['Boxes collected and delivered the same or next day.', 'a same-day service'],
    ['You get their name and vehicle details the day before.', "the crew's names"],
    ["The day before, we send you the crew's names and the van's registration.", "the crew's names"],
    ['Items worth more than £2,000 must be declared when you book.', 'declaring a valuable item'],
    [
      'Helps your mover plan the crew and the time. It does not change your estimate.',
      'an estimate said to be unchanged by its own postcodes',
    ],
    ['You receive a detailed quote by e-mail within 24 hours.', 'a detailed quote'],
    ['Monday to Friday: 6AM - 10PM', 'opening hours'],
    ['Call us 9AM - 5PM', 'opening hours'],
    ['"opens": "06:00 - 22:00"', 'opening hours on a 24-hour clock'],
    ['We reply within 2 hours.', 'an answer within so many hours'],
    // Issue 41 item 6: each kind of answer in its one figure, whatever the words.
    ['Tell us where it is. We reply with a price and a collection window within 24 hours.', 'an answer within so many hours'],
    ['A member of the team will call you back, usually within the hour.', 'an answer within so many hours'],
    ['Ask to book, and within 48 hours we e-mail you a written quote.', 'an answer within so many hours'],
    ['We will work out your price and e-mail it to you within 12 hours.', 'an answer within so many hours'],
    ['Most claims are settled within 24 hours.', 'an answer within so many hours'],
    ['Someone is in touch within 24 hours.', 'an answer within so many hours'],
    ['Cancel 12 hours before and you pay 30%.', 'hours of notice for cancelling'],
    // The site before issue 34's deposits.
    ['Cancel 48 hours or more before and you pay nothing. We never take a deposit.', 'no deposit, or paying after the move'],
    ['We take no deposit: you pay after the move.', 'no deposit, or paying after the move'],
    ['Your move is booked. You pay after the move.', 'no deposit, or paying after the move'],
    ['Payment is processed after the move, once you are happy.', 'no deposit, or paying after the move'],
    ['Your total includes every compulsory charge. You pay nothing until after the move.', 'no deposit, or paying after the move'],
  ];
  it.each(broken)('finds "%s" (%s)', (text, what) => {
    expect(promiseProblems(text).map((p) => p.slice(0, p.indexOf(' "')))).toContain(what);
  });

  it('lets the promises as they are made pass', () => {
    for (const text of [
      'Monday to Friday: 7AM - 10PM; Saturday and Sunday: 8AM - 8PM',
      'Monday to Friday\n7AM - 10PM',
      'Free changes up to 48 hours before',
      'Move cancelled less than 48 hours before: our cancellation terms apply',
      'We call you back within 24 hours.',
      'Thank you. We will call you within 24 hours with a price for the car.',
      'Message the team and we reply within 1 hour during opening hours.',
      'Ask to book from your move page, and within 24 hours we e-mail you a written quote.',
      'Request this booking: no payment now; we answer within 24 hours',
      'We could not check the distance, so we will work out your price and e-mail it to you within 24 hours.',
      'Most claims are settled within 48 hours on average.',
      'Moving on the same day as your completion? Tell us in the notes.',
      'Ask your landlord how your deposit will be returned.',
      'Remove the tape soon after the move.',
    ])
      expect(promiseProblems(text), text).toEqual([]);
  });
});
