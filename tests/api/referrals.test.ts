/**
 * Referrals made real (issue 19, item 7), over HTTP against the Worker: a signed-in customer's own code on /account and
 * /referral, a friend's quote made with it, the refusals of codes that are not someone else's, and the dashboard's
 * figures from D1 by the referral page's terms (credit once the friend's move is confirmed and its date has passed).
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { addDays } from '~/lib/dates';
import { REFERRAL_MESSAGES } from '~/lib/referral';
import { referral } from '~/data/referral';
import { promo } from '~/site.config';
import { openDay } from '../shared/dates';
import { apiBase, call, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { COOKIE, signedInCustomer } from './sign-in';
import { bookMove } from './bookings';

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const pageAs = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${apiBase()}${path}`, { redirect: 'manual', headers: { Cookie: `${COOKIE}=${cookie}`, ...headers } });

/** The code /referral shows in its field, with the figures it shows. */
async function referralPage(cookie: string, headers: Record<string, string> = {}) {
  const response = await pageAs(ACCOUNT_PATHS.referral, cookie, headers);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const html = await response.text();
  const input = /<input[^>]*data-referral-code[^>]*>/.exec(html)?.[0] ?? '';
  const page = readPage(html);
  return {
    html,
    code: /value="([^"]*)"/.exec(input)?.[1] ?? '',
    signedIn: page.shown('signed-in'),
    figures: ['referrals:successful', 'referrals:earned', 'referrals:balance'].map((key) => page.filled(key)),
    onTheWay: page.filled('referrals:on-the-way'),
  };
}

async function quoteWithCode(
  promoCode: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  return call(API_PATHS.quote, validQuote({ email: `${unique('friend')}@example.com`, promoCode, ...overrides }), { headers });
}

describe('a customer’s own referral code', () => {
  it('is made once, readable aloud, and shown on /account and /referral with figures at nought', async () => {
    const { email, cookie } = await signedInCustomer();
    const account = await (await pageAs(ACCOUNT_PATHS.account, cookie)).text();
    const onAccount = readPage(account).filled('referral-code');
    expect(onAccount).toMatch(CODE);

    const first = await referralPage(cookie);
    expect(first.code).toBe(onAccount);
    expect(first.signedIn).toBe(true);
    expect(first.html).not.toContain('Sign in to get your code');
    expect(first.figures).toEqual(['0', '£0', '£0']);
    expect(first.onTheWay).toBe('No friends’ moves on the way yet.');
    // The share links carry the code too.
    expect(decodeURIComponent(/href="(mailto:[^"]*)"/.exec(first.html)![1]!.replaceAll('&amp;', '&'))).toContain(onAccount);

    expect((await referralPage(cookie)).code).toBe(onAccount);
    expect(query('SELECT code FROM referral_codes WHERE email = ?', email)).toEqual([{ code: onAccount }]);
  });

  it('is not shown without a session: the prebuilt page asks to sign in, and a stale cookie gets the same', async () => {
    const plain = await fetch(`${apiBase()}${ACCOUNT_PATHS.referral}`);
    const html = await plain.text();
    expect(html).toContain('Sign in to get your code');
    expect(readPage(html).shown('signed-in')).toBe(false);
    const stale = await pageAs(ACCOUNT_PATHS.referral, 'not-a-session');
    const staleHtml = await stale.text();
    expect(staleHtml).toContain('Sign in to get your code');
    expect(readPage(staleHtml).shown('signed-in')).toBe(false);
  });
});

