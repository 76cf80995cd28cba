/**
 * Issue 30, item 8: the promises a page or an e-mail may make, and only in the figures of src/data/promises.ts. Each
 * rule finds every statement of one kind of promise in a text (a page's words, an e-mail's body) and says what is
 * wrong with it: a free-cancellation notice other than the one we give, opening hours other than ours or "24/7", a
 * same-day service the booking rules refuse, crew names nobody sends, a declaration "when you book" with nowhere to
 * make it, a detailed quote nothing sends, an answer promised in other hours, and (issue 34) no deposit or payment
 * after the move, where a written quote is accepted with a card deposit. Used by tests/e2e/promises.spec.ts
 * (every built page) and tests/api/promises.test.ts (every e-mail).
 */
import {
  BOOKING_ANSWER_HOURS,
  cancellationTiers,
  EMAIL_REPLY,
  FREE_CANCELLATION_HOURS,
  hoursText,
  openingHours,
  PRICE_LATER_HOURS,
} from '../../src/data/promises';
import { insuranceLimits } from '../../src/data/insurance';

interface Rule {
  what: string;
  /** Finds every statement of this kind (global). */
  find: RegExp;
  /** Why the statement found is wrong, or null when it keeps the promise. `before` is the text up to it. */
  problem: (match: RegExpMatchArray, before: string) => string | null;
}

const tierHours = new Set(cancellationTiers.flatMap((t) => (t.fromHours ? [t.fromHours] : [])));
const tierPercents = new Set(cancellationTiers.map((t) => `${Math.round(t.charge * 100)}%`));
const hoursIn = (text: string) => Number(/(\d+) hour/.exec(text)![1]);
/** Every "within N hours" we promise: a booking answer, a price worked out later, an e-mail reply, a claim settled. */
const answerHours = new Set([BOOKING_ANSWER_HOURS, PRICE_LATER_HOURS, hoursIn(EMAIL_REPLY), hoursIn(insuranceLimits.claimResolution)]);
const dayLabels = openingHours.map((h) => h.label);

const never = (why: string) => () => why;

/** One normal spelling of a clock range: '7 am – 10pm' reads '7AM - 10PM'. */
const range = (from: string, to: string) => `${from.replace(/\s+/g, '').toUpperCase()} - ${to.replace(/\s+/g, '').toUpperCase()}`;

