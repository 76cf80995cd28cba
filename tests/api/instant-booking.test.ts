/**
 * A standard move booked and paid in one sitting (issue 41 item 2), over HTTP through the Stripe stand-in: the estimate
 * becomes the firm price, Checkout takes the deposit, the signed webhook books the move, its day is held in the diary
 * (and let go when the session expires unpaid), and the office gets a task to book the crew. The owner's switch and
 * limits are honoured. Figures are worked by hand from the pricing rules (spec section 3) and the 25 % deposit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { BOOK_NOW_PATH, INSTANT_WORDS } from '~/lib/instant-booking';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import {
  checkoutAt,
  deliveredEvent,
  FORM,
  pressPay,
  quoteStatus,
  rowsWhen,
  stripeApi,
  stripeUrl,
  takenEvents,
  type Made,
} from './card-payments';
import { diaryDay } from '../shared/diary-days';
import { apiBase, call, query, unique, validQuote } from './helpers';
import { officePost } from './office';

/**
 * A 2-bedroom move (£599) from SW1A 1AA to CB2 1TN: 49.78 miles as the crow flies, 24.78 beyond the 25 included, at
 * £2.50 a mile = £61.95, rounded to £62. £661.00 on a weekday, less FIRSTMOVE10's 10 % (£66.10): £594.90. The deposit
 * is 25 % of it, half a penny up: £148.725 → £148.73.
 */
const TOTAL_PENCE = 59_490;
const DEPOSIT_PENCE = 14_873;

const ADDRESSES = { fromAddress: '10 Downing Street, London', toAddress: '1 Trumpington Street, Cambridge' };

const standard = (overrides: Record<string, unknown> = {}) =>
  validQuote({
    email: `${unique('instant')}@example.com`,
    propertyId: 'two-bed',
    furnitureIds: [],
    fromPostcode: 'SW1A 1AA',
    toPostcode: 'CB2 1TN',
    ...ADDRESSES,
    promoCode: 'FIRSTMOVE10',
    // A day of its own: a move booked online holds it in the diary, which other tests' quotes must not find full.
    moveDate: diaryDay(3),
    clientEstimate: { total: 661, distance: 49.8 },
    ...overrides,
  });

async function stored(overrides: Record<string, unknown> = {}): Promise<Made> {
  const sent = standard(overrides);
  const response = await call(API_PATHS.quote, sent);
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const token = new URL(answer.confirmationUrl, apiBase()).searchParams.get('t')!;
  return { reference: answer.reference, token, email: sent.email, moveDate: sent.moveDate };
}

