/**
 * Issue 30, item 8: the promises a page or an e-mail may make, and only in the figures of src/data/promises.ts. Each
 * rule finds every statement of one kind of promise in a text (a page's words, an e-mail's body) and says what is
 * wrong with it: a free-cancellation notice other than the one we give, opening hours other than ours or "24/7", a
 * same-day service the booking rules refuse, crew names nobody sends, a declaration "when you book" with nowhere to
 * make it, a detailed quote nothing sends, an answer promised in other hours than its kind's (issue 41 item 6: a reply
 * promised within 1 hour on one page and 24 hours on another), and (issue 34) no deposit or payment after the move,
 * where a written quote is accepted with a card deposit. Used by tests/e2e/promises.spec.ts (every built page, and
 * every component's source) and tests/api/promises.test.ts (every e-mail).
 */
import { cancellationTiers, FREE_CANCELLATION_HOURS, hoursText, openingHours } from '../../src/data/promises';

interface Rule {
  what: string;
  /** Finds every statement of this kind (global). */
  find: RegExp;
  /** Why the statement found is wrong, or null when it keeps the promise. `before` is the text up to it. */
  problem: (match: RegExpMatchArray, before: string) => string | null;
}

const tierHours = new Set(cancellationTiers.flatMap((t) => (t.fromHours ? [t.fromHours] : [])));
const tierPercents = new Set(cancellationTiers.map((t) => `${Math.round(t.charge * 100)}%`));

/**
 * Every kind of "within N hours" we promise, its one figure, worked from the spec (section 9: an e-mail reply within 1
 * hour, a call-back and the quote after a request within 24 hours, claims resolved in 48 hours on average; a price
 * worked out later is that same 24-hour answer), and the words that tell the kind. Tried in this order: "call you
 * within 24 hours with a price" is a call-back.
 */
export const ANSWER_KINDS = [
  { kind: 'a call-back', hours: 24, words: /\bcall(?:s|ing)? you\b|\bring you\b|\bcall(?:-| )back\b/i },
  { kind: 'a reply to a message', hours: 1, words: /\brepl(?:y|ies)\b|\bget back to you\b/i },
  { kind: 'a written quote after a booking request', hours: 24, words: /\bwritten quote\b|\bbook(?:ing)?\b|\banswer\b/i },
  { kind: 'a price worked out later', hours: 24, words: /\bprice\b/i },
  { kind: 'a claim settled', hours: 48, words: /\bclaims?\b|\bsettled\b/i },
] as const;

const NUMBER_WORDS: Record<string, number> = { the: 1, an: 1, a: 1, one: 1, two: 2, three: 3, four: 4, six: 6, twelve: 12 };
/** "within 24 hours", "within the hour", "within two hours". */
export const WITHIN_HOURS = /\bwithin (\d+|the|an?|one|two|three|four|six|twelve)[ -]hours?\b/gi;

/** The stretch of `text` around a match, back and on to the nearest of `stops`. */
function around(text: string, index: number, length: number, stops: readonly string[]): string {
  const start = Math.max(...stops.map((stop) => text.lastIndexOf(stop, index - 1))) + 1;
  const ends = stops.map((stop) => text.indexOf(stop, index + length)).filter((at) => at >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) : undefined).trim();
}
const SENTENCE_STOPS = ['. ', '.\n', '!', '?', '\n'];
/** A sentence may promise two things ("ring you, or message us and we reply within 1 hour"): its clause tells which. */
const CLAUSE_STOPS = [...SENTENCE_STOPS, ',', ';', ':'];

export interface AnswerPromise {
  said: string;
  hours: number;
  sentence: string;
  /** Undefined: no kind we know. */
  kind?: (typeof ANSWER_KINDS)[number];
}

/** A WITHIN_HOURS match of `text`, read: its figure, its sentence and its kind. */
function answerPromise(text: string, match: RegExpMatchArray): AnswerPromise {
  const figure = match[1]!.toLowerCase();
  const sentence = around(text, match.index!, match[0].length, SENTENCE_STOPS);
  const clause = around(text, match.index!, match[0].length, CLAUSE_STOPS);
  return {
    said: match[0],
    hours: /^\d+$/.test(figure) ? Number(figure) : NUMBER_WORDS[figure]!,
    sentence,
    kind: ANSWER_KINDS.find((kind) => kind.words.test(clause)) ?? ANSWER_KINDS.find((kind) => kind.words.test(sentence)),
  };
}

/** Every "within N hours" in `text`. */
export const answerPromises = (text: string): AnswerPromise[] =>
  [...text.matchAll(WITHIN_HOURS)].map((match) => answerPromise(text, match));

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
    find: WITHIN_HOURS,
    problem: (match) => {
      const promise = answerPromise(match.input!, match);
      if (!promise.kind) return `no kind of promise we know ("${promise.sentence}"): add it to ANSWER_KINDS`;
      return promise.hours === promise.kind.hours
        ? null
        : `${promise.kind.kind} is promised within ${promise.kind.hours} hours, not ${promise.hours}`;
    },
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
