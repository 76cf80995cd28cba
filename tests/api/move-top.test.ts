/**
 * The top of the move page (issue 41 item 1), over HTTP: the move's state in words, the one price that applies now,
 * what is paid and what is left with its day, and once booked who is coming and when; the estimate and earlier prices
 * only in the history; a written quote never valid past the move date; the same one price in the e-mails after it.
 *
 * Figures worked by hand. The quotes are validQuote's (a studio with a sofa and a wardrobe, SW1A 1AA to M1 1AE, 162.7
 * miles: tests/shared/routes.ts): £349 + £344 + £225 + £65 = £983 on a weekday; FIRSTMOVE10 takes £98.30, £884.70.
 * The office's written quote for a different move: £1,150.00 + £211.00 = £1,361.00; 10% off is £136.10, £1,224.90; its
 * usual deposit 25%, £306.225 half a penny up, £306.23. The card tests' £495.00 with a £123.75 deposit leave £371.25.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays, formatLongDate, londonToday } from '~/lib/dates';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { openDay } from '../shared/dates';
import { bookInDiary, formPost, sendWrittenQuote } from '../shared/office-posts';
import { acceptedToCheckout, manageMove, paidAndBooked, pressPay, type Made } from './card-payments';
import { apiBase, call, delivered, emailsTo, unique, validQuote } from './helpers';
import { readPage } from './html';
import { ownerCookie, ownerSignedIn } from './office';

beforeEach(ownerSignedIn);

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node, skip: (element: Element) => boolean = () => false): string => {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if ('tagName' in node && skip(node)) return '';
  return 'childNodes' in node ? node.childNodes.map((child) => textOf(child, skip)).join(' ') : '';
};
function find(node: Node, test: (element: Element) => boolean): Element | undefined {
  if ('tagName' in node && test(node)) return node;
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

/** The page's words: its top (the summary card), and all of it but its history. */
function pageParts(html: string) {
  const doc = parse(html);
  const main = find(doc, (element) => element.tagName === 'main')!;
  const isHistory = (element: Element) => attr(element, 'aria-labelledby') === 'history-title';
  return {
    top: textOf(find(main, (element) => attr(element, 'data-move-top') !== undefined)!).replace(/\s+/g, ' '),
    history: textOf(find(main, isHistory)!).replace(/\s+/g, ' '),
    outsideHistory: textOf(main, isHistory).replace(/\s+/g, ' '),
  };
}

const site = () => ({ base: apiBase(), session: ownerCookie() });

async function quoteWith(overrides: Record<string, unknown> = {}): Promise<Made> {
  const email = `${unique('top')}@example.com`;
  const sent = validQuote({ email, ...overrides });
  const response = await call(API_PATHS.quote, sent);
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const token = new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;
  return { reference: answer.reference, token, email, moveDate: sent.moveDate };
}

const pageOf = async (move: Made, headers: Record<string, string> = {}) => {
  const response = await fetch(`${apiBase()}/quote-confirmation?ref=${move.reference}&t=${move.token}`, { headers });
  expect(response.status).toBe(200);
  return response.text();
};