const bookNow = (quote: Made) =>
  fetch(`${apiBase()}${BOOK_NOW_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: apiBase(), 'X-Test-Client': unique('client') },
    body: new URLSearchParams({ ref: quote.reference, t: quote.token }).toString(),
  });

const diaryEntry = (reference: string) =>
  query<{ status: string; created_by: string }>('SELECT status, created_by FROM diary_entries WHERE reference = ?', reference);

const SETTINGS = {
  businessName: 'Shiftly',
  tradingAddress: '14 Wharf Road\nLondon N1 7GR',
  phone: '020 7946 0321',
  alertsEmail: 'leads@shiftly.example',
  depositPercent: '25',
  balanceDueDays: '7',
  arrivalWindows: '08-10\n10-12\n12-14\n14-16',
  instantBooking: 'on',
  instantMaxSize: 'three-bed',
  instantMaxMiles: '100',
};
const saveSettings = (fields: Partial<typeof SETTINGS>) => officePost(OFFICE_PATHS.settings, { ...SETTINGS, ...fields });

afterAll(async () => {
  expect((await saveSettings({})).status).toBe(303);
});

describe('a standard move booked and paid in one sitting', () => {
  it('the estimate is the price, Checkout takes the deposit to the penny, and the webhook books it with its day held and a task', async () => {
    const quote = await stored();
    const started = await bookNow(quote);
    expect(started.status).toBe(303);
    const { sessionId } = checkoutAt(new URL(started.headers.get('location')!));
    const session = await stripeApi<{ amount_total: number; currency: string }>(`/v1/checkout/sessions/${sessionId}`);
    expect([session.amount_total, session.currency]).toEqual([DEPOSIT_PENCE, 'gbp']);
    expect(
      query('SELECT total_pence, deposit_pence, discount_pence, code FROM written_quotes WHERE reference = ?', quote.reference),
    ).toEqual([{ total_pence: TOTAL_PENCE, deposit_pence: DEPOSIT_PENCE, discount_pence: 6_610, code: 'FIRSTMOVE10' }]);
    // The day is held while the customer pays.
    expect(diaryEntry(quote.reference)).toEqual([{ status: 'held', created_by: 'booked online by the customer' }]);

    // Pressed again (a second tab, Back): the same session, nothing new stored.
    const again = await bookNow(quote);
    expect(checkoutAt(new URL(again.headers.get('location')!)).sessionId).toBe(sessionId);
    expect(query('SELECT COUNT(*) AS n FROM written_quotes WHERE reference = ?', quote.reference)).toEqual([{ n: 1 }]);

    await pressPay(sessionId);
    await deliveredEvent(sessionId);
    await expect.poll(() => quoteStatus(quote.reference), { timeout: 20_000, interval: 100 }).toBe('booked');
    const tasks = await rowsWhen(
      () => query<{ kind: string; detail: string }>('SELECT kind, detail FROM office_tasks WHERE record_reference = ?', quote.reference),
      (rows) => rows.some((row) => row.kind === 'instant_booking'),
    );
    expect(tasks.filter((row) => row.kind === 'instant_booking')).toHaveLength(1);
    expect(query('SELECT amount_pence, status FROM payments WHERE reference = ?', quote.reference)).toEqual([
      { amount_pence: DEPOSIT_PENCE, status: 'paid' },
    ]);
    expect(diaryEntry(quote.reference)).toEqual([{ status: 'held', created_by: 'booked online by the customer' }]);
    // Booked: the offer is gone.
    const late = await bookNow(quote);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(INSTANT_WORDS.notNow);
  });

  it('without JavaScript: the plain form’s “Book and pay the deposit now” stores the quote and goes straight to Checkout', async () => {
    const sent = standard();
    const fields = {
      ...BLANK_QUOTE_FORM,
      action: 'book',
      propertyId: 'two-bed',
      fromPostcode: sent.fromPostcode,
      toPostcode: sent.toPostcode,
      ...ADDRESSES,
      moveDate: sent.moveDate,
      name: 'Ada Lovelace',
      email: sent.email,
      phone: '07700 900123',
      promoCode: 'FIRSTMOVE10',
      idempotencyKey: unique('plain'),
    } as Record<string, string | string[]>;
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    const post = () =>
      call(PAGE_PATHS.quote, body.toString(), { contentType: FORM, client: unique('form'), headers: { Origin: apiBase() } });
    const response = await post();
    expect(response.status).toBe(303);
    const { sessionId } = checkoutAt(new URL(response.headers.get('location')!));
    const session = await stripeApi<{ amount_total: number; client_reference_id: string }>(`/v1/checkout/sessions/${sessionId}`);
    expect(session.amount_total).toBe(DEPOSIT_PENCE);
    // Back, then the same button: one quote, the same Checkout.
    const twice = await post();
    expect(checkoutAt(new URL(twice.headers.get('location')!)).sessionId).toBe(sessionId);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE email = ?', sent.email)).toEqual([{ n: 1 }]);
  });

  it('the move page offers it until a written quote is sent, and only for a standard move', async () => {
    const page = async (quote: Made) =>
      (await fetch(`${apiBase()}${PAGE_PATHS.confirmation}?${new URLSearchParams({ ref: quote.reference, t: quote.token })}`)).text();
    const offered = await page(await stored());
    expect(offered).toContain(`action="${BOOK_NOW_PATH}"`);
    expect(offered).toContain(INSTANT_WORDS.button);
    const far = await page(await stored({ toPostcode: 'M1 1AE', toAddress: '1 Piccadilly, Manchester' }));
    expect(far).not.toContain(INSTANT_WORDS.button);
  });

  it('a session that expires unpaid lets the day go in the diary', async () => {
    const quote = await stored();
    const started = await bookNow(quote);
    const { sessionId } = checkoutAt(new URL(started.headers.get('location')!));
    expect(diaryEntry(quote.reference)).toHaveLength(1);
    expect((await fetch(`${stripeUrl()}/sessions/${sessionId}/lapse`, { method: 'POST' })).status).toBe(200);
    await takenEvents(sessionId, 'checkout.session.expired');
    await rowsWhen(
      () => diaryEntry(quote.reference),
      (rows) => rows.length === 0,
    );
    expect(quoteStatus(quote.reference)).toBe('quoted');
  });
});

describe('what is not standard asks for a written quote', () => {
  it('a move further than the owner’s limit, or bigger, is refused with its reason and nothing is stored', async () => {
    // SW1A 1AA to M1 1AE: 162.74 miles, beyond the 100 allowed until the owner says otherwise.
    const far = await stored({ toPostcode: 'M1 1AE', toAddress: '1 Piccadilly, Manchester' });
    const refused = await bookNow(far);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(INSTANT_WORDS.distance);
    expect(query('SELECT 1 FROM written_quotes WHERE reference = ?', far.reference)).toEqual([]);
    expect(diaryEntry(far.reference)).toEqual([]);

    const noAddress = await stored({ toAddress: undefined });
    expect(await (await bookNow(noAddress)).text()).toContain(INSTANT_WORDS.addresses);

    expect((await saveSettings({ instantMaxSize: 'studio' })).status).toBe(303);
    const big = await stored();
    expect(await (await bookNow(big)).text()).toContain(INSTANT_WORDS.size);
  });

  it('the owner switches booking online off', async () => {
    expect((await saveSettings({ instantBooking: 'off' })).status).toBe(303);
    const quote = await stored();
    const refused = await bookNow(quote);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(INSTANT_WORDS.off);
    expect((await saveSettings({})).status).toBe(303);
  });
});
