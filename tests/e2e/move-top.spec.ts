/**
 * The move page leads with the truth (issue 41 item 1), in a browser: every state of a move, each with its top (the
 * state in words, the one price, paid and left, who is coming), axe-clean at 320 px, readable and whole without
 * JavaScript, with screenshots at 390 and 1280 px, JavaScript on and off (test-results/move-top-*).
 *
 * Worked by hand: storeQuote's move (two bedrooms and a sofa, SW1A 1AA to M1 1AE) on a weekday is £599 + £344 + £225 =
 * £1,168; FIRSTMOVE10 takes £116.80, £1,051.20. The office's written quote of £1,361.00 with the code is £1,224.90, its
 * usual 25% deposit £306.225, so £306.23, leaving £918.67.
 */
import type { Page } from '@playwright/test';
import { addDays, formatLongDate } from '../../src/lib/dates';
import { openDay } from '../shared/dates';
import { diaryDay } from '../shared/diary-days';
import { POSTCODE_DOWN } from '../shared/stand-ins';
import { acceptWrittenQuote, bookInDiary, formPost, sendWrittenQuote, type CustomerMove } from '../shared/office-posts';
import { axeViolations, expect, open, picture, queryD1, test } from './fixtures';
import { linkParts, storeQuote, uniqueEmail } from './quote-helpers';
import { siteEnv } from './site-env';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { ceiling } from '../shared/load';

const site = () => ({ base: siteEnv('baseUrl'), session: siteEnv('ownerSession') });
const LINES: Array<[string, string]> = [
  ['Removal, 2 bedrooms', '1150.00'],
  ['Packing', '211.00'],
];

interface State {
  name: string;
  link: string;
  /** The page as on this day (the test environment's clock header). */
  now?: string;
  heading: string;
  badge: string;
  /** Each part of the top (its data-fill) and what it says. */
  says: Record<string, string>;
}