describe('a friend’s quote with the code', () => {
  it('is stored with the code however it was typed, says £10 off, and the referrer’s figures count it once the move is done', async () => {
    const referrer = await signedInCustomer();
    const { code } = await referralPage(referrer.cookie);
    // Lower case, spaces instead of dashes, and an O for a nought or an I for a one where the code has them.
    const typed = code.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o').replaceAll('1', 'i');
    const moveDate = openDay(4);
    const response = await quoteWithCode(typed, { moveDate });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as QuoteAnswer;
    expect(answer.promoCode).toBe(code);
    const [stored] = query<{ promo_code: string; total: number }>(
      'SELECT promo_code, total FROM quote_requests WHERE reference = ?',
      answer.reference,
    );
    expect(stored!.promo_code).toBe(code);

    // The confirmation names the discount: £10 off the estimate, in pounds and pence.
    const page = await (await fetch(new URL(answer.confirmationUrl, apiBase()))).text();
    const pounds = (stored!.total - referral.friendDiscountPounds).toLocaleString('en-GB');
    expect(page).toContain(`£${pounds}.00 with ${code} when you book (${referral.friendDiscount} off your first move)`);

    // On its way: not yet earned.
    const pending = await referralPage(referrer.cookie);
    expect(pending.figures).toEqual(['0', '£0', '£0']);
    expect(pending.onTheWay).toMatch(/^1 friend’s move is on the way/);

    // The friend asks to book and a mover confirms it through the staff link.
    await bookMove(answer);

    // Booked, but the day has not come: still on its way.
    expect((await referralPage(referrer.cookie)).figures).toEqual(['0', '£0', '£0']);
    // The day after the move: one successful referral, the referrer's credit earned and available.
    const after = { 'X-Test-Now': `${addDays(moveDate, 1)}T12:00:00Z` };
    const done = await referralPage(referrer.cookie, after);
    expect(done.figures).toEqual(['1', referral.referrerCredit, referral.referrerCredit]);
    expect(done.onTheWay).toBe('No friends’ moves on the way yet.');
  });

  it('refuses a code nobody has, and the signed-in customer’s own code, on the code’s field; nothing is stored', async () => {
    const referrer = await signedInCustomer();
    const { code } = await referralPage(referrer.cookie);
    const before = query<{ n: number }>('SELECT COUNT(*) AS n FROM quote_requests')[0]!.n;

    // A code of the right shape that nobody has: one character changed.
    const other = code.replace(/^./, (first) => (first === '2' ? '3' : '2'));
    const unknown = await quoteWithCode(other);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields).toEqual({ promoCode: REFERRAL_MESSAGES.unknown });

    // Only the session says whose code it is: the owner signed in, whatever address the quote gives.
    const own = await quoteWithCode(code, {}, { Cookie: `${COOKIE}=${referrer.cookie}` });
    expect(own.status).toBe(400);
    expect((await own.json()).error.fields).toEqual({ promoCode: REFERRAL_MESSAGES.own });
    expect(query<{ n: number }>('SELECT COUNT(*) AS n FROM quote_requests')[0]!.n).toBe(before);
  });

  it('signed out, answers a code the same whoever’s address comes with it, and the owner’s own move earns no credit', async () => {
    const referrer = await signedInCustomer();
    const { code } = await referralPage(referrer.cookie);
    // Issue 30: the owner's address used to be refused with "your own code", telling anyone who owns a code.
    const answers = [];
    for (const email of [referrer.email.toUpperCase(), `${unique('someone')}@example.com`]) {
      const response = await quoteWithCode(code, { email });
      answers.push({ status: response.status, promoCode: ((await response.json()) as QuoteAnswer).promoCode });
    }
    expect(answers).toEqual([
      { status: 201, promoCode: code },
      { status: 201, promoCode: code },
    ]);
    // The friend's move is on the way; the owner's own is not a referral.
    expect((await referralPage(referrer.cookie)).onTheWay).toMatch(/^1 friend’s move is on the way/);
  });

  it('keeps the shared SHIFTFRIEND code and the promo code working, with no referrer to credit', async () => {
    for (const [typed, line] of [
      [referral.sharedCode.toLowerCase(), `with ${referral.sharedCode} when you book (${referral.friendDiscount} off your first move)`],
      [promo.code, `with ${promo.code} when you book (${promo.percentOff}% off your first booking)`],
    ] as const) {
      const response = await quoteWithCode(typed);
      expect(response.status).toBe(201);
      const answer = (await response.json()) as QuoteAnswer;
      expect(query('SELECT promo_code FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([
        { promo_code: typed.toUpperCase() },
      ]);
      expect(await (await fetch(new URL(answer.confirmationUrl, apiBase()))).text()).toContain(line);
    }
  });
});