export const PROMISE_RULES: readonly Rule[] = [
  {
    what: 'a free-cancellation notice',
    find: /\bfree\b[^.\n]{0,80}?\b(\d+)\s*hours?\b|\b(\d+)\+?\s*hours? or more\b|\bless than (\d+)\s*hours?\b|\b(\d+)\+\s*hours?\b/gi,
    problem: (m) => {
      const hours = Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
      return hours === FREE_CANCELLATION_HOURS
        ? null
        : `says ${hours} hours where the free-cancellation notice is ${FREE_CANCELLATION_HOURS}`;
    },
  },
  {
    what: 'hours of notice for cancelling',
    find: /[^.\n]*\bcancel[^.\n]*/gi,
    problem: ([sentence]) => {
      const hours = [...sentence.matchAll(/\b(\d+)\s*(?:to|and|-|–)?\s*(?:\d+\s*)?hours?\b/g)]
        .flatMap((h) => h[0].match(/\d+/g)!)
        .map(Number)
        .filter((n) => !tierHours.has(n));
      const percents = (sentence.match(/\b\d+%/g) ?? []).filter((p) => !tierPercents.has(p));
      const wrong = [...hours.map((h) => `${h} hours`), ...percents];
      return wrong.length ? `states ${wrong.join(', ')}, which no cancellation tier has` : null;
    },
  },
  {
    what: 'round-the-clock opening',
    find: /24\s*\/\s*7|24 hours a day|round[- ]the[- ]clock|never (?:closes|sleeps)/gi,
    problem: never('we are open the hours of src/data/promises.ts, not round the clock'),
  },
  {
    what: 'opening hours',
    find: /\b(\d{1,2}(?::\d{2})?\s?[ap]m)\s*(?:-|–|to)\s*(\d{1,2}(?::\d{2})?\s?[ap]m)\b/gi,
    problem: ([, from, to], before) => {
      const said = range(from!, to!);
      // The day the hours are given for: the nearest day label before them.
      const recent = before.slice(-60);
      const label = dayLabels.map((l) => ({ l, at: recent.lastIndexOf(l) })).sort((a, b) => b.at - a.at)[0]!;
      const row = openingHours.find((h) => h.label === label.l);
      if (label.at < 0 || !row) return `gives ${said} without the days it is for`;
      return hoursText(row) === said ? null : `gives ${label.l} as ${said}, not ${hoursText(row)}`;
    },
  },
  {
    what: 'opening hours on a 24-hour clock',
    find: /\b([01]\d|2[0-3]):([0-5]\d)\s*(?:-|–|to)\s*([01]\d|2[0-3]):([0-5]\d)\b/g,
    problem: ([said]) =>
      openingHours.some((h) => said.replace(/\s*(?:–|to)\s*|\s*-\s*/, '-') === `${h.opens}-${h.closes}`) ? null : `gives ${said}`,
  },
  {
    what: 'a same-day service',
    find: /\bsame-day\b|\bsame day (?:delivery|deliveries|courier|service|slots?|moves?|collection)\b|\bsame or next day\b/gi,
    problem: never('online bookings start tomorrow (src/lib/move-date.ts)'),
  },
  {
    what: "the crew's names",
    find: /\b(?:crew|driver|mover)s?[’']?s?\s+names?\b|\bnames? and (?:the )?(?:van|vehicle)\b|\bnames?\b[^.\n]{0,80}\bday before\b|\bday before\b[^.\n]{0,80}\bnames?\b/gi,
    problem: never('nothing sends the crew’s names'),
  },
  {
    what: 'declaring a valuable item',
    find: /[^.\n]*\bdeclar[^.\n]*/gi,
    problem: ([sentence]) =>
      /\bwhen (?:you )?book(?:ing)?\b|\bat booking\b/i.test(sentence) ? 'asks for it "when you book", where no field takes it' : null,
  },
  {
    what: 'an estimate said to be unchanged by its own postcodes',
    find: /\bIt does not change your (?:estimate|price)\b/g,
    problem: never('"it" reads as the postcodes just above, which do set the estimate'),
  },
  {
    what: 'a detailed quote',
    find: /\bdetailed,?(?: fixed)? quote\b/gi,
    problem: never('nothing sends a detailed quote after the estimate'),
  },
  {
    what: 'no deposit, or paying after the move',
    find: /\b(?:never take|take no|takes no|without)(?: a| any)? deposits?\b|\bno deposit\b|\bpay(?:ment is (?:processed|taken)|ing)? after the move\b|\bpay nothing until after\b/gi,
    problem: never('accepting a written quote takes a deposit by card, and the balance is due before the move (issue 34)'),
  },
  {
    what: 'an answer within so many hours',
    find: /\bwithin (\d+) hours?\b/gi,
    problem: ([said, hours]) => (answerHours.has(Number(hours)) ? null : `"${said}": no promise of src/data/promises.ts is ${hours} hours`),
  },
];

/** Every broken promise in `text`, as '<what> "<words>": <why>'. */
export function promiseProblems(text: string): string[] {
  const problems: string[] = [];
  for (const rule of PROMISE_RULES) {
    for (const match of text.matchAll(rule.find)) {
      const why = rule.problem(match, text.slice(0, match.index));
      if (why) problems.push(`${rule.what} "${match[0].trim()}": ${why}`);
    }
  }
  return problems;
}

/** The business's structured data must give the same opening hours as the pages. */
export function openingHoursProblems(data: unknown[]): string[] {
  const expected = openingHours.map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: h.days, opens: h.opens, closes: h.closes }));
  return data
    .filter((d): d is { openingHoursSpecification: unknown } => typeof d === 'object' && d !== null && 'openingHoursSpecification' in d)
    .filter((d) => JSON.stringify(d.openingHoursSpecification) !== JSON.stringify(expected))
    .map((d) => `structured data opening hours ${JSON.stringify(d.openingHoursSpecification)}, not ${JSON.stringify(expected)}`);
}