describe('the top of the move page', () => {
  it('after a written quote for a different move, shows only the written quote’s total; the estimate is in the history', async () => {
    const move = await quoteWith({ promoCode: 'FIRSTMOVE10', moveDate: openDay(30, 3) });
    const before = await pageOf(move);
    expect(readPage(before).filled('status')).toBe('Quoted');
    expect(readPage(before).filled('top:price')).toBe('£884.70');
    expect(readPage(before).filled('top:price-note')).toBe('£983 less FIRSTMOVE10 (10% off your first booking)');

    expect((await manageMove(move, 'book')).status).toBe(303);
    await sendWrittenQuote(site(), move.reference, {
      lines: [
        ['Removal, different furniture', '1150.00'],
        ['Packing', '211.00'],
      ],
    });

    const html = await pageOf(move);
    const page = readPage(html);
    expect(page.filled('move-heading')).toBe('Your written quote is ready');
    expect(page.filled('status')).toBe('Written quote to accept');
    expect(page.filled('top:price-label')).toBe('Your written quote');
    expect(page.filled('top:price')).toBe('£1,224.90');
    expect(page.filled('top:price-note')).toBe('£1,361.00 less FIRSTMOVE10 (10% off your first booking)');
    expect(page.filled('top:To pay now')).toBe('Nothing');
    expect(page.filled('top:When you accept')).toBe('A £306.23 deposit by card, which books your move');

    const { top, history, outsideHistory } = pageParts(html);
    expect(top).toContain('£1,224.90');
    for (const estimate of ['£983', '£884.70']) {
      expect(top).not.toContain(estimate);
      // Anywhere but the history: not the page's top, nor the written quote, nor an "Estimated Quote" card.
      expect(outsideHistory).not.toContain(estimate);
      expect(history).toContain(estimate);
    }
    expect(history).toContain('Our estimate: £983, £884.70 with FIRSTMOVE10');

    // The e-mails from then on give the same one price.
    expect((await manageMove(move, 'cancel-confirm')).status).toBe(303);
    await delivered(move.reference);
    const cancelled = (await emailsTo(move.email)).find((each) => each.subject.includes('move cancelled'))!;
    expect(cancelled.text).toContain('Price to pay: £1,224.90, your written quote (with FIRSTMOVE10: 10% off your first booking)');
    expect(cancelled.text).not.toContain('£884.70');
    expect(cancelled.text).not.toContain('£983');
  });

  it('never lets a written quote hold past the move date', async () => {
    const moveDate = openDay(10);
    const move = await quoteWith({ moveDate });
    // 28 days on would be past the move: the office's form refuses it, and its usual last day is the move date.
    const refused = await formPost(
      apiBase(),
      OFFICE_PATHS.writtenQuote,
      new URLSearchParams([
        ['ref', move.reference],
        ['label', 'Removal'],
        ['amount', '495.00'],
        ['deposit', ''],
        ['validUntil', addDays(londonToday(), 28)],
        ['included', ''],
        ['action', 'send'],
      ]),
      ownerCookie(),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`Please choose a last day on or before the move date, ${formatLongDate(moveDate)}.`);

    await sendWrittenQuote(site(), move.reference, { lines: [['Removal', '495.00']] });
    const page = readPage(await pageOf(move));
    expect(page.filled('written:valid-until')).toBe(formatLongDate(moveDate));
    expect(page.filled('top:price-when')).toBe(`Accept it by ${formatLongDate(moveDate)}.`);
    // The day after the move: ended, and no accept button.
    const after = readPage(await pageOf(move, { 'X-Test-Now': `${addDays(moveDate, 1)}T09:00:00Z` }));
    expect(after.shown('act:accept-quote')).toBe(false);
  });

  it('follows a paid move: accepted, booked with what is left and its day, who is coming, paid in full, done', async () => {
    const moveDate = diaryDay(WEEKDAY);
    const move = await quoteWith({ moveDate });
    const deposit = await acceptedToCheckout(move, '123.75');
    const accepted = readPage(await pageOf(move));
    expect(accepted.filled('status')).toBe('Quote accepted');
    expect(accepted.filled('top:To pay now')).toBe('The £123.75 deposit, which books your move');
    expect(accepted.filled('top:Then')).toBe(`£371.25 by ${formatLongDate(addDays(moveDate, -7))}`);
    expect(accepted.shown('act:pay-deposit')).toBe(true);

    await pressPay(deposit.sessionId);
    await expect.poll(async () => readPage(await pageOf(move)).filled('status'), { timeout: 20_000 }).toBe('Booked');
    const booked = readPage(await pageOf(move));
    expect(booked.filled('top:price')).toBe('£495.00');
    expect(booked.filled('top:Paid')).toBe('£123.75');
    expect(booked.filled('top:Left to pay')).toBe(`£371.25 by ${formatLongDate(addDays(moveDate, -7))}`);
    expect(booked.filled('top:Your crew')).toBe('We e-mail you who is coming and when, once your crew is booked in our diary.');

    const lead = `Tom ${unique('Baker')}`;
    await bookInDiary(
      site(),
      { reference: move.reference, moveDate },
      { crewLead: lead, crewSize: 3, van: unique('van'), window: '08-10' },
    );
    const crewed = readPage(await pageOf(move));
    expect(crewed.filled('top:Who is coming')).toBe('A crew of 3, led by Tom');
    expect(crewed.filled('top:Van')).toBe('Luton van');
    expect(crewed.filled('top:Arriving')).toBe(`8–10 am on ${formatLongDate(moveDate)}`);

    const balance = await formPost(apiBase(), '/move-payment', { ref: move.reference, t: move.token, purpose: 'balance' });
    expect(balance.status).toBe(303);
    await pressPay(new URL(balance.headers.get('location')!).pathname.split('/').at(-1)!);
    await expect.poll(async () => readPage(await pageOf(move)).filled('status'), { timeout: 20_000 }).toBe('Booked and paid');
    const paid = readPage(await pageOf(move));
    expect(paid.filled('move-heading')).toBe('Your move is booked and paid for');
    expect(paid.filled('top:Paid')).toBe('£495.00: paid in full');
    expect(paid.filled('top:Left to pay')).toBe('');
    expect(paid.filled('top:Who is coming')).toBe('A crew of 3, led by Tom');

    const done = readPage(await pageOf(move, { 'X-Test-Now': `${addDays(moveDate, 1)}T12:00:00Z` }));
    expect(done.filled('status')).toBe('Done');
    expect(done.filled('top:Paid')).toBe('£495.00: paid in full');
  });

  it('says a cancelled move is cancelled, with what was paid and refunded', async () => {
    const move = await quoteWith({ moveDate: openDay(20) });
    await paidAndBooked(move, '123.75');
    expect((await manageMove(move, 'cancel-confirm')).status).toBe(303);
    // 20 days' notice: nothing to pay, so the deposit goes back in full.
    await expect.poll(async () => readPage(await pageOf(move)).filled('top:Refunded to your card'), { timeout: 20_000 }).toBe('£123.75');
    const page = readPage(await pageOf(move));
    expect(page.filled('status')).toBe('Cancelled');
    expect(page.filled('top:Paid')).toBe('£123.75');
    expect(page.filled('top:Left to pay')).toBe('');
  });
});