/** Pays the Stripe stand-in's Checkout page as the customer's Pay button does, then waits for the move's status. */
async function payAt(checkout: URL, reference: string, status: string): Promise<void> {
  const paid = await fetch(`${checkout.href}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await expect
    .poll(() => queryD1<{ status: string }>('SELECT status FROM quote_requests WHERE reference = ?', reference)[0]!.status, {
      timeout: 20_000,
    })
    .toBe(status);
}

const paidCount = (reference: string) =>
  queryD1<{ n: number }>('SELECT count(*) AS n FROM payments WHERE reference = ? AND paid_at IS NOT NULL', reference)[0]!.n;

async function move(request: Parameters<typeof storeQuote>[0], overrides: Record<string, unknown> = {}) {
  const answer = await storeQuote(request, { email: uniqueEmail('top'), promoCode: 'FIRSTMOVE10', ...overrides });
  const { ref, t } = linkParts(answer.confirmationUrl);
  return { reference: ref, token: t, link: answer.confirmationUrl } satisfies CustomerMove & { link: string };
}

async function states(request: Parameters<typeof storeQuote>[0]): Promise<State[]> {
  const quoted = await move(request, { moveDate: openDay(30, 3) });

  const offered = await move(request, { moveDate: openDay(30, 3) });
  await sendWrittenQuote(site(), offered.reference, { lines: LINES });

  const accepted = await move(request, { moveDate: openDay(30, 3) });
  await sendWrittenQuote(site(), accepted.reference, { lines: LINES });
  await acceptWrittenQuote(site().base, accepted);

  const day = diaryDay(3);
  const booked = await move(request, { moveDate: day });
  await sendWrittenQuote(site(), booked.reference, { lines: LINES });
  await payAt(await acceptWrittenQuote(site().base, booked), booked.reference, 'booked');
  await bookInDiary(
    site(),
    { reference: booked.reference, moveDate: day },
    { crewLead: `Tom ${Date.now()}`, crewSize: 3, van: `Van ${Date.now()}`, window: '08-10' },
  );

  const paidDay = diaryDay(3);
  const paid = await move(request, { moveDate: paidDay });
  await sendWrittenQuote(site(), paid.reference, { lines: LINES });
  await payAt(await acceptWrittenQuote(site().base, paid), paid.reference, 'booked');
  const balance = await formPost(site().base, '/move-payment', { ref: paid.reference, t: paid.token, purpose: 'balance' });
  await fetch(`${new URL(balance.headers.get('location')!).href}/pay`, { method: 'POST', redirect: 'manual' });
  await expect.poll(() => paidCount(paid.reference), { timeout: 20_000 }).toBe(2);

  const cancelled = await move(request, { moveDate: openDay(30, 3) });
  await sendWrittenQuote(site(), cancelled.reference, { lines: LINES });
  await payAt(await acceptWrittenQuote(site().base, cancelled), cancelled.reference, 'booked');
  expect(
    (await formPost(site().base, '/quote-confirmation', { ref: cancelled.reference, t: cancelled.token, action: 'cancel-confirm' })).status,
  ).toBe(303);

  // The postcode service down for this postcode: stored unpriced, the office prices it.
  const unpriced = await move(request, { fromPostcode: POSTCODE_DOWN, promoCode: '' });

  const due = addDays(day, -7);
  return [
    {
      name: 'quoted',
      link: quoted.link,
      heading: 'Quote Request Sent Successfully!',
      badge: 'Quoted',
      says: {
        'top:price': '£1,051.20',
        'top:price-note': '£1,168 less FIRSTMOVE10 (10% off your first booking)',
        'top:To pay now': 'Nothing',
      },
    },
    {
      name: 'offered',
      link: offered.link,
      heading: 'Your written quote is ready',
      badge: 'Written quote to accept',
      says: { 'top:price': '£1,224.90', 'top:When you accept': 'A £306.23 deposit by card, which books your move' },
    },
    {
      name: 'accepted',
      link: accepted.link,
      heading: 'Written quote accepted',
      badge: 'Quote accepted',
      says: { 'top:price': '£1,224.90', 'top:To pay now': 'The £306.23 deposit, which books your move' },
    },
    {
      name: 'booked',
      link: booked.link,
      heading: 'Your move is booked',
      badge: 'Booked',
      says: {
        'top:price': '£1,224.90',
        'top:Paid': '£306.23',
        'top:Left to pay': `£918.67 by ${formatLongDate(due)}`,
        'top:Who is coming': 'A crew of 3, led by Tom',
        'top:Van': 'Luton van',
        'top:Arriving': `8–10 am on ${formatLongDate(day)}`,
      },
    },
    {
      name: 'paid',
      link: paid.link,
      heading: 'Your move is booked and paid for',
      badge: 'Booked and paid',
      says: { 'top:Paid': '£1,224.90: paid in full' },
    },
    {
      name: 'done',
      link: booked.link,
      now: `${addDays(day, 1)}T12:00:00Z`,
      heading: 'Your moving day has passed',
      badge: 'Done',
      says: { 'top:Who is coming': 'A crew of 3, led by Tom' },
    },
    { name: 'cancelled', link: cancelled.link, heading: 'This move is cancelled', badge: 'Cancelled', says: { 'top:Paid': '£306.23' } },
    {
      name: 'unpriced',
      link: unpriced.link,
      heading: 'Quote Request Sent Successfully!',
      badge: 'Quoted',
      says: { 'top:price': "We'll confirm your price" },
    },
  ];
}

async function check(page: Page, state: State, javaScriptEnabled: boolean): Promise<void> {
  await page.setExtraHTTPHeaders(state.now ? { 'X-Test-Now': state.now } : {});
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (javaScriptEnabled) await open(page, state.link);
    else await page.goto(state.link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(state.heading);
    const top = page.locator('[data-move-top]');
    await expect(top.locator('[data-fill="status"]')).toHaveText(state.badge);
    for (const [part, words] of Object.entries(state.says))
      await expect(top.locator(`[data-fill="${part}"]`), `${state.name} ${part}`).toHaveText(words);
    if (width === 320) {
      // Nothing wider than the screen (WCAG 1.4.10), and with scripts on, axe finds nothing.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${state.name} at 320 px`).toBeLessThanOrEqual(320);
      if (javaScriptEnabled) expect(await axeViolations(page), `${state.name} at 320 px`).toEqual([]);
    } else {
      const shot = `test-results/move-top-${state.name}-${width}-js-${javaScriptEnabled ? 'on' : 'off'}`;
      await picture(() => top.screenshot({ path: `${shot}-top.png` }));
      await picture(() => page.screenshot({ path: `${shot}.png`, fullPage: true }));
    }
  }
}

for (const javaScriptEnabled of [true, false]) {
  test(`every state of the move page leads with its state, its one price, what is paid and left and who is coming (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(ceiling(300_000));
    const all = await states(request);
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    // A cookie choice already made: no banner over the screenshots.
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: CONSENT_KEY,
      value: JSON.stringify(consentRecord(NO_OPTIONAL)),
    });
    const page = await context.newPage();
    for (const state of all) await check(page, state, javaScriptEnabled);
    await context.close();
  });
}
