import { PRICE_CHANGES } from './access';
import { insuranceLimits } from './insurance';
import {
  adviceBookingDays,
  BALANCE,
  BOOKING_ANSWER_HOURS,
  CARD_PAYMENTS,
  DEPOSIT,
  DECLARE_VALUABLES,
  earliestOnline,
  FREE_CANCELLATION,
  LATE_CANCELLATION,
  UNBOOKED_CANCELLATION,
} from './promises';
import { FREE_MILES } from './packages';
import { site } from '~/site.config';

export interface FaqItem {
  question: string;
  answer: string;
}

export type FaqCategoryTitle = 'General' | 'Booking' | 'Drivers & Safety';

export interface FaqCategory {
  id: string;
  title: FaqCategoryTitle;
  items: readonly FaqItem[];
}

export const faqCategories: readonly FaqCategory[] = [
  {
    id: 'general',
    title: 'General',
    items: [
      {
        question: `What does ${site.brand} do?`,
        answer: `${site.brand} gives you an instant estimated price for your move and books it with a vetted, insured local crew. We handle home removals, single furniture items, packing, office moves, car transport, courier jobs, student moves and storage between homes across the UK.`,
      },
      {
        question: 'How is my quote worked out?',
        answer: `Your estimate starts from the base price for your property size, which includes up to ${FREE_MILES} miles. Each extra mile is added at a fixed rate, any extra furniture you pick is added item by item, weekend moves carry a surcharge, and stairs without a lift, a long carry or parking away from the door are added from our published access table. You see every line before you send the request.`,
      },
      {
        question: 'Which areas do you cover?',
        answer: `${site.coverage}, including moves between them. For moves abroad, to the Channel Islands or to the Isle of Man, send us the details through the contact form and we will tell you honestly whether we can help.`,
      },
    ],
  },
  {
    id: 'booking',
    title: 'Booking',
    items: [
      {
        question: 'How far ahead should I book?',
        answer: `We advise booking ${adviceBookingDays} days ahead. Online you can book a move from ${earliestOnline}, but Fridays, weekends and the last days of the month fill up first.`,
      },
      {
        question: 'Can I cancel or change my date?',
        answer: `Yes. ${FREE_CANCELLATION} ${LATE_CANCELLATION} ${UNBOOKED_CANCELLATION} If you have paid, we refund anything beyond the fee to your card.`,
      },
      {
        question: 'How and when do I pay?',
        answer: `${DEPOSIT} ${BALANCE} ${CARD_PAYMENTS}`,
      },
    ],
  },
  {
    id: 'drivers-safety',
    title: 'Drivers & Safety',
    items: [
      {
        question: 'Are my belongings insured?',
        answer: `Every move includes goods-in-transit insurance up to ${insuranceLimits.goodsInTransit}. Individual items are covered up to ${insuranceLimits.itemLimit}. ${DECLARE_VALUABLES}`,
      },
      {
        question: 'Who will turn up on the day?',
        answer: `A crew of vetted drivers and movers. Every driver holds a full UK licence, passes a background check and is rated by every customer they move. Crews wear ${site.brand} identification and will never ask you for cash.`,
      },
      {
        question: 'How do I become a driver?',
        answer:
          'Read the requirements on our drivers page, then choose Apply Now and fill in the application with your licence, insurance and MOT. We e-mail you your reference straight away, and again once we have checked your documents.',
      },
    ],
  },
];

export const howItWorksFaqs: readonly FaqItem[] = [
  {
    question: 'Is the online price a firm price?',
    answer: `It is an estimate built from the details you give, with every compulsory charge in it. ${PRICE_CHANGES}`,
  },
  {
    question: 'Do I need an account?',
    answer: 'No. You can get a quote and book without one. We e-mail everything you need, including your reference number.',
  },
  {
    question: 'What if my postcode is not recognised?',
    answer:
      'Check for a missing space or a letter O typed as a zero. New-build postcodes can take a few months to appear; use the nearest existing postcode and add the full address in the notes.',
  },
  {
    question: 'When will I hear from you?',
    answer: `Straight away: we e-mail you your quote and the link to your move page. Ask to book there when you are ready, and within ${BOOKING_ANSWER_HOURS} hours our office e-mails you a written quote, or tells you if we cannot do your date.`,
  },
];
